import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { ProductRoute } from './-product-route';

export const Route = createFileRoute('/ibc-game-plus-bat')({
  head: () => productHead('/ibc-game-plus-bat'),
  component: IbcGamePlusBatPage,
});

function IbcGamePlusBatPage() {
  return <ProductRoute path="/ibc-game-plus-bat" />;
}
