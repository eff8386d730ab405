import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { loadProductPage } from './-product-loader';
import { ProductRoute } from './-product-route';

export const Route = createFileRoute('/custom-designed-bat')({
  head: () => productHead('/custom-designed-bat'),
  loader: ({ context }) => loadProductPage('/custom-designed-bat', context),
  component: CustomDesignedBatPage,
});

function CustomDesignedBatPage() {
  return <ProductRoute path="/custom-designed-bat" />;
}
