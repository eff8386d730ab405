/*
 * npm run bench: the shop under load with autocannon, against a bare Fastify JSON route measured in the same run
 * on the same machine. The shop runs as it does in production (the built dist/, NODE_ENV=production, pino at
 * `info` with one line per request, to /dev/null here) on a fresh PGlite data dir, or on DATABASE_URL when set
 * (which it migrates, seeds and writes sign-in codes to). Each server is a child process that measures its own
 * event-loop delay. BENCH_DURATION sets the seconds per run (default 8); BENCH_CPU_PROF=<dir> writes a V8 CPU
 * profile of the shop's process there (open it in Chrome DevTools). Last, order creation and status polls run on
 * PostgreSQL (scripts/bench-orders.ts). Not part of npm test.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PACKAGE_CODES } from '../contract/constants';
import { COUPONS_ADMIN_PATH, type CouponIssueRequest } from '../server/modules/checkout/cli';
import { findRunningServer, operatorRequest } from '../server/runtime';
import { ensureBuilt, repoRoot } from '../tests/e2e/support/env';
import { benchOrders, ORDER_TARGETS } from './bench-orders';

const SELF = fileURLToPath(import.meta.url);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 50;
const LOG_LEVEL = 'info';
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;
/** `npm run bench -- orders` runs only the orders part. */
const mode = process.argv[2];

/** The targets of issue "a server that holds a sale-day crowd", as ratios to the bare route. */
const TARGETS = {
  healthzRatio: 0.5,
  catalogueRatio: 0.25,
  estimateRatio: 0.1,
  catalogueP99AtRateMs: 25,
  healthzP99UnderLoadMs: 50,
};

// ---- the child processes ----

type ToChild = { type: 'reset' } | { type: 'report' };
type FromChild =
  | { type: 'ready'; port: number; database: string }
  | { type: 'loop'; p50: number; p99: number; max: number };

/** Event-loop delay, reset before each run and reported after it. */
function serveLoopDelay(): void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', (message: ToChild) => {
    if (message.type === 'reset') delay.reset();
    if (message.type === 'report') {
      const ms = (ns: number) => Math.round(ns / 1e4) / 100;
      process.send?.({
        type: 'loop',
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
      } satisfies FromChild);
    }
  });
}

