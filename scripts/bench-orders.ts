/*
 * The orders part of `npm run bench`: order creation and status polls on PostgreSQL (a throw-away cluster unless
 * DATABASE_URL is set), the way a sale-day crowd buys: each create is a new attempt with its own Idempotency-Key, at
 * a fixed rate. Afterwards the kit's stock must equal what it was less exactly what the orders reserved.
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

const BUYER = { phone_number: '9876500001', country_code: '+91' };
const BUYER_EMAIL = 'bench-buyer@example.com';
const BUYER_CODE = '246810';
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
      OTP_TEST_NUMBERS: `+91${BUYER.phone_number}:${BUYER_CODE},${BUYER_EMAIL}:${BUYER_CODE}`,
    });
    const base = `http://127.0.0.1:${shop.port}`;
    const post = (url: string, body: unknown) =>
      json(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    await post('/api/user/login/phone_number/v1/', BUYER);
    const tokens = await post('/api/user/verify/phone_number_otp/v1/', { ...BUYER, otp: BUYER_CODE });
    const auth = { authorization: `Bearer ${String(tokens.access_token)}` };
    // An order's e-mail must be the buyer's verified one: verified the way the checkout does it.
    const signedIn = (url: string, method: 'GET' | 'POST', body?: unknown) =>
      json(`${base}${url}`, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const profile = await signedIn('/api/user/user_account/email/update/v1/', 'POST', { email: BUYER_EMAIL });
    if (!(profile.profile as { is_email_verified?: boolean } | undefined)?.is_email_verified) {
      await signedIn('/api/user/user_account/email/verify/request_otp/v1/', 'GET');
      await signedIn('/api/user/verify/email_otp/v1/', 'POST', { otp: BUYER_CODE });
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

    const body = JSON.stringify(
      orderBody({ email: BUYER_EMAIL }, [
        {
          package_id: kit.package_id,
          products: kit.products
            .filter((p) => p.quantity > 0)
            .map(({ product_id, quantity }) => ({ product_id, quantity })),
        },
      ]),
    );
    let attempt = 0;
    const orderIds: string[] = [];
    const create: autocannon.Request = {
      method: 'POST',
      path: '/api/commerce/order/create/multiple_packages/v1/',
      body,
      setupRequest: (request) => {
        attempt += 1;
        return {
          ...request,
          headers: {
            'content-type': 'application/json',
            ...auth,
            'idempotency-key': `bench-${process.pid}-${attempt}`,
          },
        };
      },
      onResponse: (status, responseBody) => {
        if (status === 200) orderIds.push((JSON.parse(responseBody) as { order_id: string }).order_id);
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

    process.stderr.write('[bench] order status polls …\n');
    let poll = 0;
    const statusResult = await deps.cannon(shop.port, {
      requests: [
        {
          method: 'GET',
          path: '/',
          setupRequest: (request) => {
            poll += 1;
            const id = orderIds[poll % orderIds.length] ?? '';
            return { ...request, path: `/api/commerce/order/${id}/status/v1/`, headers: auth };
          },
        },
      ],
      duration: deps.durationS,
    });

    await db.connect();
    const { rows: counted } = await db.query<{ n: string }>('select count(*)::text as n from orders');
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
