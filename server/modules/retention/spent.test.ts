import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PackageWithEstimate } from '@contract/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adAssetUploads,
  associateUploads,
  oidcFlows,
  orderIdempotencyKeys,
  otpCodes,
  socialTickets,
} from '../../db/schema';
import { PNG, uploadFile } from '../../storage/testing';
import { describeOnPostgres, type TestApp, testApp } from '../../testing';
import { type ProofKeys, registrationBody } from '../associates/testing';
import {
  type Buyer,
  createOrder,
  get,
  loadCatalogue,
  orderBody,
  post,
  signIn,
  testNumbers,
} from '../orders/testing';

/*
 * The retention sweep deletes what is past its use: uploads no registration or live booking uses (rows and bytes,
 * on disk and in the bucket), one-time codes past their expiry and order Idempotency-Keys past a retry.
 */

const HOUR_MS = 3_600_000;
/** The seeded ad venues take bookings from 2026-01-01 to two years after seeding. */
const START = new Date('2026-12-01T10:00:00+05:30');
const CONFIG = {
  ACCESS_TOKEN_TTL_SECONDS: 86_400 * 30,
  AUTH_SECRET: 'retention-spent-test-secret-'.repeat(2),
};

let clock = START;
const now = () => clock;
const later = (hours: number) => {
  clock = new Date(clock.getTime() + hours * HOUR_MS);
};

async function proofKey(app: TestApp['app'], buyer: Buyer, purpose: 'pan' | 'gst' | 'bank') {
  const res = await uploadFile(app, buyer.token, { purpose }, PNG);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().key as string;
}

async function creativeUrl(app: TestApp['app'], buyer: Buyer) {
  const res = await uploadFile(app, buyer.token, 'ad', PNG);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().asset_url as string;
}

const keyOf = (assetUrl: string) => new URLSearchParams(assetUrl.split('?')[1]).get('key') ?? '';

async function register(app: TestApp['app'], buyer: Buyer, keys: ProofKeys) {
  const res = await post(app, buyer, '/api/associates/associate/register/v1/', registrationBody(keys));
  expect(res.statusCode, res.body).toBe(201);
}

let orderKeys = 0;

/** An unpaid ad order for one screen on one day, showing `assetUrl`; its id. */
async function bookAd(
  app: TestApp['app'],
  buyer: Buyer,
  arena: PackageWithEstimate,
  day: string,
  assetUrl: string,
) {
  const product = arena.products[0];
  if (!product || !arena.ad_details) throw new Error('the arena package has no product');
  const created = await createOrder(
    app,
    buyer,
    orderBody(
      buyer,
      [{ package_id: arena.package_id, products: [{ product_id: product.product_id, quantity: 1 }] }],
      {
        shipping_details: null,
        ad_event_order_details: {
          ad_config_id: arena.ad_details.ad_config_id,
          venue: 'IBC Cricket Arena, Lower Parel, Mumbai',
          device_codes: ['MUM-ARENA-BAY-1'],
          datetime_range: { from_datetime: `${day} 00:00:00`, to_datetime: `${day} 23:59:59` },
        },
      },
    ),
    `retention-ad-${++orderKeys}`,
  );
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().order_id as string;
  const shown = await post(app, buyer, '/api/invoicing/add_event_orders_details/v1/', {
    order_id: orderId,
    ad_assets: [{ asset_url: assetUrl, asset_template_image_config_id: null }],
  });
  expect(shown.statusCode, shown.body).toBe(200);
  return orderId;
}

async function uploadRows() {
  const proofs = await shop.db.select({ key: associateUploads.key }).from(associateUploads);
  const assets = await shop.db.select({ key: adAssetUploads.key }).from(adAssetUploads);
  return new Set([...proofs, ...assets].map((row) => row.key));
}

let shop: TestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'retention-uploads-'));
const onDisk = (key: string) => existsSync(join(dataDir, 'uploads', key));

beforeAll(async () => {
  shop = await testApp({ now, config: { ...CONFIG, DATA_DIR: dataDir, OTP_TEST_NUMBERS: testNumbers(16) } });
});

afterAll(async () => {
  await shop?.close();
});

