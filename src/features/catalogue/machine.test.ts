import type { Package, PackageWithEstimate } from '@contract/catalogue';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type LastSale,
  type NotifyMeContact,
  type NotifyMeResult,
  packagesByCodesQuery,
} from '@/api/commerce';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { leafState, startingState } from './availability';
import { PRICE_ESTIMATE_REUSE_MS, packageAvailabilityActors, packageAvailabilityMachine } from './machine';
import { packageFixture } from './testData';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Fake actors whose every call waits for the test to settle it. */
function harness(listed?: PackageWithEstimate) {
  const calls = {
    details: [] as Deferred<Package>[],
    estimate: [] as Deferred<PackageWithEstimate>[],
    lastSale: [] as Deferred<LastSale>[],
    notifyMe: [] as { contact: NotifyMeContact; d: Deferred<NotifyMeResult> }[],
  };
  const machine = packageAvailabilityMachine.provide({
    actors: {
      fetchPackageDetails: fromPromise<Package, { packageId: number; countryCode: string }>(() => {
        const d = deferred<Package>();
        calls.details.push(d);
        return d.promise;
      }),
      fetchPriceEstimate: fromPromise<
        PackageWithEstimate,
        { packageCode: string; countryCode: string; pageCodes: readonly string[] }
      >(() => {
        const d = deferred<PackageWithEstimate>();
        calls.estimate.push(d);
        return d.promise;
      }),
      fetchLastSale: fromPromise<LastSale, { packageId: number }>(() => {
        const d = deferred<LastSale>();
        calls.lastSale.push(d);
        return d.promise;
      }),
      notifyMe: fromPromise<
        NotifyMeResult,
        { packageId: number; countryCode: string; contact: NotifyMeContact }
      >(({ input }) => {
        const d = deferred<NotifyMeResult>();
        calls.notifyMe.push({ contact: input.contact, d });
        return d.promise;
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      packageId: 10,
      packageCode: 'SOLO',
      countryCode: 'IN',
      pageCodes: ['SOLO', 'FAMILY'],
      ...(listed ? { listed } : {}),
    },
  }).start();
  const state = () => leafState(actor.getSnapshot().value as string | Record<string, unknown>);
  return { actor, calls, state };
}

const inStock = packageFixture();
const outOfStock = packageFixture({ is_out_of_stock: true });
const lastSale: LastSale = {
  package_id: 10,
  package_code: 'SOLO',
  last_sale_datetime: '2026-11-01T10:00:00.000Z',
  units_sold_last_30_days: 3,
  expected_restock_date: null,
};
const contact = { email: 'buyer@example.com' };

describe('package availability machine (spec §4 Package availability)', () => {
  it('starts in fetchingPackageDetails and goes to packagesInStock → readyToPurchase', async () => {
    const { actor, calls, state } = harness();
    expect(state()).toBe('fetchingPackageDetails');
    expect(actor.getSnapshot().matches('fetchingPackageDetails')).toBe(true);
    calls.details[0]?.resolve(inStock);
    await vi.waitFor(() =>
      expect(actor.getSnapshot().matches({ packagesInStock: 'fetchingPriceEstimate' })).toBe(true),
    );
    calls.estimate[0]?.resolve(inStock);
    await vi.waitFor(() =>
      expect(actor.getSnapshot().matches({ packagesInStock: 'readyToPurchase' })).toBe(true),
    );
    expect(actor.getSnapshot().context.priceEstimate?.price_estimate.total_amount).toBe(42994);
    expect(actor.getSnapshot().context.packageDetails?.package_code).toBe('SOLO');
  });

  it('starts from the package of a server-rendered list: ready to purchase at once, asking nothing', () => {
    const { actor, calls, state } = harness(inStock);
    expect(state()).toBe('readyToPurchase');
    expect(actor.getSnapshot().context.priceEstimate?.price_estimate.total_amount).toBe(42994);
    expect(calls.details).toHaveLength(0);
    expect(calls.estimate).toHaveLength(0);
  });

  it('a server-rendered list that says out of stock goes to the last sale; REFRESH then asks the server', async () => {
    const { actor, calls, state } = harness(outOfStock);
    expect(state()).toBe('fetchingLastSale');
    expect(calls.details).toHaveLength(0);
    expect(calls.lastSale).toHaveLength(1);
    actor.send({ type: 'REFRESH' });
    await vi.waitFor(() => expect(state()).toBe('fetchingPackageDetails'));
    expect(calls.details).toHaveLength(1);
  });

  it.each([
    ['no list', undefined],
    ['an in-stock list', inStock],
    ['an out-of-stock list', outOfStock],
  ])('starts where a card painted before the machine loaded says it will, from %s', (_, listed) => {
    expect(harness(listed).state()).toBe(startingState(listed));
  });

  it('a failed details fetch goes to fetchingPackageDetailsFailed; RETRY fetches again', async () => {
    const { actor, calls, state } = harness();
    calls.details[0]?.reject(new Error('offline'));
    await vi.waitFor(() => expect(state()).toBe('fetchingPackageDetailsFailed'));
    expect((actor.getSnapshot().context.error as Error).message).toBe('offline');
    actor.send({ type: 'RETRY' });
    expect(state()).toBe('fetchingPackageDetails');
    expect(calls.details).toHaveLength(2);
    calls.details[1]?.resolve(inStock);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('packagesInStock')).toBe(true));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('estimate failure → fetchingPriceEstimateFailed; RETRY; a new estimate request fetches again', async () => {
    const { actor, calls, state } = harness();
    calls.details[0]?.resolve(inStock);
    await vi.waitFor(() => expect(calls.estimate).toHaveLength(1));
    calls.estimate[0]?.reject(new Error('timeout'));
    await vi.waitFor(() =>
      expect(actor.getSnapshot().matches({ packagesInStock: 'fetchingPriceEstimateFailed' })).toBe(true),
    );
    actor.send({ type: 'RETRY' });
    expect(state()).toBe('fetchingPriceEstimate');
    calls.estimate[1]?.resolve(inStock);
    await vi.waitFor(() => expect(state()).toBe('readyToPurchase'));
    actor.send({ type: 'FETCH_PRICE_ESTIMATE' });
    expect(state()).toBe('fetchingPriceEstimate');
    expect(calls.estimate).toHaveLength(3);
    calls.estimate[2]?.resolve(inStock);
    await vi.waitFor(() => expect(state()).toBe('readyToPurchase'));
  });

  it('an estimate that finds the package sold out moves to packagesOutOfStock', async () => {
    const { actor, calls } = harness();
    calls.details[0]?.resolve(inStock);
    await vi.waitFor(() => expect(calls.estimate).toHaveLength(1));
    calls.estimate[0]?.resolve(outOfStock);
    await vi.waitFor(() =>
      expect(actor.getSnapshot().matches({ packagesOutOfStock: 'fetchingLastSale' })).toBe(true),
    );
  });

  it('out of stock: fetchingLastSale → notifyMe → notifyMePending → notifyMeSuccess (final)', async () => {
    const { actor, calls, state } = harness();
    calls.details[0]?.resolve(outOfStock);
    await vi.waitFor(() =>
      expect(actor.getSnapshot().matches({ packagesOutOfStock: 'fetchingLastSale' })).toBe(true),
    );
    calls.lastSale[0]?.resolve(lastSale);
    await vi.waitFor(() => expect(state()).toBe('notifyMe'));
    expect(actor.getSnapshot().context.lastSale?.units_sold_last_30_days).toBe(3);
    // A RETRY or an estimate request means nothing here.
    actor.send({ type: 'RETRY' });
    actor.send({ type: 'FETCH_PRICE_ESTIMATE' });
    expect(state()).toBe('notifyMe');
    actor.send({ type: 'NOTIFY_ME', contact });
    expect(state()).toBe('notifyMePending');
    expect(calls.notifyMe[0]?.contact).toEqual(contact);
    calls.notifyMe[0]?.d.resolve({ notify_me_id: 1, package_code: 'SOLO', created: true });
    await vi.waitFor(() => expect(state()).toBe('notifyMeSuccess'));
    expect(actor.getSnapshot().context.notifyMeResult?.created).toBe(true);
    // Final: another NOTIFY_ME sends nothing.
    actor.send({ type: 'NOTIFY_ME', contact });
    expect(state()).toBe('notifyMeSuccess');
    expect(calls.notifyMe).toHaveLength(1);
  });

  it('last sale failure → fetchingLastSaleFailure; RETRY fetches again', async () => {
    const { calls, state, actor } = harness();
    calls.details[0]?.resolve(outOfStock);
    await vi.waitFor(() => expect(calls.lastSale).toHaveLength(1));
    calls.lastSale[0]?.reject(new Error('500'));
    await vi.waitFor(() => expect(state()).toBe('fetchingLastSaleFailure'));
    actor.send({ type: 'NOTIFY_ME', contact });
    expect(state()).toBe('fetchingLastSaleFailure');
    actor.send({ type: 'RETRY' });
    expect(state()).toBe('fetchingLastSale');
    calls.lastSale[1]?.resolve(lastSale);
    await vi.waitFor(() => expect(state()).toBe('notifyMe'));
  });

  it('notify-me failure → notifyMeFailure; NOTIFY_ME again can succeed', async () => {
    const { calls, state, actor } = harness();
    calls.details[0]?.resolve(outOfStock);
    await vi.waitFor(() => expect(calls.lastSale).toHaveLength(1));
    calls.lastSale[0]?.resolve(lastSale);
    await vi.waitFor(() => expect(state()).toBe('notifyMe'));
    actor.send({ type: 'NOTIFY_ME', contact: { phone_number: '+919876543210' } });
    calls.notifyMe[0]?.d.reject(new Error('Enter a valid email id'));
    await vi.waitFor(() => expect(state()).toBe('notifyMeFailure'));
    expect((actor.getSnapshot().context.error as Error).message).toBe('Enter a valid email id');
    actor.send({ type: 'NOTIFY_ME', contact });
    expect(state()).toBe('notifyMePending');
    calls.notifyMe[1]?.d.resolve({ notify_me_id: 2, package_code: 'SOLO', created: false });
    await vi.waitFor(() => expect(state()).toBe('notifyMeSuccess'));
  });

  it('REFRESH starts over from fetchingPackageDetails from any state', async () => {
    const { calls, state, actor } = harness();
    calls.details[0]?.resolve(inStock);
    await vi.waitFor(() => expect(calls.estimate).toHaveLength(1));
    calls.estimate[0]?.resolve(inStock);
    await vi.waitFor(() => expect(state()).toBe('readyToPurchase'));
    actor.send({ type: 'REFRESH' });
    expect(state()).toBe('fetchingPackageDetails');
    calls.details[1]?.resolve(outOfStock);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('packagesOutOfStock')).toBe(true));
  });

  it('passes the page codes and country to the estimate, the package id to the others', async () => {
    const seen: unknown[] = [];
    const machine = packageAvailabilityMachine.provide({
      actors: {
        fetchPackageDetails: fromPromise<Package, { packageId: number; countryCode: string }>(
          async ({ input }) => {
            seen.push(input);
            return inStock;
          },
        ),
        fetchPriceEstimate: fromPromise<
          PackageWithEstimate,
          { packageCode: string; countryCode: string; pageCodes: readonly string[] }
        >(async ({ input }) => {
          seen.push(input);
          return inStock;
        }),
      },
    });
    const actor = createActor(machine, {
      input: { packageId: 7, packageCode: 'BAT', countryCode: 'US' },
    }).start();
    await waitFor(actor, (s) => s.matches({ packagesInStock: 'readyToPurchase' }));
    expect(seen).toEqual([
      { packageId: 7, countryCode: 'US' },
      { packageCode: 'BAT', countryCode: 'US', pageCodes: ['BAT'] },
    ]);
    expect(actor.getSnapshot().matches({ packagesInStock: 'readyToPurchase' })).toBe(true);
  });
});

