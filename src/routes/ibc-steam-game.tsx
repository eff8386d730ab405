import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { loadProductPage } from './-product-loader';
import { ProductRoute } from './-product-route';

export const Route = createFileRoute('/ibc-steam-game')({
  head: () => productHead('/ibc-steam-game'),
  loader: ({ context }) => loadProductPage('/ibc-steam-game', context),
  component: IbcSteamGamePage,
});

function IbcSteamGamePage() {
  return <ProductRoute path="/ibc-steam-game" />;
}
