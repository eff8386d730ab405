import type { Package, PackageWithEstimate } from '@contract/catalogue';
import type { QueryClient } from '@tanstack/react-query';
import { assign, fromPromise, setup } from 'xstate';
import { fetchCatalogue, lastSaleQuery, packageByIdQuery, requestNotifyMe } from '@/api/catalogueChecks';
import {
  type LastSale,
  lastKnownPackage,
  lastKnownPackages,
  type NotifyMeContact,
  type NotifyMeResult,
  packagesByCodesQuery,
} from '@/api/commerce';

/*
 * The package availability machine of spec §4, one per package card, states named as the spec names them:
 * - fetchingPackageDetails: success → packagesOutOfStock if out of stock, else packagesInStock (where the
 *   buyer can go on to the cart and checkout); failure → fetchingPackageDetailsFailed, RETRY fetches again.
 * - packagesOutOfStock: fetchingLastSale → notifyMe; failure → fetchingLastSaleFailure, RETRY fetches again.
 *   NOTIFY_ME → notifyMePending → notifyMeSuccess (final) or notifyMeFailure, which takes NOTIFY_ME again.
 * - packagesInStock: fetchingPriceEstimate → readyToPurchase or fetchingPriceEstimateFailed (RETRY);
 *   FETCH_PRICE_ESTIMATE asks for a new estimate (e.g. the connection came back).
 * Beyond the spec: REFRESH starts over from fetchingPackageDetails, sent when the catalogue learnt that
 * the package's stock changed (an operator's change arrives with a refetch).
 * The I/O is in invoked actors so a test can provide fake ones; the real ones go through the query
 * client, so their answers are cached and persisted with the rest of the catalogue.
 */

export interface PackageAvailabilityInput {
  packageId: number;
  packageCode: string;
  countryCode: string;
  /** Every package code of the page: the estimate is read for the page at once, then picked. */
  pageCodes?: readonly string[];
  /**
   * The package as the list that came with the server-rendered page read it (its details and estimate, as current
   * as the catalogue's version): the machine starts from it instead of asking again, so the page's first HTML and
   * its hydration show the buy action ready. Used once: REFRESH and RETRY always ask the server.
   */
  listed?: PackageWithEstimate;
}

export interface PackageAvailabilityContext {
  packageId: number;
  packageCode: string;
  countryCode: string;
  pageCodes: readonly string[];
  packageDetails: Package | null;
  priceEstimate: PackageWithEstimate | null;
  lastSale: LastSale | null;
  notifyMeResult: NotifyMeResult | null;
  /** The error of the last failed step (details, estimate, last sale or notify-me). */
  error: unknown;
  /** The server-rendered list's package, until the machine has started from it (see the input). */
  listed: PackageWithEstimate | null;
}

export type PackageAvailabilityEvent =
  | { type: 'RETRY' }
  | { type: 'NOTIFY_ME'; contact: NotifyMeContact }
  | { type: 'FETCH_PRICE_ESTIMATE' }
  | { type: 'REFRESH' };

export class PackageNotSoldError extends Error {
  override readonly name = 'PackageNotSoldError';
  constructor(
    readonly packageCode: string,
    readonly countryCode: string,
  ) {
    super(`${packageCode} is not sold in ${countryCode}`);
  }
}

