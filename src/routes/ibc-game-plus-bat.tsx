import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { loadProductPage } from './-product-loader';
import { ProductRoute } from './-product-route';

export const Route = createFileRoute('/ibc-game-plus-bat')({
  head: () => productHead('/ibc-game-plus-bat'),
  loader: ({ context }) => loadProductPage('/ibc-game-plus-bat', context),
  component: IbcGamePlusBatPage,
});

function IbcGamePlusBatPage() {
  return <ProductRoute path="/ibc-game-plus-bat" />;
}
