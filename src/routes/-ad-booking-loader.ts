import type { QueryClient } from '@tanstack/react-query';
import { packagesByCodesQuery } from '@/api/commerce';
import { AD_PACKAGE_CODES } from '@/lib/adPackages';
import { pageTitle } from '@/lib/site';

/**
 * The booking page's loader, split with its page: the server waits for the ad packages so the first HTML lists the
 * venues and their prices; the browser only starts the fetch. Answers the page's head.
 */
export function loadAdBookingPage(context: { queryClient: QueryClient; countryCode: () => string }) {
  const prefetch = context.queryClient.prefetchQuery(
    packagesByCodesQuery(AD_PACKAGE_CODES, context.countryCode()),
  );
  const head = {
    meta: [
      { title: pageTitle('Book an ad') },
      {
        name: 'description',
        content: 'Book screen time on the VR bays of our partner venues, by device and day.',
      },
    ],
  };
  return import.meta.env.SSR ? prefetch.then(() => head) : head;
}
