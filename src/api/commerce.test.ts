import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { availabilityConfigQuery, fetchAvailablePackages, packageByIdQuery } from './commerce';
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
