import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, maintenanceWindow, packages } from './db/schema';
import { describeOnPostgres, TEST_DATABASE_URL, type TestApp, testApp } from './testing';

describe('testApp', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    [first, second] = await Promise.all([testApp(), testApp()]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('runs on the database this run is for', () => {
    expect(first.kind).toBe(TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('gives each app a seeded database of its own', async () => {
    const rows = async (shop: TestApp, table: typeof packages | typeof coupons) =>
      (await shop.db.select({ n: count() }).from(table))[0]?.n;
    const seeded = await rows(first, packages);
    expect(seeded).toBeGreaterThan(0);
    await first.db.delete(coupons);
    expect(await rows(first, coupons)).toBe(0);
    expect(await rows(second, coupons)).toBeGreaterThan(0);
    expect(await rows(second, packages)).toBe(seeded);
  });

  it('records the text of the queries its database runs', async () => {
    const since = first.queries.length;
    await first.db.select().from(maintenanceWindow);
    // The app's own background loads (coupons, associate codes) may land in the log meanwhile on a busy host.
    const recorded = first.queries.slice(since).filter((query) => query.includes('maintenance_window'));
    expect(recorded).toEqual([expect.stringMatching(/from "maintenance_window"/)]);
  });
});

describeOnPostgres('many connections', { timeout: 10_000 }, () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await testApp();
  });
  afterAll(async () => {
    await shop.close();
  });

  it('runs two transactions at once: a row one holds locked is refused to the other', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = shop.db.transaction(async (tx) => {
      await tx.execute(sql`select id from packages order by id limit 1 for update`);
      locked();
      await held;
    });
    await isLocked;
    // On a one-connection database this second transaction could not even begin while the first is open.
    const other = shop.db.transaction((tx) =>
      tx.execute(sql`select id from packages order by id limit 1 for update nowait`),
    );
    await expect(other).rejects.toMatchObject({ cause: expect.objectContaining({ code: '55P03' }) });
    release();
    await holder;
    // Once the first commits, the row is free again.
    await expect(
      shop.db.transaction((tx) =>
        tx.execute(sql`select id from packages order by id limit 1 for update nowait`),
      ),
    ).resolves.toBeDefined();
  });
});
