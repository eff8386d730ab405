import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { ProductRoute } from './-product-route';

export const Route = createFileRoute('/ibc-game')({
  head: () => productHead('/ibc-game'),
  component: IbcGamePage,
});

function IbcGamePage() {
  return <ProductRoute path="/ibc-game" />;
}
