import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import type { ShopServer } from './server';

/** One marketing push as the server stored it. */
export interface StoredPush {
  kind: string;
  name: string | null;
  user_id: string | null;
  anonymous_id: string | null;
  data: Record<string, unknown>;
  occurred_at: string;
  idempotency_key: string | null;
}

/** The marketing events the worker's server stored, oldest first, read with its operator token. */
export async function storedMarketingEvents(
  request: APIRequestContext,
  server: Pick<ShopServer, 'baseURL' | 'dataDir'>,
): Promise<StoredPush[]> {
  const token = readFileSync(join(server.dataDir, 'operator.token'), 'utf8').trim();
  const response = await request.get(
    `${server.baseURL}/api/marketing/admin/pushes/v1/?kind=event&limit=1000`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  expect(response.status()).toBe(200);
  // The operator's read answers newest first.
  return ((await response.json()) as { pushes: StoredPush[] }).pushes.reverse();
}
