import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { ProductRoute } from './-product-route';

export const Route = createFileRoute('/ibc-kit')({
  head: () => productHead('/ibc-kit'),
  component: IbcKitPage,
});

function IbcKitPage() {
  return <ProductRoute path="/ibc-kit" />;
}
