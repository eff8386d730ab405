import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/api/errors';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { fetchMaintenanceStatus, fetchStartupStatus } from './api';

describe('the maintenance status calls', () => {
  beforeEach(() => resetClient());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('start-up: reads res_status alone, with no schema to load, so an answer without the message still says working', async () => {
    const { requests } = fakeNetwork(() => json(200, { res_status: 'working' }));
    expect(await fetchStartupStatus()).toEqual({ res_status: 'working' });
    expect(requests[0]).toMatchObject({ url: '/api/maintenance/status/v1/', method: 'GET' });
  });

  it('start-up: an answer with no res_status is not "working"', async () => {
    fakeNetwork(() => json(200, { status: 'fine' }));
    expect(await fetchStartupStatus()).toEqual({ res_status: '' });
  });

  it("the screen's re-check: holds the answer to the contract, since it shows the message and the time", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeNetwork(() => json(200, { res_status: 'working' }));
    const failure = await fetchMaintenanceStatus().catch((error: unknown) => error);
    expect(isApiError(failure) && failure.kind).toBe('invalid-response');
    fakeNetwork(() => json(200, { res_status: 'working', response: 'All good', time_in_seconds: 0 }));
    expect(await fetchMaintenanceStatus()).toEqual({
      res_status: 'working',
      response: 'All good',
      time_in_seconds: 0,
    });
  });
});