export const packageAvailabilityMachine = setup({
  types: {
    context: {} as PackageAvailabilityContext,
    events: {} as PackageAvailabilityEvent,
    input: {} as PackageAvailabilityInput,
  },
  actors: {
    fetchPackageDetails: fromPromise<Package, { packageId: number; countryCode: string }>(async () => {
      throw new Error('fetchPackageDetails is not provided');
    }),
    fetchPriceEstimate: fromPromise<
      PackageWithEstimate,
      { packageCode: string; countryCode: string; pageCodes: readonly string[] }
    >(async () => {
      throw new Error('fetchPriceEstimate is not provided');
    }),
    fetchLastSale: fromPromise<LastSale, { packageId: number }>(async () => {
      throw new Error('fetchLastSale is not provided');
    }),
    notifyMe: fromPromise<
      NotifyMeResult,
      { packageId: number; countryCode: string; contact: NotifyMeContact }
    >(async () => {
      throw new Error('notifyMe is not provided');
    }),
  },
}).createMachine({
  id: 'packageAvailability',
  context: ({ input }) => ({
    packageId: input.packageId,
    packageCode: input.packageCode,
    countryCode: input.countryCode,
    pageCodes: input.pageCodes ?? [input.packageCode],
    packageDetails: null,
    priceEstimate: null,
    lastSale: null,
    notifyMeResult: null,
    error: null,
    listed: input.listed ?? null,
  }),
  initial: 'fetchingPackageDetails',
  on: {
    REFRESH: { target: '.fetchingPackageDetails' },
  },
  states: {
    fetchingPackageDetails: {
      // The details and the estimate the page was rendered with answer both steps at once.
      always: [
        {
          guard: ({ context }) => context.listed?.is_out_of_stock === true,
          target: 'packagesOutOfStock',
          actions: assign({ packageDetails: ({ context }) => context.listed, listed: null }),
        },
        {
          guard: ({ context }) => context.listed !== null,
          target: 'packagesInStock.readyToPurchase',
          actions: assign({
            packageDetails: ({ context }) => context.listed,
            priceEstimate: ({ context }) => context.listed,
            listed: null,
          }),
        },
      ],
      invoke: {
        src: 'fetchPackageDetails',
        input: ({ context }) => ({ packageId: context.packageId, countryCode: context.countryCode }),
        onDone: [
          {
            guard: ({ event }) => event.output.is_out_of_stock,
            target: 'packagesOutOfStock',
            actions: assign({ packageDetails: ({ event }) => event.output, error: null }),
          },
          {
            target: 'packagesInStock',
            actions: assign({ packageDetails: ({ event }) => event.output, error: null }),
          },
        ],
        onError: {
          target: 'fetchingPackageDetailsFailed',
          actions: assign({ error: ({ event }) => event.error }),
        },
      },
    },
    fetchingPackageDetailsFailed: {
      on: { RETRY: 'fetchingPackageDetails' },
    },
    packagesOutOfStock: {
      initial: 'fetchingLastSale',
      states: {
        fetchingLastSale: {
          invoke: {
            src: 'fetchLastSale',
            input: ({ context }) => ({ packageId: context.packageId }),
            onDone: {
              target: 'notifyMe',
              actions: assign({ lastSale: ({ event }) => event.output, error: null }),
            },
            onError: {
              target: 'fetchingLastSaleFailure',
              actions: assign({ error: ({ event }) => event.error }),
            },
          },
        },
        fetchingLastSaleFailure: {
          on: { RETRY: 'fetchingLastSale' },
        },
        notifyMe: {
          on: { NOTIFY_ME: 'notifyMePending' },
        },
        notifyMePending: {
          invoke: {
            src: 'notifyMe',
            input: ({ context, event }) => ({
              packageId: context.packageId,
              countryCode: context.countryCode,
              contact: (event as Extract<PackageAvailabilityEvent, { type: 'NOTIFY_ME' }>).contact,
            }),
            onDone: {
              target: 'notifyMeSuccess',
              actions: assign({ notifyMeResult: ({ event }) => event.output, error: null }),
            },
            onError: {
              target: 'notifyMeFailure',
              actions: assign({ error: ({ event }) => event.error }),
            },
          },
        },
        notifyMeSuccess: { type: 'final' },
        notifyMeFailure: {
          on: { NOTIFY_ME: 'notifyMePending' },
        },
      },
    },
    packagesInStock: {
      initial: 'fetchingPriceEstimate',
      states: {
        fetchingPriceEstimate: {
          invoke: {
            src: 'fetchPriceEstimate',
            input: ({ context }) => ({
              packageCode: context.packageCode,
              countryCode: context.countryCode,
              pageCodes: context.pageCodes,
            }),
            onDone: [
              {
                // The estimate is newer than the details: stock may have run out in between.
                guard: ({ event }) => event.output.is_out_of_stock,
                target: '#packageAvailability.packagesOutOfStock',
                actions: assign({ priceEstimate: ({ event }) => event.output, error: null }),
              },
              {
                target: 'readyToPurchase',
                actions: assign({ priceEstimate: ({ event }) => event.output, error: null }),
              },
            ],
            onError: {
              target: 'fetchingPriceEstimateFailed',
              actions: assign({ error: ({ event }) => event.error }),
            },
          },
        },
        fetchingPriceEstimateFailed: {
          on: { RETRY: 'fetchingPriceEstimate' },
        },
        readyToPurchase: {
          on: { FETCH_PRICE_ESTIMATE: 'fetchingPriceEstimate' },
        },
      },
    },
  },
});

/** How old a list of the page's packages fetched by this page may be and still serve as a card's estimate. */
export const PRICE_ESTIMATE_REUSE_MS = 10_000;

/** The real actors: every read goes through the query client (cached, persisted, deduplicated). */
export function packageAvailabilityActors(queryClient: QueryClient) {
  return {
    fetchPackageDetails: fromPromise<Package, { packageId: number; countryCode: string }>(({ input }) =>
      fetchCatalogue(queryClient, packageByIdQuery(input.packageId, input.countryCode), () =>
        lastKnownPackage(queryClient, input.packageId, input.countryCode),
      ),
    ),
    fetchPriceEstimate: fromPromise<
      PackageWithEstimate,
      { packageCode: string; countryCode: string; pageCodes: readonly string[] }
    >(async ({ input }) => {
      // Asked of the server when online, unless this page fetched the list moments ago (on a first load the list
      // and the cards' details arrive together). A list restored from an earlier visit is always asked again,
      // however recent: the stock may have changed since.
      const { packages } = await fetchCatalogue(
        queryClient,
        {
          ...packagesByCodesQuery(input.pageCodes, input.countryCode),
          staleTime: (query) =>
            query.state.dataUpdatedAt >= performance.timeOrigin ? PRICE_ESTIMATE_REUSE_MS : 0,
        },
        () => lastKnownPackages(queryClient, input.pageCodes, input.countryCode)?.data,
      );
      const found = packages.find((p) => p.package_code === input.packageCode);
      if (!found) throw new PackageNotSoldError(input.packageCode, input.countryCode);
      return found;
    }),
    fetchLastSale: fromPromise<LastSale, { packageId: number }>(({ input }) =>
      fetchCatalogue(queryClient, lastSaleQuery(input.packageId)),
    ),
    notifyMe: fromPromise<
      NotifyMeResult,
      { packageId: number; countryCode: string; contact: NotifyMeContact }
    >(({ input }) => requestNotifyMe(input.packageId, input.contact, input.countryCode)),
  };
}
