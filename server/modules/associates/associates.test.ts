import { readFileSync } from 'node:fs';
import { UPLOAD_MAX_BYTES } from '@contract/associates';
import { errorBodySchema } from '@contract/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { associateCodeViews } from '../../db/schema';
import { signInWithPhone, type TestApp, testApp } from '../../testing';
import { registrationBody } from './testing';

let clock = new Date('2026-07-01T09:00:00Z');
const now = () => clock;
const OPERATOR = 'test-operator-token-associates';
const BUYER_A = { phone_number: '9999999931', country_code: '+91' };
const BUYER_B = { phone_number: '9999999932', country_code: '+91' };
const BUYER_C = { phone_number: '9999999933', country_code: '+91' };
const API = '/api/associates';

const PNG = readFileSync(new URL('../../../public/icons/icon-192.png', import.meta.url));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);

let shop: TestApp;
type Buyer = { token: string; userId: string };
let buyerA: Buyer;
let buyerB: Buyer;
let nextIp = 1;
let ip = '';

const signIn = (phone: typeof BUYER_A) => signInWithPhone(shop.app, phone);

beforeAll(async () => {
  shop = await testApp({
    now,
    operatorToken: OPERATOR,
    config: {
      OTP_TEST_NUMBERS: new Map([BUYER_A, BUYER_B, BUYER_C].map((b) => [`+91${b.phone_number}`, '123456'])),
    },
  });
});

afterAll(async () => {
  await shop.close();
});

// Each test in an hour of its own (fresh tokens and limits) and from an address of its own.
beforeEach(async () => {
  clock = new Date(clock.getTime() + 3600 * 1000);
  nextIp += 1;
  ip = `198.51.100.${nextIp}`;
  buyerA = await signIn(BUYER_A);
  buyerB = await signIn(BUYER_B);
});

