import type { PackageWithEstimate } from '@contract/catalogue';
import { errorBodySchema } from '@contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnPostgres, type TestApp, testApp } from '../../testing';
import { type Buyer, loadCatalogue, orderBody, signIn, testNumbers } from '../orders/testing';
import { invitesViaDatabase, issueInvite } from './cli';
import { INVITE_REFUSED } from './service';

/*
 * Invite codes cannot be found by trying them: every refused code is answered alike, and the codes an account or an
 * address has refused are limited per hour (INVITE_ACCOUNT_LIMIT_PER_HOUR, INVITE_IP_LIMIT_PER_HOUR).
 */

const ESTIMATE_V2 = '/api/commerce/orders/price_estimate/multiple_packages/v2/';
const PER_ACCOUNT = 3;
const PER_ADDRESS = 5;
// 10:00 in India is 04:30 UTC: the hour's window ends in 30 minutes.
let clock = new Date('2026-06-01T10:00:00+05:30');
let shop: TestApp;
let licence: { package_id: number; products: { product_id: number; quantity: number }[] };
let keys = 0;
let buyers = 0;

beforeAll(async () => {
  shop = await testApp({
    now: () => clock,
    config: {
      OTP_TEST_NUMBERS: testNumbers(16),
      OTP_IP_LIMIT_PER_HOUR: 100,
      OTP_NETWORK_LIMIT_PER_HOUR: 100,
      ACCESS_TOKEN_TTL_SECONDS: 86_400,
      INVITE_ACCOUNT_LIMIT_PER_HOUR: PER_ACCOUNT,
      INVITE_IP_LIMIT_PER_HOUR: PER_ADDRESS,
    },
  });
  const pkg = (await loadCatalogue(shop.app, ['BUSINESS_LICENCE'])).get(
    'BUSINESS_LICENCE',
  ) as PackageWithEstimate;
  const product = pkg.products.find((p) => p.product_code === 'IBC_BASIC_LICENCE');
  licence = { package_id: pkg.package_id, products: [{ product_id: product?.product_id ?? 0, quantity: 1 }] };
});

afterAll(async () => {
  await shop.close();
});

const newBuyer = () => signIn(shop.app, ++buyers);

function estimate(code: string, from: string, buyer: Buyer | null = null) {
  return shop.app.inject({
    method: 'POST',
    url: ESTIMATE_V2,
    remoteAddress: from,
    headers: buyer ? { authorization: `Bearer ${buyer.token}` } : {},
    payload: { packages: [licence], invite_code: code },
  });
}

function order(code: string, from: string, buyer: Buyer) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/commerce/order/create/multiple_packages/v1/',
    remoteAddress: from,
    headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': `invite-guess-${++keys}` },
    payload: orderBody(buyer, [licence], { shipping_details: null, invite_code: code }),
  });
}

async function goodCode(maxUses: number | null = null): Promise<string> {
  return (
    await issueInvite(shop.db, { issued_to: null, max_uses: maxUses, valid_days: 30, code: null }, clock)
  ).code;
}

function refusal(response: { statusCode: number; body: string; json(): unknown }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return errorBodySchema.parse(response.json()).data;
}

describe('every refused invite code gets the same answer', () => {
  it('unknown, expired, revoked and used up read alike at the estimate and at order creation', async () => {
    const buyer = await newBuyer();
    const usedUp = await goodCode(1);
    expect((await order(usedUp, '10.1.0.1', buyer)).statusCode).toBe(200);
    const revoked = await goodCode();
    await invitesViaDatabase(shop.db, { kind: 'revoke', input: { code_or_id: revoked } });

    const codes = { unknown: 'NO-SUCH-INVITE', expired: 'BUSINESS-2024', revoked, 'used up': usedUp };
    for (const [address, ask] of [
      ['10.1.0.2', async (code: string, from: string) => estimate(code, from)],
      // A buyer each: one account may have only PER_ACCOUNT codes refused.
      ['10.1.0.3', async (code: string, from: string) => order(code, from, await newBuyer())],
    ] as const) {
      const answers = [];
      for (const code of Object.values(codes)) answers.push(refusal(await ask(code, address), 400));
      expect(answers[0]).toEqual({
        message: INVITE_REFUSED,
        response: INVITE_REFUSED,
        res_status: 'BAD_REQUEST',
        http_status_code: 400,
        field: 'invite_code',
      });
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    }
  });
});

