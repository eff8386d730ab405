import type {
  availablePriceEstimateResponseSchema,
  lastSaleResponseSchema,
  notifyMeResponseSchema,
  packagesAvailabilityConfigSchema,
} from '@contract/catalogue';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './client';
import { getApiConfig } from './config';
import { networkError } from './errors';

/*
 * The commerce service's calls, shared by every feature that needs them (catalogue, cart, checkout); those a page
 * makes only once it is live are in ./catalogueChecks.ts, off the first load.
 * Catalogue reads are TanStack Query options whose keys start with 'catalogue': the app persists
 * exactly those queries to IndexedDB, so a returning buyer sees the last known packages offline.
 * Country is part of every priced key, so a currency switch fetches its own entries.
 */

/** The contract's schemas load with the first response to check, so zod stays off a page's first load. */
export const catalogueSchemas = () => import('@contract/catalogue');

export type AvailablePackages = z.infer<typeof availablePriceEstimateResponseSchema>;
export type LastSale = z.infer<typeof lastSaleResponseSchema>;
export type NotifyMeResult = z.infer<typeof notifyMeResponseSchema>;
export type AvailabilityConfig = z.infer<typeof packagesAvailabilityConfigSchema>;
/** One way to reach the buyer: an e-mail id or an E.164 mobile number (contract notifyMeRequestSchema). */
export type NotifyMeContact = { email: string } | { phone_number: string };

export const catalogueKeys = {
  all: ['catalogue'] as const,
  packagesByCodes: (codes: readonly string[], countryCode: string) =>
    ['catalogue', 'packages', 'byCodes', countryCode, [...codes]] as const,
  packageById: (packageId: number, countryCode: string) =>
    ['catalogue', 'packages', 'byId', packageId, countryCode] as const,
  lastSale: (packageId: number) => ['catalogue', 'lastSale', packageId] as const,
  availabilityConfig: () => ['catalogue', 'availabilityConfig'] as const,
};

/**
 * GET the packages with their prices and estimates as sold in one country (spec §7 price estimate).
 * `fresh`: past the service worker's cache, for a caller that must record only prices the server confirmed.
 */
export function fetchAvailablePackages(
  codes: readonly string[],
  countryCode: string,
  { signal, fresh = false }: { signal?: AbortSignal; fresh?: boolean } = {},
): Promise<AvailablePackages> {
  return apiRequest({
    service: 'commerce',
    path: '/packages/available/price_estimate/v1/',
    query: { package_codes: codes.join(','), country_name_enum: countryCode },
    schema: () => catalogueSchemas().then((schemas) => schemas.availablePriceEstimateResponseSchema),
    auth: false,
    ...(fresh ? { headers: { 'Cache-Control': 'no-cache' } } : {}),
    signal,
  });
}

/** The page's packages with prices and the package-level estimate, for one country (price_estimate endpoint). */
export function packagesByCodesQuery(codes: readonly string[], countryCode: string) {
  return queryOptions({
    queryKey: catalogueKeys.packagesByCodes(codes, countryCode),
    queryFn: ({ signal }) => fetchAvailablePackages(codes, countryCode, { signal }),
  });
}

/**
 * The last known packages of `codes` in a country from the catalogue lists kept on the device (a page's own, or the
 * product line's), each from the freshest list holding it; `updatedAt` is when the oldest of them was fetched.
 * Undefined when a code is in none of them: nothing is made up.
 */
export function lastKnownPackages(
  queryClient: QueryClient,
  codes: readonly string[],
  countryCode: string,
): { data: AvailablePackages; updatedAt: number } | undefined {
  const lists = queryClient
    .getQueryCache()
    .findAll({ queryKey: ['catalogue', 'packages', 'byCodes', countryCode] })
    .filter((query) => query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const packages: AvailablePackages['packages'] = [];
  let updatedAt = Number.POSITIVE_INFINITY;
  let currency: AvailablePackages['currency'] | undefined;
  for (const code of codes) {
    const list = lists.find((query) =>
      (query.state.data as AvailablePackages).packages.some((p) => p.package_code === code),
    );
    if (!list) return undefined;
    const data = list.state.data as AvailablePackages;
    const found = data.packages.find((p) => p.package_code === code);
    if (found) packages.push(found);
    currency = data.currency;
    updatedAt = Math.min(updatedAt, list.state.dataUpdatedAt);
  }
  if (!currency) return undefined;
  return { data: { country_code: countryCode, currency, packages }, updatedAt };
}

/** The last known details of one package in a country, from the freshest catalogue list kept that holds it. */
export function lastKnownPackage(
  queryClient: QueryClient,
  packageId: number,
  countryCode: string,
): AvailablePackages['packages'][number] | undefined {
  const lists = queryClient
    .getQueryCache()
    .findAll({ queryKey: ['catalogue', 'packages', 'byCodes', countryCode] })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const list of lists) {
    const found = (list.state.data as AvailablePackages | undefined)?.packages.find(
      (p) => p.package_id === packageId,
    );
    if (found) return found;
  }
  return undefined;
}

function configUrl(): string {
  return `${getApiConfig().origins.commerce}/config/packagesAvailabilityConfig.json`;
}

/** Which package is sold where: says "currently available in" for a package the buyer's country lacks. */
export function availabilityConfigQuery() {
  return queryOptions({
    queryKey: catalogueKeys.availabilityConfig(),
    queryFn: async ({ signal }) => {
      let response: Response;
      try {
        response = await fetch(configUrl(), { signal, headers: { Accept: 'application/json' } });
      } catch (error) {
        if (signal.aborted) throw error;
        throw networkError(error);
      }
      if (!response.ok) throw new Error(`availability config: HTTP ${response.status}`);
      const body: unknown = await response.json();
      return (await catalogueSchemas()).packagesAvailabilityConfigSchema.parse(body);
    },
    staleTime: 5 * 60_000,
  });
}
