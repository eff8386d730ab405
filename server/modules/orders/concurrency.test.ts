import { randomBytes } from 'node:crypto';
import type { PackageWithEstimate } from '@contract/catalogue';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { type OpenDatabase, openDatabase } from '../../db/client';
import { orders, products } from '../../db/schema';
import { memoryLogger, testConfig } from '../../testing';
import {
  type Buyer,
  createOrder,
  loadCatalogue,
  orderBody,
  signIn,
  testNumbers,
  wholePackage,
} from './testing';

/*
 * What concurrent buyers do to rows, on PostgreSQL with real parallel connections (PGlite has one connection, so it
 * cannot show it). Runs when TEST_DATABASE_URL names a server this test may create a throw-away database on.
 */

const url = process.env.TEST_DATABASE_URL;

/** A fresh database on the server TEST_DATABASE_URL names, migrated and seeded. */
async function freshDatabase(base: string): Promise<{ database: OpenDatabase; drop(): Promise<void> }> {
  const name = `orders_concurrency_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(base);
  target.pathname = `/${name}`;
  const database = await openDatabase({ DATA_DIR: 'memory://', DATABASE_URL: target.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name}`);
      await cleanup.end();
    },
  };
}

describe.runIf(Boolean(url))('orders under concurrency (PostgreSQL)', () => {
  const NOW = new Date('2026-06-01T10:00:00+05:30');
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let app: App;
  let solo: PackageWithEstimate;
  let buyer: Buyer;

  beforeAll(async () => {
    fresh = await freshDatabase(url ?? '');
    app = buildApp({
      logger: memoryLogger().logger,
      now: () => NOW,
      db: fresh.database.db,
      config: testConfig({ OTP_TEST_NUMBERS: testNumbers(2), ACCESS_TOKEN_TTL_SECONDS: 86_400 }),
    });
    await app.ready();
    solo = (await loadCatalogue(app, ['SOLO'])).get('SOLO') as PackageWithEstimate;
    buyer = await signIn(app, 1);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await fresh?.drop();
  });

  async function stock(code: string) {
    const [row] = await fresh.database.db.select().from(products).where(eq(products.productCode, code));
    return row?.availableQuantity ?? -1;
  }

  it('50 concurrent identical creates with one key make one order and one provider payment', async () => {
    const before = await stock('IBC_VR_HEADSET');
    const body = orderBody([wholePackage(solo)]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => createOrder(app, buyer, body, 'one-key-for-fifty')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => s === 200),
      JSON.stringify(answers.find((a) => a.statusCode !== 200)?.body),
    ).toBe(true);
    const ids = new Set(answers.map((a) => a.json().order_id));
    const providerOrders = new Set(answers.map((a) => a.json().payment_details.provider_order_id));
    expect(ids.size).toBe(1);
    expect(providerOrders.size).toBe(1);
    const rows = await fresh.database.db.select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(rows).toHaveLength(1);
    expect(await stock('IBC_VR_HEADSET')).toBe(before - 1);
  }, 60_000);

  it('concurrent orders for the last N units sell exactly N', async () => {
    const N = 5;
    await fresh.database.db
      .update(products)
      .set({ availableQuantity: N })
      .where(eq(products.productCode, 'IBC_VR_HEADSET'));
    const body = orderBody([wholePackage(solo)]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createOrder(app, buyer, body, `last-units-${i}`)),
    );
    const sold = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(sold).toHaveLength(N);
    expect(
      refused.every((a) => a.statusCode === 409),
      refused.map((a) => a.body).join('\n'),
    ).toBe(true);
    expect(await stock('IBC_VR_HEADSET')).toBe(0);
  }, 60_000);
});
