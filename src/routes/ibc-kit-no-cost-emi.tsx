import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { ProductRoute } from './-product-route';

export const Route = createFileRoute('/ibc-kit-no-cost-emi')({
  head: () => productHead('/ibc-kit-no-cost-emi'),
  component: IbcKitNoCostEmiPage,
});

function IbcKitNoCostEmiPage() {
  return <ProductRoute path="/ibc-kit-no-cost-emi" />;
}
