import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/api/client';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { sendRequestsInTasksOfTheirOwn } from './requests';

beforeEach(() => {
  resetClient();
  sendRequestsInTasksOfTheirOwn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requests of the started shop', () => {
  it("start in a later task than the call, so a page's mount that asks for several stays one short task", async () => {
    const { requests } = fakeNetwork(() => json(200, { name: 'Asha' }));
    const calls = [1, 2].map(() => apiRequest({ service: 'user', path: '/profile/v1/', auth: false }));
    await Promise.resolve();
    expect(requests).toHaveLength(0);
    await expect(Promise.all(calls)).resolves.toHaveLength(2);
    expect(requests).toHaveLength(2);
  });
});
