import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { ProductRoute } from './-product-route';

export const Route = createFileRoute('/ibc-steam-game')({
  head: () => productHead('/ibc-steam-game'),
  component: IbcSteamGamePage,
});

function IbcSteamGamePage() {
  return <ProductRoute path="/ibc-steam-game" />;
}
