import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PackageWithEstimate } from '@contract/catalogue';
import type { OrderCreateResponse } from '@contract/orders';
import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { type ShopServer, startShopServer } from '../../../tests/e2e/support/server';
import { describeOnPostgres, fakeStaticDir, postgresTestDatabase } from '../../testing';
import { BILLING, buyerEmail, buyerPhone, SHIPPING, TEST_OTP } from '../orders/testing';

/*
 * kill -9 between the sandbox recording a payment and sending its webhook, then a restart: the order ends paid with
 * nothing asked of the buyer, because the webhook was written to the outbox with the payment and is sent from there.
 */

const AUTH_SECRET = 'crash-test-auth-secret-0123456789abcdefghij';
/** The webhook leaves this long after the payment: the window the process is killed in. */
const WEBHOOK_DELAY_MS = 5000;

async function call(server: ShopServer, method: string, url: string, body?: unknown, headers = {}) {
  const response = await fetch(`${server.baseURL}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

describeOnPostgres('a paid order survives a crash before its webhook', { timeout: 180_000 }, () => {
  it('kill -9 after the payment is recorded; after a restart the order is paid, with no buyer action', async () => {
    const database = await postgresTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-crash-'));
    const staticDir = fakeStaticDir();
    const phone = buyerPhone(1);
    const start = () =>
      startShopServer({
        dataDir,
        staticDir,
        env: {
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: database.url,
          AUTH_SECRET,
          OTP_TEST_NUMBERS: `${phone.country_code}${phone.phone_number}:${TEST_OTP},${buyerEmail(1)}:${TEST_OTP}`,
          SANDBOX_WEBHOOK_DELAY_MS: String(WEBHOOK_DELAY_MS),
          SANDBOX_PENDING_SETTLE_MS: '86400000',
        },
      });
    const client = new pg.Client({ connectionString: database.url });
    let server: ShopServer | undefined;
    try {
      server = await start();
      await call(server, 'POST', '/api/user/login/phone_number/v1/', phone);
      const session = (await call(server, 'POST', '/api/user/verify/phone_number_otp/v1/', {
        ...phone,
        otp: TEST_OTP,
      })) as { access_token: string };
      const auth = { authorization: `Bearer ${session.access_token}` };
      // An order's e-mail is the buyer's verified one.
      await call(server, 'POST', '/api/user/user_account/email/update/v1/', { email: buyerEmail(1) }, auth);
      await call(server, 'GET', '/api/user/user_account/email/verify/request_otp/v1/', undefined, auth);
      await call(server, 'POST', '/api/user/verify/email_otp/v1/', { otp: TEST_OTP }, auth);
      const listed = (await call(
        server,
        'GET',
        '/api/commerce/packages/available/price_estimate/v1/?package_codes=SOLO&country_name_enum=IN',
      )) as { packages: PackageWithEstimate[] };
      const solo = listed.packages[0] as PackageWithEstimate;
      const created = (await call(
        server,
        'POST',
        '/api/commerce/order/create/multiple_packages/v1/',
        {
          packages: [
            {
              package_id: solo.package_id,
              products: solo.products
                .filter((p) => p.quantity > 0)
                .map((p) => ({ product_id: p.product_id, quantity: p.quantity })),
            },
          ],
          accepted_terms_and_conditions: true,
          payment_service: 'CARD_MODAL',
          billing_details: BILLING,
          shipping_details: { ...SHIPPING, email: buyerEmail(1) },
        },
        { ...auth, 'idempotency-key': 'crash-test-order' },
      )) as OrderCreateResponse;
      const details = created.payment_details;
      if (details?.kind !== 'modal') throw new Error('expected the sandbox modal');
      await call(server, 'POST', '/pay/sandbox/api/choose', {
        provider_order_id: details.provider_order_id,
        choice: 'success',
        token: details.checkout_token,
      });
      // The payment is recorded, its webhook not sent yet: the process dies here.
      await server.kill();

      await client.connect();
      const orderStatus = async () =>
        (await client.query('select status from orders where id = $1', [created.order_id])).rows[0]?.status;
      expect(await orderStatus()).toBe('CREATED');
      const owed = await client.query('select delivered_at from webhook_outbox where body like $1', [
        `%${details.provider_order_id}%`,
      ]);
      expect(owed.rows).toEqual([{ delivered_at: null }]);

      // Restarted, the server sends what the sandbox still owes; nobody polls, nobody clicks.
      server = await start();
      await vi.waitFor(async () => expect(await orderStatus()).toBe('SUCCESS'), {
        timeout: 30_000,
        interval: 250,
      });
    } finally {
      await server?.stop();
      await client.end().catch(() => undefined);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});
