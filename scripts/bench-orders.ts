/*
 * The orders part of `npm run bench`: order creation and status polls on PostgreSQL (a throw-away cluster unless
 * DATABASE_URL is set), the way a sale-day crowd buys: many buyers (every one from 127.0.0.1, so the per-address
 * order rate is lifted), each create a new buyer's attempt with its own Idempotency-Key, at a fixed rate.
 * Afterwards the kit's stock must equal what it was less exactly what the live orders reserved.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import pg from 'pg';
import { PACKAGE_CODES } from '../contract/constants';
import { orderBody } from '../server/modules/orders/testing';
import { findRunningServer, operatorRequest } from '../server/runtime';
import { startPostgresCluster } from './postgres-cluster';

export const ORDER_TARGETS = { createP99AtRateMs: 100, createRate: 50 };

/** More buyers than a run makes orders, so each buys once (a second order would replace their first). */
const BUYERS = 600;
const buyerPhone = (n: number) => ({
  phone_number: `98765${String(n).padStart(5, '0')}`,
  country_code: '+91',
});
const buyerEmail = (n: number) => `bench-buyer-${n}@example.com`;
const BUYER_CODE = '246810';
/** Buyers signed in at once before the run. */
const SIGN_IN_CONCURRENCY = 8;
/** Units of each of the kit's products on hand before the run: more than any run sells. */
const STOCK = 1_000_000;

export interface OrdersBenchDeps {
  /** Starts a shop process with this environment; answers its port and a stop. */
  startShop(env: NodeJS.ProcessEnv): Promise<{ port: number; stop(): Promise<void> }>;
  cannon(port: number, options: Partial<autocannon.Options>): Promise<autocannon.Result>;
  shopEnv: NodeJS.ProcessEnv;
  durationS: number;
}

export interface OrdersBenchResult {
  database: string;
  create: autocannon.Result;
  status: autocannon.Result;
  orders: number;
  /** Per LIMITED product of the kit: units reserved by the orders, and units the stock went down by. */
  stock: { code: string; reserved: number; taken: number }[];
}

