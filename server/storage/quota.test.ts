import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBodySchema } from '@contract/common';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adAssetUploads, associateUploads } from '../db/schema';
import { type Buyer, signIn, testNumbers } from '../modules/orders/testing';
import { describeOnPostgres, type TestApp, testApp } from '../testing';
import { PNG, pngOfSize, uploadFile } from './testing';

/*
 * Uploads are bounded per account and purpose (files and bytes kept) and for the whole shop per hour: one account
 * can no longer fill the disk (79 files, 395 MB in 7 s from one account before).
 */

const KB = 1024;
let clock = new Date('2031-03-01T10:00:00Z');
const now = () => clock;
const nextHour = () => {
  clock = new Date(clock.getTime() + 3600_000);
};
let address = 0;
/** A fresh address per upload: the per-address hourly limit is not what these tests are about. */
const anotherAddress = () => `203.0.113.${(address++ % 250) + 1}`;

function refused(res: { statusCode: number; body: string; json(): unknown }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const data = errorBodySchema.parse(res.json()).data;
  expect(data.http_status_code).toBe(status);
  return data;
}

async function rows(table: typeof associateUploads | typeof adAssetUploads, userId: string) {
  const [row] = await shop.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return row?.n ?? 0;
}

/** One secret for every app on the database, so a buyer signed in on one is signed in on all (as across processes). */
const DATA_DIR = mkdtempSync(join(tmpdir(), 'quota-test-'));
const CONFIG = {
  DATA_DIR,
  OTP_TEST_NUMBERS: testNumbers(8),
  ACCESS_TOKEN_TTL_SECONDS: 86_400,
  AUTH_SECRET: 'quota-test-secret-'.repeat(3),
};

let shop: TestApp;
let buyers: Buyer[];

beforeAll(async () => {
  shop = await testApp({
    now,
    config: CONFIG,
  });
  buyers = [];
  for (let n = 1; n <= 8; n++) buyers.push(await signIn(shop.app, n));
});

afterAll(async () => {
  await shop?.close();
});

describe('the quota of one account (defaults: 20 files, 50 MB per purpose)', () => {
  it('keeps 20 files of one purpose, refuses the 21st with 429 and a way out, and leaves other purposes and accounts alone', async () => {
    const [owner, other] = buyers as [Buyer, Buyer];
    for (let i = 0; i < 20; i++) {
      const res = await uploadFile(shop.app, owner.token, { purpose: 'pan' }, PNG, anotherAddress());
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await uploadFile(shop.app, owner.token, { purpose: 'pan' }, PNG, anotherAddress());
    const data = refused(over, 429);
    expect(data.message).toBe(
      'You have 20 PAN proof files with us, the most we keep. Use one you uploaded, or try again later: files you do not use are removed 24 hours after upload.',
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rows(associateUploads, owner.userId)).toBe(20);

    expect(
      (await uploadFile(shop.app, owner.token, { purpose: 'gst' }, PNG, anotherAddress())).statusCode,
    ).toBe(201);
    expect((await uploadFile(shop.app, owner.token, 'ad', PNG, anotherAddress())).statusCode).toBe(201);
    expect(
      (await uploadFile(shop.app, other.token, { purpose: 'pan' }, PNG, anotherAddress())).statusCode,
    ).toBe(201);
  });

  it('refuses ad creatives past the file quota in an hour of their own too', async () => {
    const owner = buyers[2] as Buyer;
    for (let i = 0; i < 20; i++) {
      expect((await uploadFile(shop.app, owner.token, 'ad', PNG, anotherAddress())).statusCode).toBe(201);
    }
    nextHour();
    refused(await uploadFile(shop.app, owner.token, 'ad', PNG, anotherAddress()), 429);
    expect(await rows(adAssetUploads, owner.userId)).toBe(20);
  });

  it('refuses a file that would take the account past its megabytes with 413, and stores nothing of it', async () => {
    const owner = buyers[3] as Buyer;
    const fourMb = pngOfSize(4 * 1024 * KB);
    for (let i = 0; i < 12; i++) {
      expect(
        (await uploadFile(shop.app, owner.token, { purpose: 'bank' }, fourMb, anotherAddress())).statusCode,
      ).toBe(201);
    }
    // 48 MB kept: a 4 MB file would make 52.
    const data = refused(
      await uploadFile(shop.app, owner.token, { purpose: 'bank' }, fourMb, anotherAddress()),
      413,
    );
    expect(data.field).toBe('file');
    expect(data.message).toMatch(
      /^Your bank proof files come to 48 MB of the 50 MB we keep for you\. Choose a smaller file/,
    );
    expect(await rows(associateUploads, owner.userId)).toBe(12);
    expect(readdirSync(join(DATA_DIR, 'uploads', 'associates', 'bank', owner.userId))).toHaveLength(12);
    // A small one still fits.
    expect(
      (await uploadFile(shop.app, owner.token, { purpose: 'bank' }, PNG, anotherAddress())).statusCode,
    ).toBe(201);
  });
});

describe('the shop-wide budget per hour', () => {
  let small: TestApp['app'];

  beforeAll(async () => {
    small = shop.build({
      now,
      config: { ...CONFIG, UPLOAD_SHOP_MB_PER_HOUR: 1 },
    });
    await small.ready();
  });

  afterAll(async () => {
    await small?.close();
  });

  it('takes 1 MB an hour from all accounts together, refuses the rest with 429 and Retry-After, and takes more the next hour', async () => {
    nextHour();
    const [a, b, c] = buyers.slice(4) as [Buyer, Buyer, Buyer];
    const file = pngOfSize(400 * KB);
    expect((await uploadFile(small, a.token, { purpose: 'pan' }, file, anotherAddress())).statusCode).toBe(
      201,
    );
    expect((await uploadFile(small, b.token, 'ad', file, anotherAddress())).statusCode).toBe(201);
    // The third 400 KB would make 1200 KB: refused and not kept.
    const over = await uploadFile(small, c.token, { purpose: 'gst' }, file, anotherAddress());
    expect(refused(over, 429).message).toBe(
      'We are receiving too many files right now. Please try again later.',
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rows(associateUploads, c.userId)).toBe(0);
    // Spent: refused before the file is read.
    refused(await uploadFile(small, c.token, { purpose: 'gst' }, PNG, anotherAddress()), 429);

    nextHour();
    expect((await uploadFile(small, c.token, { purpose: 'gst' }, file, anotherAddress())).statusCode).toBe(
      201,
    );
  });
});

describeOnPostgres('the quota under concurrent uploads from two processes', () => {
  it('never lets one account keep more than its files, however many arrive at once', async () => {
    const config = { ...CONFIG, UPLOAD_FILES_PER_ACCOUNT: 4 };
    const first = shop.build({ now, config });
    const second = shop.build({ now, config });
    await Promise.all([first.ready(), second.ready()]);
    try {
      nextHour();
      const owner = buyers[7] as Buyer;
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          uploadFile(i % 2 ? first : second, owner.token, { purpose: 'pan' }, PNG, anotherAddress()),
        ),
      );
      const codes = answers.map((res) => res.statusCode).sort();
      expect(codes.filter((code) => code === 201)).toHaveLength(4);
      expect(codes.filter((code) => code === 429)).toHaveLength(12);
      expect(await rows(associateUploads, owner.userId)).toBe(4);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
