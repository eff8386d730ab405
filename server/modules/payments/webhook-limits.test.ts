import { errorBodySchema } from '@contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLogger, type TestApp, testApp } from '../../testing';

/* The provider's webhook route against a flood: limited per address, and one log line per refused delivery. */

let clock = new Date('2026-06-01T10:00:00+05:30');
const log = memoryLogger('info');
let shop: TestApp;

beforeAll(async () => {
  shop = await testApp({ now: () => clock, logger: log.logger, config: { WEBHOOK_IP_LIMIT_PER_MINUTE: 3 } });
});

afterAll(async () => {
  await shop.close();
});

const forged = (remoteAddress: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/pay/sandbox/webhook',
    remoteAddress,
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'f'.repeat(64) },
    payload: JSON.stringify({ event_id: 'evt_forged', provider_order_id: 'sbx_order_1', status: 'captured' }),
  });

describe('the payment webhook route', () => {
  it('writes one log line for a refused delivery: its request line', async () => {
    const refused = await forged('198.51.100.7');
    expect(refused.statusCode).toBe(400);
    const requestId = refused.headers['x-request-id'];
    expect(log.lines().filter((line) => line.reqId === requestId)).toEqual([
      expect.objectContaining({ msg: 'request', statusCode: 400, url: '/pay/sandbox/webhook' }),
    ]);
  });

  it('refuses an address past its deliveries per minute with 429 and Retry-After; others still get through', async () => {
    const flood = '203.0.113.9';
    for (let i = 0; i < 3; i += 1) expect((await forged(flood)).statusCode).toBe(400);
    const limited = await forged(flood);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorBodySchema.parse(limited.json()).data.http_status_code).toBe(429);
    expect((await forged('192.0.2.44')).statusCode).toBe(400);
    clock = new Date(clock.getTime() + 60_000);
    expect((await forged(flood)).statusCode).toBe(400);
  });
});
