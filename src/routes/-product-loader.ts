import type { QueryClient } from '@tanstack/react-query';
import { packagesByCodesQuery } from '@/api/commerce';
import { PRODUCT_PAGES, type ProductPath } from '@/features/catalogue/productTypes';

/**
 * The product routes' loader: the page's packages in the buyer's currency. The server waits for them, so the first
 * HTML carries the live prices (and the query cache sent with it spares the browser the fetch); the browser only
 * starts the fetch early and shows the page at once, its cards filling in when the list arrives.
 */
export function loadProductPage(
  path: ProductPath,
  context: { queryClient: QueryClient; countryCode: () => string },
): Promise<void> | undefined {
  const prefetch = context.queryClient.prefetchQuery(
    packagesByCodesQuery(PRODUCT_PAGES[path].packageCodes, context.countryCode()),
  );
  return import.meta.env.SSR ? prefetch : undefined;
}
