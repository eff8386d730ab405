import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { loadProductPage } from './-product-loader';
import { ProductRoute } from './-product-route';

export const Route = createFileRoute('/ibc-kit')({
  head: () => productHead('/ibc-kit'),
  loader: ({ context }) => loadProductPage('/ibc-kit', context),
  component: IbcKitPage,
});

function IbcKitPage() {
  return <ProductRoute path="/ibc-kit" />;
}