describe('the real price estimate actor', () => {
  const listBody = () => ({ country_code: 'IN', currency: 'INR' as const, packages: [packageFixture()] });
  const listResponse = () => json(200, listBody());

  async function estimate(queryClient: QueryClient) {
    const actor = createActor(packageAvailabilityActors(queryClient).fetchPriceEstimate, {
      input: { packageCode: packageFixture().package_code, countryCode: 'IN', pageCodes: ['SOLO'] },
    });
    const done = new Promise((resolve, reject) =>
      actor.subscribe({ complete: () => resolve(actor.getSnapshot().output), error: reject }),
    );
    actor.start();
    return done;
  }

  // A fixed instant after this page loaded: the cache's age is measured from it, not from the real clock.
  const NOW = Math.ceil(performance.timeOrigin) + 60_000;
  beforeEach(() => {
    resetClient();
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('uses the page list fetched moments ago instead of asking again', async () => {
    const { requests } = fakeNetwork(listResponse);
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(packagesByCodesQuery(['SOLO'], 'IN'));
    expect(requests).toHaveLength(1);
    await expect(estimate(queryClient)).resolves.toMatchObject({ package_code: 'SOLO' });
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['restored from a visit a moment ago', () => performance.timeOrigin - 1],
    ['fetched longer ago than the reuse window', () => NOW - PRICE_ESTIMATE_REUSE_MS - 1],
  ])('asks the server again for a list %s', async (_, updatedAt) => {
    const { requests } = fakeNetwork(listResponse);
    const queryClient = new QueryClient();
    queryClient.setQueryData(packagesByCodesQuery(['SOLO'], 'IN').queryKey, listBody(), {
      updatedAt: updatedAt(),
    });
    await expect(estimate(queryClient)).resolves.toMatchObject({ package_code: 'SOLO' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toContain('/packages/available/price_estimate/v1/');
  });
});
