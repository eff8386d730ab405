import type { QueryClient } from '@tanstack/react-query';
import { packagesByCodesQuery } from '@/api/commerce';

/**
 * The business routes' loader, apart from their components so the first-load route tree carries only this: like the
 * product pages', the server waits for the prices so the first HTML has them; the browser only starts the fetch.
 */
export function loadBusinessPage(
  codes: readonly string[],
  context: { queryClient: QueryClient; countryCode: () => string },
): Promise<void> | undefined {
  const prefetch = context.queryClient.prefetchQuery(packagesByCodesQuery(codes, context.countryCode()));
  return import.meta.env.SSR ? prefetch : undefined;
}
