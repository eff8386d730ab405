import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pkg, product, solo, withEstimate } from '@/state/cart.test-helpers';
import { packageByIdQuery } from './catalogueChecks';
import {
  type AvailablePackages,
  availabilityConfigQuery,
  catalogueKeys,
  fetchAvailablePackages,
  lastKnownPackage,
  lastKnownPackages,
} from './commerce';
import { ApiError, setErrorReporter } from './errors';
import { fakeNetwork, json, resetClient } from './test-helpers';

let restoreReporter: () => void;

beforeEach(() => {
  resetClient();
  restoreReporter = setErrorReporter(vi.fn());
});

afterEach(() => {
  restoreReporter();
  vi.unstubAllGlobals();
});

describe('commerce responses are checked against the contract', () => {
  it('rejects a price estimate that does not match the contract', async () => {
    fakeNetwork(() => json(200, { packages: 'none' }));
    const error = await fetchAvailablePackages(['SOLO'], 'IN').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('invalid-response');
  });

  it('rejects a package answer without its package', async () => {
    fakeNetwork(() => json(200, { id: 1 }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const error = await queryClient.fetchQuery(packageByIdQuery(1, 'IN')).catch((caught: unknown) => caught);
    expect((error as ApiError).kind).toBe('invalid-response');
  });

  it('rejects an availability config that does not match the contract', async () => {
    fakeNetwork(() => json(200, { SOLO: 42 }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(queryClient.fetchQuery(availabilityConfigQuery())).rejects.toMatchObject({
      name: 'ZodError',
    });
  });
});

describe('the last known packages kept on the device', () => {
  const game = (price: number) =>
    withEstimate(
      pkg({
        package_id: 3,
        package_code: 'GAME',
        products: [product({ product_id: 31, product_code: 'IBC_GAME', taxable_amount: price })],
      }),
    );
  const list = (packages: AvailablePackages['packages']): AvailablePackages => ({
    country_code: 'IN',
    currency: 'INR',
    packages,
  });

  function keep(client: QueryClient, codes: string[], data: AvailablePackages, at: number) {
    client.setQueryData(catalogueKeys.packagesByCodes(codes, 'IN'), data, { updatedAt: at });
  }

  it('takes each package from the freshest list holding it, dated by the oldest of them', () => {
    const client = new QueryClient();
    keep(client, ['SOLO', 'GAME'], list([withEstimate(solo()), game(999)]), 1_000);
    keep(client, ['GAME'], list([game(1_299)]), 2_000);

    const known = lastKnownPackages(client, ['SOLO', 'GAME'], 'IN');
    expect(known?.data.packages.map((p) => [p.package_code, p.price])).toEqual([
      ['SOLO', solo().price],
      ['GAME', 1_299],
    ]);
    expect(known?.updatedAt).toBe(1_000);
    expect(lastKnownPackage(client, 3, 'IN')?.price).toBe(1_299);
  });

  it('makes nothing up: a code no list holds, or another country, is unknown', () => {
    const client = new QueryClient();
    keep(client, ['GAME'], list([game(999)]), 1_000);

    expect(lastKnownPackages(client, ['SOLO', 'GAME'], 'IN')).toBeUndefined();
    expect(lastKnownPackages(client, ['GAME'], 'US')).toBeUndefined();
    expect(lastKnownPackage(client, 1, 'IN')).toBeUndefined();
    expect(lastKnownPackage(client, 3, 'US')).toBeUndefined();
  });
});