function multipart(filename: string, content: Buffer, field = 'file') {
  const boundary = '----shop-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(filename: string, content: Buffer, options: { token?: string; purpose?: string } = {}) {
  const body = multipart(filename, content);
  return shop.app.inject({
    method: 'POST',
    url: `${API}/associate/upload/v1/?purpose=${options.purpose ?? 'pan'}`,
    payload: body.payload,
    remoteAddress: ip,
    headers: { ...body.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
  });
}

function readUpload(key: string, token?: string, remoteAddress = '127.0.0.1') {
  return shop.app.inject({
    method: 'GET',
    url: `${API}/associate/upload/v1/?key=${encodeURIComponent(key)}`,
    remoteAddress,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

function refusal(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const data = errorBodySchema.parse(res.json()).data;
  expect(data.http_status_code).toBe(status);
  expect(data.message).not.toBe('');
  return data;
}

async function uploadKey(buyer: Buyer, purpose: 'pan' | 'gst' | 'bank', name = `${purpose}.png`) {
  const res = await upload(name, PNG, { token: buyer.token, purpose });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().key as string;
}

async function registration(buyer: Buyer, over: Parameters<typeof registrationBody>[1] = {}) {
  const keys = {
    bank: await uploadKey(buyer, 'bank'),
    pan: await uploadKey(buyer, 'pan'),
    gst: await uploadKey(buyer, 'gst'),
  };
  return registrationBody(keys, over);
}

function register(payload: unknown, token?: string) {
  return shop.app.inject({
    method: 'POST',
    url: `${API}/associate/register/v1/`,
    payload: payload as object,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

function get(path: string, token?: string) {
  return shop.app.inject({
    method: 'GET',
    url: `${API}${path}`,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

function logView(payload: unknown, headers: Record<string, string> = {}) {
  return shop.app.inject({
    method: 'POST',
    url: `${API}/associate_code_view_event_log/create/v1/`,
    payload: payload as object,
    remoteAddress: ip,
    headers,
  });
}

describe('proof uploads', () => {
  it('keeps a PNG, a JPEG and a PDF under a key of bucket path, owner, name and time', async () => {
    const png = await upload('PAN Card.PNG', PNG, { token: buyerA.token, purpose: 'pan' });
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json()).toMatchObject({ purpose: 'pan', content_type: 'image/png', size: PNG.length });
    expect(png.json().key).toMatch(
      new RegExp(`^associates/pan/${buyerA.userId}/pan-card_20260701\\d{6}_[a-z0-9]{6}\\.png$`),
    );
    const jpeg = await upload('cheque.jpeg', JPEG, { token: buyerA.token, purpose: 'bank' });
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect(jpeg.json().key).toMatch(/\.jpg$/);
    const pdf = await upload('gst.pdf', PDF, { token: buyerA.token, purpose: 'gst' });
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json().content_type).toBe('application/pdf');
  });

  it('refuses a text file named .png, by its content', async () => {
    const data = refusal(
      await upload('pan.png', Buffer.from('just some text, not a picture'), { token: buyerA.token }),
      415,
    );
    expect(data.message).toBe('This file is not a JPEG, JPG, PNG or PDF file.');
    expect(data.field).toBe('file');
  });

  it('refuses a PNG whose name says PDF, and a name of another type', async () => {
    const spoofed = refusal(await upload('pan.pdf', PNG, { token: buyerA.token }), 415);
    expect(spoofed.message).toMatch(/is a PNG but its name says otherwise/);
    refusal(await upload('pan.exe', PNG, { token: buyerA.token }), 415);
  });

  it('refuses a file over the limit and keeps nothing of it', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const data = refusal(await upload('big.pdf', big, { token: buyerA.token }), 413);
    expect(data.message).toBe('This file is over 5 MB. Choose a smaller one.');
  });

  it('needs a signed-in person, a known proof kind and a file', async () => {
    refusal(await upload('pan.png', PNG), 401);
    expect(refusal(await upload('pan.png', PNG, { token: buyerA.token, purpose: 'selfie' }), 400).field).toBe(
      'purpose',
    );
    const json = await shop.app.inject({
      method: 'POST',
      url: `${API}/associate/upload/v1/?purpose=pan`,
      payload: { file: 'x' },
      headers: { authorization: `Bearer ${buyerA.token}` },
      remoteAddress: ip,
    });
    expect(json.statusCode).toBe(415);
    errorBodySchema.parse(json.json());
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const garbled = await shop.app.inject({
        method: 'POST',
        url: `${API}/associate/upload/v1/?purpose=pan`,
        payload: 'not a multipart body',
        headers: { authorization: `Bearer ${buyerA.token}`, 'content-type': contentType },
        remoteAddress: ip,
      });
      expect(garbled.statusCode, garbled.body).toBeGreaterThanOrEqual(400);
      expect(garbled.statusCode, garbled.body).toBeLessThan(500);
      errorBodySchema.parse(garbled.json());
    }
    const whole = multipart('pan.png', PNG);
    const cut = await shop.app.inject({
      method: 'POST',
      url: `${API}/associate/upload/v1/?purpose=pan`,
      payload: whole.payload.subarray(0, whole.payload.length - 40),
      headers: { ...whole.headers, authorization: `Bearer ${buyerA.token}` },
      remoteAddress: ip,
    });
    expect(refusal(cut, 400).field).toBe('file');
    const otherField = multipart('pan.png', PNG, 'photo');
    const wrongField = await shop.app.inject({
      method: 'POST',
      url: `${API}/associate/upload/v1/?purpose=pan`,
      payload: otherField.payload,
      headers: { ...otherField.headers, authorization: `Bearer ${buyerA.token}` },
      remoteAddress: ip,
    });
    expect(refusal(wrongField, 400).field).toBe('file');
  });

  it('is read back by its owner and the operator, and by no one else', async () => {
    const key = await uploadKey(buyerA, 'pan');
    const own = await readUpload(key, buyerA.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);

    refusal(await readUpload(key, buyerB.token), 404);
    refusal(await readUpload(key), 401);
    const operator = await readUpload(key, OPERATOR);
    expect(operator.statusCode).toBe(200);
    expect(operator.rawPayload.equals(PNG)).toBe(true);
    // The operator's token works from this machine only.
    refusal(await readUpload(key, OPERATOR, '203.0.113.5'), 403);
    refusal(await readUpload('../../etc/passwd', buyerA.token), 400);
  });
});

describe('registration', () => {
  it.each([
    [
      'an IFSC off the pattern',
      { bank_payout_details: { ifsc_code: 'HDFC1234567' } },
      'bank_payout_details.ifsc_code',
    ],
    [
      'account numbers that differ',
      { bank_payout_details: { confirm_account_number: '123456789013' } },
      'bank_payout_details.confirm_account_number',
    ],
    [
      'an account number with letters',
      { bank_payout_details: { account_number: '12345678901A' } },
      'bank_payout_details.account_number',
    ],
    [
      'a third account type',
      { bank_payout_details: { bank_account_type: 'Salary' } },
      'bank_payout_details.bank_account_type',
    ],
    ['a PAN off the pattern', { pan_details: { pan_number: 'ABCD1234F' } }, 'pan_details.pan_number'],
    ['a PAN holder without a PAN', { pan_details: { pan_number: undefined } }, 'pan_details.pan_number'],
    ['a GSTIN off the pattern', { gst_details: { gst_in: '29ABCDE1234F0Z5' } }, 'gst_details.gst_in'],
    [
      'a GST registration without its proof',
      { gst_details: { gst_proof_image_s3_key: undefined } },
      'gst_details.gst_proof_image_s3_key',
    ],
    ['a bad pincode', { billing_address_details: { pincode: '5600' } }, 'billing_address_details.pincode'],
  ])('refuses %s with 400 naming the field', async (_case, over, field) => {
    const data = refusal(await register(await registration(buyerA, over), buyerA.token), 400);
    expect(data.field).toBe(field);
  });

  it('refuses an IFSC the bank list does not have', async () => {
    const data = refusal(
      await register(
        await registration(buyerA, { bank_payout_details: { ifsc_code: 'HDFC0ZZZZZ9' } }),
        buyerA.token,
      ),
      400,
    );
    expect(data.field).toBe('bank_payout_details.ifsc_code');
    expect(data.message).toMatch(/We do not know this IFSC/);
  });

  it("refuses another person's proof", async () => {
    const theirs = await uploadKey(buyerB, 'pan');
    const data = refusal(
      await register(
        await registration(buyerA, { pan_details: { pan_details_image_s3_key: theirs } }),
        buyerA.token,
      ),
      400,
    );
    expect(data.field).toBe('pan_details.pan_details_image_s3_key');
  });

  it('needs a signed-in person', async () => {
    refusal(await register(await registration(buyerA)), 401);
  });

  it('makes the person an associate whose code the checkout takes, once', async () => {
    const buyerC = await signIn(BUYER_C);
    const res = await register(await registration(buyerC), buyerC.token);
    expect(res.statusCode, res.body).toBe(201);
    const { associate } = res.json();
    expect(associate.associate_code).toMatch(/^ASHARAO-[A-Z2-9]{4}$/);
    expect(associate).toMatchObject({
      verification_status: 'SUBMITTED',
      payout_status: 'PENDING',
      bank_payout_details: { bank_name: 'HDFC Bank', ifsc_code: 'HDFC0000001', account_number_last4: '9012' },
      pan_details: { pan_number: 'ABCDE1234F' },
    });
    expect(JSON.stringify(associate)).not.toContain('123456789012');

    refusal(await register(await registration(buyerC), buyerC.token), 409);

    const estimate = await shop.app.inject({
      method: 'POST',
      url: '/api/commerce/orders/price_estimate/multiple_packages/v1/',
      payload: {
        packages: [await soloPackage()],
        associate_code: associate.associate_code.toLowerCase(),
      },
    });
    expect(estimate.statusCode, estimate.body).toBe(200);
    expect(estimate.json().association_discount).toBeGreaterThan(0);

    const details = await get('/get_user_associations_details/v1/', buyerC.token);
    expect(details.statusCode).toBe(200);
    expect(details.json().associate.associate_code).toBe(associate.associate_code);

    // The views of a visit count once, a replayed key once, and the counts are the associate's alone.
    const code = associate.associate_code as string;
    expect(
      (await logView({ associate_code: code, visit_id: 'visit-0001', page_path: '/ibc-kit' })).json(),
    ).toEqual({
      logged: true,
    });
    expect((await logView({ associate_code: code.toLowerCase(), visit_id: 'visit-0001' })).json()).toEqual({
      logged: false,
    });
    const key = { 'idempotency-key': 'view-key-0002' };
    expect((await logView({ associate_code: code, visit_id: 'visit-0002' }, key)).json()).toEqual({
      logged: true,
    });
    expect((await logView({ associate_code: code, visit_id: 'visit-0003' }, key)).json()).toEqual({
      logged: false,
    });

    const aggregate = await get('/get_associate_referrals_aggregate_details/v1/', buyerC.token);
    expect(aggregate.statusCode).toBe(200);
    expect(aggregate.json()).toEqual({
      associate_code: code,
      views: 2,
      orders: 0,
      paid_orders: 0,
      paid_totals: [],
    });
    const summary = await get('/get_associate_activity_summary/v1/', buyerC.token);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      associate_code: code,
      orders: [],
      last_view_at: clock.toISOString(),
    });
  });
});

async function soloPackage() {
  const listed = await shop.app.inject({
    method: 'GET',
    url: '/api/commerce/packages/available/price_estimate/v1/?package_codes=SOLO&country_name_enum=IN',
  });
  const solo = listed.json().packages[0] as {
    package_id: number;
    products: { product_id: number; quantity: number }[];
  };
  return {
    package_id: solo.package_id,
    products: solo.products
      .filter((p) => p.quantity > 0)
      .map((p) => ({ product_id: p.product_id, quantity: p.quantity })),
  };
}

describe("the associate's own figures", () => {
  it.each([
    '/get_user_associations_details/v1/',
    '/get_associate_referrals_aggregate_details/v1/',
    '/get_associate_activity_summary/v1/',
  ])('%s: 404 for a person who is not an associate, 401 without a sign-in', async (path) => {
    const data = refusal(await get(path, buyerB.token), 404);
    expect(data.message).toBe('You are not registered as an affiliate yet');
    refusal(await get(path), 401);
  });
});

describe('the associate-code view log', () => {
  it('refuses an unknown code, a bad visit id and a bad key', async () => {
    expect(refusal(await logView({ associate_code: 'NOBODY-1234', visit_id: 'visit-0009' }), 404).field).toBe(
      'associate_code',
    );
    expect(refusal(await logView({ associate_code: 'CLUB-RAHUL', visit_id: 'x' }), 400).field).toBe(
      'visit_id',
    );
    expect(
      refusal(
        await logView({ associate_code: 'CLUB-RAHUL', visit_id: 'visit-0010' }, { 'idempotency-key': 'a b' }),
        400,
      ).field,
    ).toBe('Idempotency-Key');
  });
});

describe('referral views', () => {
  /** The views the associate's page counts for the code. */
  const views = async (code: string) =>
    (await shop.db.select().from(associateCodeViews).where(eq(associateCodeViews.associateCode, code)))
      .length;

  it('count a visitor once a day per code, even sent at once, and again the next day', async () => {
    const owner = await signIn(BUYER_C);
    if ((await get('/get_user_associations_details/v1/', owner.token)).statusCode === 404) {
      const res = await register(await registration(owner), owner.token);
      expect(res.statusCode, res.body).toBe(201);
    }
    const code = (await get('/get_user_associations_details/v1/', owner.token)).json().associate
      .associate_code as string;
    const before = await views(code);
    const visitor = { associate_code: code, visit_id: 'visitor-day-0001' };
    const atOnce = await Promise.all(Array.from({ length: 5 }, () => logView(visitor)));
    expect(atOnce.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(atOnce.filter((res) => res.json().logged)).toHaveLength(1);
    expect((await logView({ ...visitor, page_path: '/ibc-kit' })).json()).toEqual({ logged: false });
    expect(await views(code)).toBe(before + 1);

    clock = new Date(clock.getTime() + 24 * 3600 * 1000);
    expect((await logView(visitor)).json()).toEqual({ logged: true });
    expect((await logView(visitor)).json()).toEqual({ logged: false });
    expect(await views(code)).toBe(before + 2);
  });

  it('are bounded per address by REFERRAL_VIEWS_IP_LIMIT_PER_HOUR: 429 with Retry-After past it', async () => {
    const limited = shop.build({ now, config: { REFERRAL_VIEWS_IP_LIMIT_PER_HOUR: 3 } });
    await limited.ready();
    try {
      const send = (n: number, remoteAddress = ip) =>
        limited.inject({
          method: 'POST',
          url: `${API}/associate_code_view_event_log/create/v1/`,
          payload: { associate_code: 'CLUB-RAHUL', visit_id: `visitor-limit-${n}` },
          remoteAddress,
        });
      for (let n = 1; n <= 3; n += 1) expect((await send(n)).json()).toEqual({ logged: true });
      const over = await send(4);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json().data).toMatchObject({ http_status_code: 429 });
      // Another address is not held back.
      expect((await send(5, '203.0.113.77')).json()).toEqual({ logged: true });
    } finally {
      await limited.close();
    }
  });
});

describe('the IFSC lookup', () => {
  it("names an IFSC's bank from the offline list, and refuses one it does not have", async () => {
    const res = await get('/ifsc/sbin0000001/v1/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ifsc: 'SBIN0000001', bank_code: 'SBIN', bank_name: 'State Bank of India' });
    refusal(await get('/ifsc/SBIN0999999/v1/'), 404);
    expect(refusal(await get('/ifsc/SBIN1/v1/'), 400).field).toBe('ifsc');
  });
});