async function json(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, init);
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export async function benchOrders(deps: OrdersBenchDeps): Promise<OrdersBenchResult> {
  const cluster = deps.shopEnv.DATABASE_URL ? undefined : await startPostgresCluster();
  const databaseUrl = deps.shopEnv.DATABASE_URL ?? cluster?.url ?? '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-orders-'));
  const db = new pg.Client({ connectionString: databaseUrl });
  let shop: { port: number; stop(): Promise<void> } | undefined;
  try {
    shop = await deps.startShop({
      ...deps.shopEnv,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      OTP_TEST_NUMBERS: Array.from({ length: BUYERS }, (_, i) => {
        const phone = buyerPhone(i + 1);
        return `${phone.country_code}${phone.phone_number}:${BUYER_CODE},${buyerEmail(i + 1)}:${BUYER_CODE}`;
      }).join(','),
      ORDER_CREATE_IP_LIMIT_PER_HOUR: '10000000',
    });
    const base = `http://127.0.0.1:${shop.port}`;
    const post = (url: string, body: unknown) =>
      json(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    /** A buyer signed in, with the verified e-mail an order must carry (verified the way the checkout does it). */
    async function signIn(n: number): Promise<{ userId: string; authorization: string }> {
      const phone = buyerPhone(n);
      await post('/api/user/login/phone_number/v1/', phone);
      const tokens = await post('/api/user/verify/phone_number_otp/v1/', { ...phone, otp: BUYER_CODE });
      const auth = { authorization: `Bearer ${String(tokens.access_token)}` };
      const signedIn = (url: string, method: 'GET' | 'POST', body?: unknown) =>
        json(`${base}${url}`, {
          method,
          headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const email = buyerEmail(n);
      const profile = await signedIn('/api/user/user_account/email/update/v1/', 'POST', { email });
      if (!(profile.profile as { is_email_verified?: boolean } | undefined)?.is_email_verified) {
        await signedIn('/api/user/user_account/email/verify/request_otp/v1/', 'GET');
        await signedIn('/api/user/verify/email_otp/v1/', 'POST', { otp: BUYER_CODE });
      }
      return { userId: String(tokens.user_id), ...auth };
    }
    process.stderr.write(`[bench] signing ${BUYERS} buyers in …\n`);
    const buyers: { userId: string; authorization: string }[] = [];
    for (let first = 1; first <= BUYERS; first += SIGN_IN_CONCURRENCY) {
      const batch = Array.from(
        { length: Math.min(SIGN_IN_CONCURRENCY, BUYERS - first + 1) },
        (_, i) => first + i,
      );
      buyers.push(...(await Promise.all(batch.map(signIn))));
    }

    const { package: kit } = (await json(`${base}/api/commerce/packages/1/v1/`, {})) as {
      package: {
        package_id: number;
        package_code: string;
        products: { product_id: number; product_code: string; quantity: number; availability_type: string }[];
      };
    };
    if (kit.package_code !== PACKAGE_CODES.solo)
      throw new Error(`package 1 is ${kit.package_code}, not the kit`);
    const server = findRunningServer(dataDir);
    if (!server) throw new Error('the bench shop wrote no operator token');
    const limited = kit.products.filter((p) => p.availability_type === 'LIMITED' && p.quantity > 0);
    for (const product of limited)
      await operatorRequest(server, '/api/commerce/admin/catalogue/stock/v1/', {
        product_code: product.product_code,
        availability_type: 'LIMITED',
        available_quantity: STOCK,
      });

    const lines = [
      {
        package_id: kit.package_id,
        products: kit.products
          .filter((p) => p.quantity > 0)
          .map(({ product_id, quantity }) => ({ product_id, quantity })),
      },
    ];
    const bodies = buyers.map((_, i) => JSON.stringify(orderBody({ email: buyerEmail(i + 1) }, lines)));
    let attempt = 0;
    const create: autocannon.Request = {
      method: 'POST',
      path: '/api/commerce/order/create/multiple_packages/v1/',
      setupRequest: (request) => {
        const buyer = attempt % BUYERS;
        attempt += 1;
        return {
          ...request,
          body: bodies[buyer],
          headers: {
            'content-type': 'application/json',
            authorization: buyers[buyer]?.authorization ?? '',
            'idempotency-key': `bench-${process.pid}-${attempt}`,
          },
        };
      },
    };
    // Warm the path (JIT, the pool) with a few orders first; the stock check counts them too.
    await deps.cannon(shop.port, { requests: [create], connections: 2, amount: 20 });

    process.stderr.write(`[bench] order creation at ${ORDER_TARGETS.createRate} req/s on PostgreSQL …\n`);
    const createResult = await deps.cannon(shop.port, {
      requests: [create],
      connections: 10,
      overallRate: ORDER_TARGETS.createRate,
      duration: deps.durationS,
    });

    await db.connect();
    // Each order is polled by its own buyer (another buyer's gets a 404).
    const tokenOf = new Map(buyers.map((b) => [b.userId, b.authorization]));
    const { rows: live } = await db.query<{ id: string; user_id: string }>(
      `select id, user_id from orders where status not in ('CANCELLED', 'EXPIRED') order by created_at`,
    );
    const orderIds = live.map((row) => ({ id: row.id, authorization: tokenOf.get(row.user_id) ?? '' }));

    process.stderr.write('[bench] order status polls …\n');
    let poll = 0;
    const statusResult = await deps.cannon(shop.port, {
      requests: [
        {
          method: 'GET',
          path: '/',
          setupRequest: (request) => {
            poll += 1;
            const order = orderIds[poll % orderIds.length];
            return {
              ...request,
              path: `/api/commerce/order/${order?.id ?? ''}/status/v1/`,
              headers: { authorization: order?.authorization ?? '' },
            };
          },
        },
      ],
      duration: deps.durationS,
    });

    // Counted after the polls: the create run may end with its last requests still in flight.
    const { rows: counted } = await db.query<{ n: string }>(
      `select count(*)::text as n from orders where status not in ('CANCELLED', 'EXPIRED')`,
    );
    const orders = Number(counted[0]?.n ?? 0);
    const stock: OrdersBenchResult['stock'] = [];
    for (const product of limited) {
      const { rows } = await db.query<{ available_quantity: number }>(
        'select available_quantity from products where product_code = $1',
        [product.product_code],
      );
      stock.push({
        code: product.product_code,
        reserved: orders * product.quantity,
        taken: STOCK - (rows[0]?.available_quantity ?? STOCK),
      });
    }
    return { database: 'PostgreSQL', create: createResult, status: statusResult, orders, stock };
  } finally {
    await db.end().catch(() => undefined);
    await shop?.stop();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
