import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { loadProductPage } from './-product-loader';
import { ProductRoute } from './-product-route';

export const Route = createFileRoute('/ibc-kit-no-cost-emi')({
  head: () => productHead('/ibc-kit-no-cost-emi'),
  loader: ({ context }) => loadProductPage('/ibc-kit-no-cost-emi', context),
  component: IbcKitNoCostEmiPage,
});

function IbcKitNoCostEmiPage() {
  return <ProductRoute path="/ibc-kit-no-cost-emi" />;
}
