import { type FetchQueryOptions, type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { catalogueKeys, catalogueSchemas, type NotifyMeContact, type NotifyMeResult } from './commerce';
import { isOnline } from './online';

/*
 * The commerce service's catalogue calls that a page makes once it is live (the availability machine's fresh
 * details and last sale, notify-me): they load with the code that makes them, not with every page's first load
 * as ./commerce.ts does.
 */

/** One package's details (fresh stock), as sold in a country. */
export function packageByIdQuery(packageId: number, countryCode: string) {
  return queryOptions({
    queryKey: catalogueKeys.packageById(packageId, countryCode),
    queryFn: async ({ signal }) => {
      const { package: pkg } = await apiRequest({
        service: 'commerce',
        path: `/packages/${packageId}/v1/`,
        query: { country_name_enum: countryCode },
        schema: () => catalogueSchemas().then((schemas) => schemas.packageResponseSchema),
        auth: false,
        signal,
      });
      return pkg;
    },
    // Stock is what this read is for: always ask again when the machine asks.
    staleTime: 0,
  });
}

export function lastSaleQuery(packageId: number) {
  return queryOptions({
    queryKey: catalogueKeys.lastSale(packageId),
    queryFn: ({ signal }) =>
      apiRequest({
        service: 'commerce',
        path: `/packages/${packageId}/last_sale/v1/`,
        schema: () => catalogueSchemas().then((schemas) => schemas.lastSaleResponseSchema),
        auth: false,
        signal,
      }),
  });
}

/** POST notify-me: stored once per contact and package on the server. */
export function requestNotifyMe(
  packageId: number,
  contact: NotifyMeContact,
  countryCode: string,
): Promise<NotifyMeResult> {
  return apiRequest({
    service: 'commerce',
    path: `/packages/${packageId}/notify_me/v1/`,
    method: 'POST',
    body: { ...contact, country_name_enum: countryCode },
    schema: () => catalogueSchemas().then((schemas) => schemas.notifyMeResponseSchema),
    auth: false,
  });
}

/** POST the book-a-demo notify-me: stored once per contact on the server (only while the flag is on). */
export function requestDemoNotifyMe(contact: NotifyMeContact, countryCode: string) {
  return apiRequest({
    service: 'commerce',
    path: '/book_a_demo/notify_me/v1/',
    method: 'POST',
    body: { ...contact, country_name_enum: countryCode },
    schema: () => catalogueSchemas().then((schemas) => schemas.demoNotifyMeResponseSchema),
    auth: false,
  });
}

/** For useMutation: `useMutation(notifyMeMutation())`. */
export function notifyMeMutation() {
  return {
    mutationKey: ['catalogue', 'notifyMe'] as const,
    mutationFn: (variables: { packageId: number; contact: NotifyMeContact; countryCode: string }) =>
      requestNotifyMe(variables.packageId, variables.contact, variables.countryCode),
  };
}

/**
 * fetchQuery for the machines' actors: offline, the last known (persisted) data answers at once
 * instead of a request that would pause until the connection returns; with nothing cached the call
 * runs and fails as a network error, so the machine reaches its failed state and offers a retry.
 */
export async function fetchCatalogue<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  /** Offline, what another kept list knows of the same data when this query has none. */
  lastKnown?: () => TData | undefined,
): Promise<TData> {
  if (!isOnline()) {
    const cached = queryClient.getQueryData<TData>(options.queryKey) ?? lastKnown?.();
    if (cached !== undefined) return cached;
  }
  return queryClient.fetchQuery({ ...options, networkMode: 'always' });
}