describe('uploads nobody uses (on disk)', () => {
  it('deletes rows and files older than UPLOAD_ORPHAN_HOURS that no registration or live booking uses, and keeps the rest', async () => {
    clock = START;
    const associate = await signIn(shop.app, 1);
    const advertiser = await signIn(shop.app, 2);
    const arena = (await loadCatalogue(shop.app, ['AD_MUMBAI_ARENA'])).get(
      'AD_MUMBAI_ARENA',
    ) as PackageWithEstimate;

    const registered = {
      bank: await proofKey(shop.app, associate, 'bank'),
      pan: await proofKey(shop.app, associate, 'pan'),
      gst: await proofKey(shop.app, associate, 'gst'),
    };
    await register(shop.app, associate, registered);
    const unusedProof = await proofKey(shop.app, associate, 'pan');
    const pendingCreative = await creativeUrl(shop.app, advertiser);
    // Another advertiser's: one buyer's second order for the same screens would replace their first.
    const other = await signIn(shop.app, 3);
    const cancelledCreative = await creativeUrl(shop.app, other);
    const unusedCreative = await creativeUrl(shop.app, advertiser);

    later(24);
    const youngProof = await proofKey(shop.app, associate, 'gst');
    later(1);
    // An unpaid order made now shows the day-old creative; a cancelled one no longer holds its own.
    await bookAd(shop.app, advertiser, arena, '2027-03-10', pendingCreative);
    const cancelled = await bookAd(shop.app, other, arena, '2027-03-11', cancelledCreative);
    const cancel = await get(shop.app, other, `/api/commerce/order/${cancelled}/cancel/v1/`);
    expect(cancel.json().order_status).toBe('CANCELLED');

    const gone = [unusedProof, keyOf(cancelledCreative), keyOf(unusedCreative)];
    const kept = [...Object.values(registered), youngProof, keyOf(pendingCreative)];
    for (const key of [...gone, ...kept]) expect(onDisk(key), key).toBe(true);

    const result = await shop.app.retention.sweep();

    expect(result.orphanUploads).toBe(3);
    const rows = await uploadRows();
    for (const key of gone) {
      expect(rows.has(key), key).toBe(false);
      expect(onDisk(key), key).toBe(false);
    }
    for (const key of kept) {
      expect(rows.has(key), key).toBe(true);
      expect(onDisk(key), key).toBe(true);
    }
    const read = await get(
      shop.app,
      associate,
      `/api/associates/associate/upload/v1/?key=${encodeURIComponent(unusedProof)}`,
    );
    expect(read.statusCode).toBe(404);
    expect((await shop.app.retention.sweep()).orphanUploads).toBe(0);
  });
});