async function serveBare(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  serveLoopDelay();
  process.send?.({
    type: 'ready',
    port: typeof address === 'object' && address ? address.port : 0,
    database: 'none',
  } satisfies FromChild);
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

async function serveShop(): Promise<void> {
  const { loadConfig } = await import('../server/config');
  const { createLogger } = await import('../server/app');
  const { startServer } = await import('../server/serve');
  const config = loadConfig(process.env);
  const server = await startServer(config, createLogger(config), { port: 0, host: '127.0.0.1' });
  serveLoopDelay();
  process.send?.({
    type: 'ready',
    port: server.port,
    database: config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (fresh data dir)',
  } satisfies FromChild);
  process.on('disconnect', () => void server.stop().then(() => process.exit(0)));
}

interface Child {
  process: ChildProcess;
  port: number;
  database: string;
  loop(): Promise<{ p50: number; p99: number; max: number }>;
  reset(): void;
  stop(): Promise<void>;
}

function startChild(mode: 'bare' | 'shop', env: NodeJS.ProcessEnv): Promise<Child> {
  const child = fork(SELF, [`--serve-${mode}`], {
    cwd: repoRoot,
    env,
    execArgv: [
      '--import',
      'tsx',
      ...(mode === 'shop' && CPU_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROFILE_DIR)}`]
        : []),
    ],
    // The request log goes where production's would, minus the terminal: /dev/null.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = <T extends FromChild['type']>(type: T) =>
    new Promise<Extract<FromChild, { type: T }>>((resolve, reject) => {
      const onMessage = (message: FromChild) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<FromChild, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`the ${mode} server exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return next('ready').then((ready) => ({
    process: child,
    port: ready.port,
    database: ready.database,
    reset: () => child.send({ type: 'reset' } satisfies ToChild),
    loop: async () => {
      const report = next('loop');
      child.send({ type: 'report' } satisfies ToChild);
      return report;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.disconnect();
      }),
  }));
}

// ---- the workloads ----

type Request = autocannon.Request;

/** The price lists the PWA's product pages ask for (src/features/catalogue/productTypes.ts). */
const PAGE_CODE_LISTS = [
  [PACKAGE_CODES.solo, PACKAGE_CODES.family],
  [PACKAGE_CODES.soloNoCostEmi, PACKAGE_CODES.familyNoCostEmi],
  [PACKAGE_CODES.game1Profile, PACKAGE_CODES.game5Profile],
  [PACKAGE_CODES.steamGame],
  [PACKAGE_CODES.gamePlusBat],
  [PACKAGE_CODES.bat],
];

const priceListRequests = (country: string): Request[] =>
  PAGE_CODE_LISTS.map((codes) => ({
    method: 'GET',
    path: `/api/commerce/packages/available/price_estimate/v1/?package_codes=${codes.join(',')}&country_name_enum=${country}`,
  }));

/** Packages 1–9 as sold in India and in the US; those not sold in the US are dropped once the shop is up. */
let packageRequests: Request[] = [1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((id) => [
  { method: 'GET', path: `/api/commerce/packages/${id}/v1/` },
  { method: 'GET', path: `/api/commerce/packages/${id}/v1/?country_name_enum=US` },
]);

/** The reference reads a checkout asks for: the states, the pickup points, a shipping charge, a pincode lookup. */
const referenceRequests: Request[] = [
  { method: 'GET', path: '/api/commerce/states/v1/' },
  { method: 'GET', path: '/api/invoicing/pickup_locations/v1/' },
  { method: 'GET', path: '/api/commerce/shipping_charges/560001/v1/' },
  { method: 'GET', path: '/api/postal/pincode/110001' },
];

/** WELCOME10's terms: a production database has no demo coupons, so the bench issues its own. */
const BENCH_COUPON: CouponIssueRequest = {
  code: 'BENCH10',
  kind: 'percent',
  value: 1_000,
  currency: 'INR',
  max_discount_minor: 500_000,
  minimum_order_minor: 100_000,
  usage_limit_per_buyer: 1,
  usage_limit_total: null,
  valid_days: null,
  package_codes: null,
};

/** Issues BENCH_COUPON through the running shop's operator route (kept from an earlier run on DATABASE_URL). */
async function issueBenchCoupon(dataDir: string): Promise<void> {
  const server = findRunningServer(dataDir);
  if (!server) throw new Error(`no running shop in ${dataDir}`);
  await operatorRequest(server, COUPONS_ADMIN_PATH, BENCH_COUPON).catch((error: Error) => {
    if (!/exists already/.test(error.message)) throw error;
  });
}

/** The checkout's price estimate for the SOLO kit (package 1): plain, with a pincode and state, with a coupon. */
async function estimateRequests(port: number, dataDir: string): Promise<Request[]> {
  await issueBenchCoupon(dataDir);
  const res = await fetch(`http://127.0.0.1:${port}/api/commerce/packages/1/v1/`);
  const { package: pkg } = (await res.json()) as {
    package: { package_id: number; products: { product_id: number; quantity: number }[] };
  };
  const packages = [
    {
      package_id: pkg.package_id,
      products: pkg.products
        .filter((p) => p.quantity > 0)
        .map(({ product_id, quantity }) => ({ product_id, quantity })),
    },
  ];
  const post = (body: object): Request => ({
    method: 'POST',
    path: '/api/commerce/orders/price_estimate/multiple_packages/v1/',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const billing = { state_name_enum: 'KARNATAKA', country_name_enum: 'IN' };
  return [
    post({ packages }),
    post({ packages, shipping_pin_code: '560001', billing_details: billing }),
    post({ packages, shipping_pin_code: '110001', coupon_code: BENCH_COUPON.code }),
  ];
}

/** Fails fast when a request the bench measures is not answered with 200. */
async function assertAnswered(port: number, requests: Request[], what: string): Promise<void> {
  for (const r of requests) {
    const res = await fetch(`http://127.0.0.1:${port}${r.path}`, {
      method: r.method ?? 'GET',
      headers: r.headers as Record<string, string> | undefined,
      body: typeof r.body === 'string' ? r.body : undefined,
    });
    if (res.status !== 200)
      throw new Error(`${what}: ${r.method} ${r.path} answered ${res.status}: ${await res.text()}`);
  }
}

/** What a browser sends: its answers come compressed when they are worth compressing. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const asBrowser = (requests: Request[]): Request[] =>
  requests.map((r) => ({ ...r, headers: { ...r.headers, ...BROWSER_HEADERS } }));

/** The requests the shop answers with 200 (a 404 for a package not sold in a country is not a catalogue read). */
async function answered(port: number, requests: Request[]): Promise<Request[]> {
  const ok = await Promise.all(
    requests.map(async (r) => (await fetch(`http://127.0.0.1:${port}${r.path}`)).status === 200),
  );
  return requests.filter((_r, i) => ok[i]);
}

/** A sign-in code to a number never asked before (distinct Indian mobiles: no per-number cooldown is hit). */
let nextMobile = 9_000_000_000 + Math.floor(Math.random() * 500_000_000);
const otpRequest: Request = {
  method: 'POST',
  path: '/api/user/login/phone_number/v2/',
  headers: { 'content-type': 'application/json' },
  setupRequest: (request) => {
    nextMobile += 1;
    return {
      ...request,
      body: JSON.stringify({ phone_number: String(nextMobile), country_code: '+91', iso_country_code: 'IN' }),
    };
  },
};

/** A buyer session's calls: mostly catalogue and price lists, one sign-in code in ten. */
const mixedRequests = (): Request[] => [
  packageRequests[0] as Request,
  ...priceListRequests('IN').slice(0, 3),
  { method: 'GET', path: '/config/packagesAvailabilityConfig.json' },
  packageRequests[3] as Request,
  priceListRequests('US')[0] as Request,
  {
    method: 'POST',
    path: '/api/commerce/packages/available/v1/',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ country_name_enum: 'IN' }),
  },
  {
    method: 'POST',
    path: '/api/invoicing/packages/payment_services/v1/',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ package_codes: [PACKAGE_CODES.solo], country_name_enum: 'IN' }),
  },
  otpRequest,
];

interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  loopP99: number | undefined;
  ratio?: number;
}

