import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Config, ConfigError } from './config';
import { openDatabase } from './db/client';
import { activeDemoCodes } from './db/seed/demo-codes';
import { couponsViaDatabase } from './modules/checkout/cli';
import { invitesViaDatabase } from './modules/invites/cli';
import { startServer } from './serve';
import {
  describeOnPglite,
  memoryLogger,
  postgresTestDatabase,
  TEST_DATABASE_URL,
  testConfig,
} from './testing';

// A production start (NODE_ENV=production) and the README's demo codes: never seeded there, and a database that
// still takes them (one seeded in development) does not open for business.

const PRODUCTION: Partial<Config> = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'production-start-test-secret-0123456789',
  PAYMENT_PROVIDER: 'sandbox',
  SANDBOX_IN_PRODUCTION: true,
  OTP_ALLOW_LOG_IN_PRODUCTION: true,
  STATIC_DIR: '/nonexistent',
  HOST: '127.0.0.1',
  PORT: 0,
};
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database migrated and seeded as a development start leaves it: on PostgreSQL, or in a PGlite data dir. */
async function developmentDatabase(): Promise<Partial<Config>> {
  if (TEST_DATABASE_URL) {
    const database = await postgresTestDatabase();
    cleanups.push(database.drop);
    return { DATABASE_URL: database.url };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-dev-data-'));
  await (await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined, NODE_ENV: 'development' })).close();
  return { DATA_DIR: dataDir };
}

async function start(config: Config, logger = memoryLogger().logger) {
  const server = await startServer(config, logger);
  cleanups.push(server.stop);
  return server;
}

/** The estimate of a business licence with an invite code and of a SOLO kit with a coupon, from a running shop. */
async function estimates(port: number, codes: { invite_code: string; coupon_code: string }) {
  const base = `http://127.0.0.1:${port}/api/commerce`;
  const listed = await fetch(
    `${base}/packages/available/price_estimate/v1/?package_codes=BUSINESS_LICENCE,SOLO&country_name_enum=IN`,
  );
  const packages = (await listed.json()).packages as {
    package_id: number;
    package_code: string;
    products: { product_id: number; product_code: string; quantity: number }[];
  }[];
  const line = (code: string, product?: string) => {
    const pkg = packages.find((p) => p.package_code === code);
    const products = (pkg?.products ?? []).filter((p) =>
      product ? p.product_code === product : p.quantity > 0,
    );
    return {
      package_id: pkg?.package_id,
      products: products.map((p) => ({ product_id: p.product_id, quantity: product ? 1 : p.quantity })),
    };
  };
  const ask = (body: object) =>
    fetch(`${base}/orders/price_estimate/multiple_packages/v2/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const invite = await ask({
    packages: [line('BUSINESS_LICENCE', 'IBC_BASIC_LICENCE')],
    invite_code: codes.invite_code,
  });
  const coupon = await ask({ packages: [line('SOLO')], coupon_code: codes.coupon_code });
  return {
    invite: { status: invite.status, body: await invite.json() },
    coupon: { status: coupon.status, body: await coupon.json() },
  };
}

describe('a production start with the demo codes in its database', () => {
  it('refuses to start and names them; DEMO_CODES_IN_PRODUCTION starts a staging shop that says so; revoked, they let it open', async () => {
    const config = testConfig({ ...PRODUCTION, ...(await developmentDatabase()) });

    const refused = await startServer(config, memoryLogger().logger).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    const reason = (refused as Error).message;
    expect(reason).toMatch(/^Refusing to start: the database still accepts the demo codes/);
    for (const named of [
      'invite BUSINESS-DEMO',
      'invite BUSINESS-ONCE',
      'coupon WELCOME10',
      'coupon FLAT500',
    ]) {
      expect(reason).toContain(named);
    }
    // The expired ones take nothing: not named.
    expect(reason).not.toContain('BUSINESS-2024');
    expect(reason).not.toContain('DIWALI2024');
    expect(reason).toContain('DEMO_CODES_IN_PRODUCTION=true');

    const log = memoryLogger();
    const staging = await start({ ...config, DEMO_CODES_IN_PRODUCTION: true }, log.logger);
    const warning = log.lines().find((line) => String(line.msg).startsWith('DEMO_CODES_IN_PRODUCTION'));
    expect(warning?.level).toBe(40);
    expect(String(warning?.msg)).toContain('invite BUSINESS-DEMO');
    const demo = await estimates(staging.port, { invite_code: 'BUSINESS-DEMO', coupon_code: 'WELCOME10' });
    expect([demo.invite.status, demo.coupon.status]).toEqual([200, 200]);
    await staging.stop();

    // The operator revokes them all (no server runs): the same database now opens for business.
    const database = await openDatabase(config);
    try {
      for (const { kind, code } of await activeDemoCodes(database.db, new Date())) {
        if (kind === 'invite')
          await invitesViaDatabase(database.db, { kind: 'revoke', input: { code_or_id: code } });
        else await couponsViaDatabase(database.db, { kind: 'revoke', input: { code } });
      }
      expect(await activeDemoCodes(database.db, new Date())).toEqual([]);
    } finally {
      await database.close();
    }
    const open = await start(config);
    const after = await estimates(open.port, { invite_code: 'BUSINESS-DEMO', coupon_code: 'WELCOME10' });
    expect([after.invite.status, after.coupon.status]).toEqual([400, 400]);
  }, 120_000);
});

// PGlite only: a fresh data dir is the quickest fresh database; the seed's choice is the same on PostgreSQL.
describeOnPglite('a fresh production database', () => {
  it('is seeded without the demo codes: BUSINESS-DEMO and WELCOME10 are refused at the estimate', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-prod-data-'));
    const shop = await start(testConfig({ ...PRODUCTION, DATA_DIR: dataDir }));
    const answers = await estimates(shop.port, { invite_code: 'BUSINESS-DEMO', coupon_code: 'WELCOME10' });
    expect(answers.invite).toMatchObject({ status: 400, body: { data: { field: 'invite_code' } } });
    expect(answers.coupon).toMatchObject({
      status: 400,
      body: { data: { field: 'coupon_code', message: 'This coupon code is not valid' } },
    });
    // The catalogue is there all the same.
    const solo = await estimates(shop.port, { invite_code: 'BUSINESS-DEMO', coupon_code: '' });
    expect(solo.coupon.status).toBe(200);
  }, 60_000);
});