describe('uploads nobody uses (in an S3-compatible bucket)', () => {
  /** A bucket in memory that speaks just enough S3 (PUT, GET, DELETE of an object) and keeps who signed what. */
  const objects = new Map<string, Buffer>();
  const requests: { method: string; path: string; authorization: string }[] = [];
  let bucket: Server;
  let endpoint = '';

  beforeAll(async () => {
    bucket = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://bucket').pathname);
      requests.push({
        method: req.method ?? '',
        path,
        authorization: String(req.headers.authorization ?? ''),
      });
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method === 'PUT') objects.set(path, Buffer.concat(chunks));
        if (req.method === 'DELETE') objects.delete(path);
        if (req.method === 'GET' && !objects.has(path)) res.writeHead(404).end('NoSuchKey');
        else if (req.method === 'DELETE') res.writeHead(204).end();
        else res.writeHead(200).end(req.method === 'GET' ? objects.get(path) : undefined);
      });
    });
    await new Promise<void>((resolve) => bucket.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(bucket.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => bucket.close(resolve));
  });

  it('deletes an unused file from the bucket by a signed DELETE and keeps a young one', async () => {
    clock = START;
    const app = shop.build({
      now,
      config: {
        ...CONFIG,
        OTP_TEST_NUMBERS: testNumbers(4),
        S3_BUCKET: 'proofs',
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'bucket-secret',
      },
    });
    await app.ready();
    try {
      const owner = await signIn(app, 3);
      const old = await proofKey(app, owner, 'bank');
      const oldCreative = keyOf(await creativeUrl(app, owner));
      later(30);
      const young = await proofKey(app, owner, 'bank');
      expect([...objects.keys()].sort()).toEqual(
        [`/proofs/${old}`, `/proofs/${oldCreative}`, `/proofs/${young}`].sort(),
      );

      expect((await app.retention.sweep()).orphanUploads).toBe(2);

      expect([...objects.keys()]).toEqual([`/proofs/${young}`]);
      const deletes = requests.filter((r) => r.method === 'DELETE');
      expect(deletes.map((r) => r.path).sort()).toEqual([`/proofs/${old}`, `/proofs/${oldCreative}`].sort());
      for (const r of deletes) expect(r.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
      const rows = await uploadRows();
      expect(rows.has(old)).toBe(false);
      expect(rows.has(young)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('one-time codes and Idempotency-Keys past their use', () => {
  it('deletes codes, sign-in flows and tickets a day past expiry and keys a day old, and keeps newer ones', async () => {
    clock = new Date(START.getTime() + 100 * HOUR_MS);
    const buyer = await signIn(shop.app, 4);
    const hoursAgo = (hours: number) => new Date(clock.getTime() - hours * HOUR_MS);
    for (const [tag, expired] of [
      ['old', 25],
      ['fresh', 23],
    ] as const) {
      await shop.db.insert(otpCodes).values({
        purpose: 'phone_sign_in',
        subject: `+9100000000${tag === 'old' ? 1 : 2}`,
        codeHash: tag,
        createdAt: hoursAgo(expired + 1),
        expiresAt: hoursAgo(expired),
      });
      await shop.db.insert(oidcFlows).values({
        stateHash: `state-${tag}`,
        codeVerifier: 'v',
        nonce: 'n',
        flowTokenHash: 'f',
        createdAt: hoursAgo(expired + 1),
        expiresAt: hoursAgo(expired),
      });
      await shop.db.insert(socialTickets).values({
        ticketHash: `ticket-${tag}`,
        issuer: 'https://issuer.example',
        subject: tag,
        createdAt: hoursAgo(expired + 1),
        expiresAt: hoursAgo(expired),
      });
    }
    await shop.db.insert(orderIdempotencyKeys).values([
      { userId: buyer.userId, key: 'key-old', requestHash: 'h', orderId: null, createdAt: hoursAgo(25) },
      { userId: buyer.userId, key: 'key-fresh', requestHash: 'h', orderId: null, createdAt: hoursAgo(23) },
    ]);

    const result = await shop.app.retention.sweep();

    expect(result.oneTimeCodes).toBeGreaterThanOrEqual(3);
    expect(result.idempotencyKeys).toBeGreaterThanOrEqual(1);
    const codes = await shop.db.select({ hash: otpCodes.codeHash }).from(otpCodes);
    expect(codes.map((c) => c.hash)).toContain('fresh');
    expect(codes.map((c) => c.hash)).not.toContain('old');
    expect((await shop.db.select().from(oidcFlows)).map((f) => f.stateHash)).toEqual(['state-fresh']);
    expect((await shop.db.select().from(socialTickets)).map((t) => t.ticketHash)).toEqual(['ticket-fresh']);
    const keys = await shop.db
      .select({ key: orderIdempotencyKeys.key })
      .from(orderIdempotencyKeys)
      .where(eq(orderIdempotencyKeys.userId, buyer.userId));
    expect(keys.map((k) => k.key)).toEqual(['key-fresh']);
  });
});

describeOnPostgres('the sweep racing a registration in another process', () => {
  it('never deletes a proof a registration names: the registration either keeps all its proofs or is told to upload again', async () => {
    const other = shop.build({
      now,
      config: { ...CONFIG, DATA_DIR: dataDir, OTP_TEST_NUMBERS: testNumbers(16) },
    });
    await other.ready();
    try {
      for (let n = 5; n <= 16; n++) {
        clock = new Date(START.getTime() + n * 100 * HOUR_MS);
        const buyer = await signIn(shop.app, n);
        const keys = {
          bank: await proofKey(shop.app, buyer, 'bank'),
          pan: await proofKey(shop.app, buyer, 'pan'),
          gst: await proofKey(shop.app, buyer, 'gst'),
        };
        later(25);
        const [registered] = await Promise.all([
          post(shop.app, buyer, '/api/associates/associate/register/v1/', registrationBody(keys)),
          other.retention.sweep(),
        ]);
        const rows = await uploadRows();
        if (registered.statusCode === 201) {
          for (const key of Object.values(keys)) {
            expect(rows.has(key), key).toBe(true);
            expect(onDisk(key), key).toBe(true);
          }
        } else {
          expect(registered.statusCode, registered.body).toBe(400);
          expect(registered.json().data.message).toBe('Upload this proof again: we do not have it');
        }
      }
    } finally {
      await other.close();
    }
  });
});
