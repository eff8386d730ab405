import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { ProductRoute } from './-product-route';

export const Route = createFileRoute('/custom-designed-bat')({
  head: () => productHead('/custom-designed-bat'),
  component: CustomDesignedBatPage,
});

function CustomDesignedBatPage() {
  return <ProductRoute path="/custom-designed-bat" />;
}
