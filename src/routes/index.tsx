import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { HomeRoute } from './-product-route';

export const Route = createFileRoute('/')({
  head: () => productHead('/'),
  component: HomeRoute,
});
