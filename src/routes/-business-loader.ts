import type { QueryClient } from '@tanstack/react-query';
import { packagesByCodesQuery } from '@/api/commerce';
import { AD_PACKAGE_CODES, type BusinessPageKey, businessHead, PAGE_CODES } from '@/features/business/pages';

/**
 * The business routes' loader, split from the first-load route tree with the page (their routes' codeSplitGroupings):
 * like the product pages', the server waits for the prices so the first HTML has them; the browser only starts the
 * fetch. It answers the page's head, which the route's head() reads from the loader's data.
 */
export function loadBusinessPage(
  page: BusinessPageKey,
  context: { queryClient: QueryClient; countryCode: () => string },
): ReturnType<typeof businessHead> | Promise<ReturnType<typeof businessHead>> {
  const lists = page === 'business' ? [PAGE_CODES[page], AD_PACKAGE_CODES] : [PAGE_CODES[page]];
  const prefetch = Promise.all(
    lists.map((codes) =>
      context.queryClient.prefetchQuery(packagesByCodesQuery(codes, context.countryCode())),
    ),
  );
  const head = businessHead(page);
  return import.meta.env.SSR ? prefetch.then(() => head) : head;
}
