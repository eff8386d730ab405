import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { loadProductPage } from './-product-loader';
import { ProductRoute } from './-product-route';

export const Route = createFileRoute('/ibc-game')({
  head: () => productHead('/ibc-game'),
  loader: ({ context }) => loadProductPage('/ibc-game', context),
  component: IbcGamePage,
});

function IbcGamePage() {
  return <ProductRoute path="/ibc-game" />;
}