describe('invite code guesses are limited per hour', () => {
  it(`an account that had ${PER_ACCOUNT} codes refused gets 429 from any address, even for a good code, until the hour ends`, async () => {
    const guesser = await newBuyer();
    for (let i = 1; i <= PER_ACCOUNT; i++) {
      refusal(await estimate(`WRONG-${i}`, `10.2.0.${i}`, guesser), 400);
    }
    const good = await goodCode();
    for (const limited of [
      await estimate('WRONG-4', '10.2.0.10', guesser),
      await estimate(good, '10.2.0.11', guesser),
      await order(good, '10.2.0.12', guesser),
    ]) {
      const body = refusal(limited, 429);
      expect(limited.headers['retry-after']).toBe('1800');
      expect(body).toMatchObject({ http_status_code: 429, time_in_seconds: 1800, field: 'invite_code' });
      expect(body.message).toMatch(/Too many invite codes were tried\. Try again in 30 minute/);
    }
    // Another account is not held back by this one.
    expect((await estimate(good, '10.2.0.13', await newBuyer())).statusCode).toBe(200);

    clock = new Date(clock.getTime() + 30 * 60_000);
    refusal(await estimate('WRONG-5', '10.2.0.14', guesser), 400);
    expect((await order(good, '10.2.0.15', guesser)).statusCode).toBe(200);
  });

  it(`an address that had ${PER_ADDRESS} codes refused gets 429, whoever asks, signed in or not`, async () => {
    const address = '10.3.0.1';
    const accounts = [await newBuyer(), await newBuyer(), null];
    for (let i = 0; i < PER_ADDRESS; i++) {
      refusal(await estimate(`WRONG-${i}`, address, accounts[i % accounts.length]), 400);
    }
    const good = await goodCode();
    const anonymous = await estimate(good, address);
    expect(refusal(anonymous, 429).time_in_seconds).toBeGreaterThan(0);
    expect(Number(anonymous.headers['retry-after'])).toBeGreaterThan(0);
    refusal(await order(good, address, await newBuyer()), 429);
    // IPv6 addresses count by their /64.
    for (let i = 0; i < PER_ADDRESS; i++)
      refusal(await estimate(`WRONG-${i}`, `2001:db8:1:1::${i + 1}`), 400);
    refusal(await estimate(good, '2001:db8:1:1:ffff::1'), 429);
    expect((await estimate(good, '2001:db8:1:2::1')).statusCode).toBe(200);
  });

  it('a good code priced and ordered again and again never counts against the buyer', async () => {
    const buyer = await newBuyer();
    const good = await goodCode();
    for (let i = 0; i < PER_ACCOUNT * 3; i++)
      expect((await estimate(good, '10.4.0.1', buyer)).statusCode).toBe(200);
    expect((await order(good, '10.4.0.1', buyer)).statusCode).toBe(200);
    for (let i = 1; i <= PER_ACCOUNT; i++) refusal(await estimate(`WRONG-${i}`, '10.4.0.1', buyer), 400);
    refusal(await estimate(good, '10.4.0.2', buyer), 429);
  });
});

describeOnPostgres('invite code guesses sent at once (PostgreSQL)', () => {
  it(`of 20 guesses sent together from one address, ${PER_ADDRESS} are checked and the rest get 429`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => estimate(`RACE-GUESS-${i}`, '10.5.0.1')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(PER_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - PER_ADDRESS);
  }, 60_000);
});