function cannon(port: number, options: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...options,
  } as autocannon.Options);
}

function rowOf(name: string, result: autocannon.Result, loopP99: number | undefined): Row {
  return {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    loopP99,
  };
}

async function measure(server: Child, name: string, options: Partial<autocannon.Options>): Promise<Row> {
  process.stderr.write(`[bench] ${name} …\n`);
  server.reset();
  const result = await cannon(server.port, options);
  return rowOf(name, result, (await server.loop()).p99);
}

function table(rows: Row[]): string {
  const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'ratio', 'loop p99 ms'];
  const cells = rows.map((r) => [
    r.name,
    String(r.reqPerSec),
    String(r.p50),
    String(r.p99),
    String(r.errors),
    String(r.non2xx),
    r.ratio === undefined ? '' : r.ratio.toFixed(2),
    r.loopP99 === undefined ? '' : String(r.loopP99),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) =>
    `| ${c.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

/** Order creation and status polls on PostgreSQL: their table rows and the lines saying whether the targets are met. */
async function ordersPart(
  children: Child[],
  shopEnv: NodeJS.ProcessEnv,
): Promise<{ rows: Row[]; targets: string[] }> {
  const orders = await benchOrders({
    startShop: async (env) => {
      const child = await startChild('shop', env);
      children.push(child);
      return child;
    },
    cannon,
    shopEnv,
    durationS: DURATION_S,
  });
  const create = rowOf(
    `order creation at ${ORDER_TARGETS.createRate} req/s (${orders.database})`,
    orders.create,
    undefined,
  );
  const status = rowOf(`order status polls (${orders.database})`, orders.status, undefined);
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const stockExact = orders.stock.every((s) => s.reserved === s.taken);
  return {
    rows: [create, status],
    targets: [
      `  order creation p99 ≤ ${ORDER_TARGETS.createP99AtRateMs} ms at ${ORDER_TARGETS.createRate} req/s, 0 errors: ${create.p99} ms (p50 ${create.p50} ms), ${create.errors + create.non2xx} errors — ${met(create.p99 <= ORDER_TARGETS.createP99AtRateMs && create.errors + create.non2xx === 0)}`,
      `  stock exactly consistent after ${orders.orders} orders: ${orders.stock.map((s) => `${s.code} reserved ${s.reserved}, taken ${s.taken}`).join('; ')} — ${met(stockExact && orders.stock.length > 0)}`,
    ],
  };
}

async function main(): Promise<void> {
  ensureBuilt();
  const ordersOnly = mode === 'orders';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const shopEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL,
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(repoRoot, 'dist'),
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString('base64url'),
    // The log adapter: the codes go to the (discarded) log, nothing is sent.
    OTP_DELIVERY: 'log',
    OTP_ALLOW_LOG_IN_PRODUCTION: 'true',
    // Orders are paid with the sandbox: no money moves in a benchmark.
    PAYMENT_PROVIDER: 'sandbox',
    SANDBOX_IN_PRODUCTION: 'true',
    // Every request comes from 127.0.0.1: the per-IP and per-network limits are raised for the run, the per-number one kept.
    OTP_IP_LIMIT_PER_HOUR: '10000000',
    OTP_NETWORK_LIMIT_PER_HOUR: '10000000',
    // The shop-wide hourly cap on codes (1,000 by default) would refuse the mixed workload's codes within seconds.
    OTP_GLOBAL_LIMIT_PER_HOUR: '10000000',
  };
  const children: Child[] = [];
  const stopAll = () => Promise.all(children.map((c) => c.stop()));
  const onSignal = () => void stopAll().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (ordersOnly) {
      const orders = await ordersPart(children, shopEnv);
      console.log(`\nnpm run bench -- orders: ${DURATION_S} s per run, Node ${process.version}\n`);
      console.log(table(orders.rows));
      console.log('\ntargets');
      for (const line of orders.targets) console.log(line);
      return;
    }
    const bare = await startChild('bare', { ...process.env, NODE_ENV: 'production' });
    children.push(bare);
    const shop = await startChild('shop', shopEnv);
    children.push(shop);
    process.stderr.write(
      `[bench] ${DURATION_S} s per run, ${CONNECTIONS} connections, database: ${shop.database}\n`,
    );

    packageRequests = await answered(shop.port, packageRequests);
    const unanswered = referenceRequests.length - (await answered(shop.port, referenceRequests)).length;
    if (unanswered > 0) throw new Error(`${unanswered} of the reference reads are not answered with 200`);
    const estimates = await estimateRequests(shop.port, dataDir);
    await assertAnswered(shop.port, estimates, 'price estimate');
    // Warm both (JIT, the catalogue's first load) before measuring.
    await cannon(bare.port, { duration: 2 });
    await cannon(shop.port, {
      duration: 2,
      requests: [
        ...packageRequests,
        ...asBrowser(packageRequests),
        ...priceListRequests('IN'),
        ...referenceRequests,
        ...estimates,
      ],
    });

    const rows: Row[] = [];
    rows.push(await measure(bare, 'bare Fastify route (GET /)', {}));
    const healthz = await measure(shop, 'GET /healthz', { requests: [{ method: 'GET', path: '/healthz' }] });
    rows.push(healthz);
    const pkg = await measure(shop, 'GET /api/commerce/packages/1/v1/', {
      requests: [{ method: 'GET', path: '/api/commerce/packages/1/v1/' }],
    });
    rows.push(pkg);
    const priceLists = await measure(shop, 'price lists (PWA pages, IN)', {
      requests: priceListRequests('IN'),
    });
    rows.push(priceLists);
    const catalogue = await measure(
      shop,
      `catalogue reads (${packageRequests.length} package/country pairs)`,
      {
        requests: packageRequests,
      },
    );
    rows.push(catalogue);
    const catalogueBrowser = await measure(shop, 'catalogue reads, as a browser (accept-encoding: br)', {
      requests: asBrowser(packageRequests),
    });
    rows.push(catalogueBrowser);
    const reference = await measure(shop, 'reference reads (states, pickup, shipping, pincode)', {
      requests: referenceRequests,
    });
    rows.push(reference);
    const estimate = await measure(shop, 'price estimate (plain, with pincode and state, with a coupon)', {
      requests: estimates,
    });
    rows.push(estimate);
    rows.push(
      await measure(shop, 'mixed buyer workload (1 in 10 a sign-in code)', { requests: mixedRequests() }),
    );
    const atRate = await measure(shop, 'catalogue reads at 200 req/s', {
      requests: packageRequests,
      connections: 10,
      overallRate: 200,
    });
    rows.push(atRate);

    process.stderr.write('[bench] /healthz under 100 concurrent catalogue clients …\n');
    shop.reset();
    const [, healthUnderLoad] = await Promise.all([
      cannon(shop.port, { requests: packageRequests, connections: 100 }),
      cannon(shop.port, { requests: [{ method: 'GET', path: '/healthz' }], connections: 1 }),
    ]);
    const underLoad = rowOf(
      'GET /healthz beside 100 catalogue clients',
      healthUnderLoad,
      (await shop.loop()).p99,
    );
    rows.push(underLoad);

    const orders = await ordersPart(children, shopEnv);
    rows.push(...orders.rows);

    const bareRate = rows[0]?.reqPerSec ?? 1;
    for (const row of rows) row.ratio = row.reqPerSec / bareRate;

    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const ratio = (row: Row) => (row.ratio ?? 0).toFixed(2);
    console.log(
      `\nnpm run bench: ${DURATION_S} s per run, ${CONNECTIONS} connections unless noted, Node ${process.version}, ` +
        `database ${shop.database}, NODE_ENV=production, logger pino level '${LOG_LEVEL}' (production's default; one line per request, to /dev/null)\n`,
    );
    console.log(table(rows));
    console.log(
      "\nratio: req/s over the bare route in this run; loop p99: the server's event-loop delay p99 during the run\n",
    );
    console.log('targets');
    console.log(
      `  /healthz ≥ 0.5 of bare: ${ratio(healthz)} — ${met((healthz.ratio ?? 0) >= TARGETS.healthzRatio)}`,
    );
    const slowestCatalogue = [pkg, catalogue, catalogueBrowser, reference].reduce((a, b) =>
      (a.ratio ?? 0) <= (b.ratio ?? 0) ? a : b,
    );
    console.log(
      `  catalogue and reference reads ≥ 0.25 of bare (slowest: ${slowestCatalogue.name}): ${ratio(slowestCatalogue)} — ${met((slowestCatalogue.ratio ?? 0) >= TARGETS.catalogueRatio)}`,
    );
    console.log(
      `  price estimate ≥ 0.1 of bare: ${ratio(estimate)} — ${met((estimate.ratio ?? 0) >= TARGETS.estimateRatio)}`,
    );
    console.log(
      `  catalogue reads p99 ≤ 25 ms at 200 req/s: ${atRate.p99} ms — ${met(atRate.p99 <= TARGETS.catalogueP99AtRateMs && atRate.errors === 0)}`,
    );
    console.log(
      `  /healthz p99 ≤ 50 ms beside 100 catalogue clients: ${underLoad.p99} ms — ${met(underLoad.p99 <= TARGETS.healthzP99UnderLoadMs && underLoad.errors === 0)}`,
    );
    for (const line of orders.targets) console.log(line);
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const run = mode === '--serve-bare' ? serveBare : mode === '--serve-shop' ? serveShop : main;
run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
