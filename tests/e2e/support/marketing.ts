import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import type { ShopServer } from './server';

/** One marketing push as the server stored it. */
export interface StoredPush {
  kind: string;
  name: string | null;
  event_data: Record<string, unknown>;
  occurred_at: string;
  idempotency_key: string | null;
}

/** The marketing pushes the worker's server stored, oldest first, read with its operator token. */
export async function storedMarketingEvents(
  request: APIRequestContext,
  server: Pick<ShopServer, 'baseURL' | 'dataDir'>,
): Promise<StoredPush[]> {
  const token = readFileSync(join(server.dataDir, 'operator.token'), 'utf8').trim();
  const response = await request.get(`${server.baseURL}/api/marketing/admin/events/v1/?limit=1000`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { events: StoredPush[] }).events;
}
