import { createFileRoute } from '@tanstack/react-router';
import { productHead } from '../features/catalogue/productTypes';
import { loadProductPage } from './-product-loader';
import { HomeRoute } from './-product-route';

export const Route = createFileRoute('/')({
  head: () => productHead('/'),
  loader: ({ context }) => loadProductPage('/', context),
  component: HomeRoute,
});
