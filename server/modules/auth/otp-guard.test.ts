import { errorBodySchema } from '@contract/common';
import { otpSentV2ResponseSchema } from '@contract/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Config } from '../../config';
import { type TestApp, testApp } from '../../testing';
import { memoryDelivery } from './delivery/memory';

let clock = new Date('2025-03-01T10:00:00Z');
const now = () => clock;

const SECRET = 'test-auth-secret-0123456789-abcdefghij';
const TEST_NUMBER = '+919999999999';

let serial = 0;
function freshIp(): string {
  serial += 1;
  return `10.1.${Math.floor(serial / 250)}.${serial % 250}`;
}
function indianMobile(): { phone_number: string; country_code: string; e164: string } {
  serial += 1;
  const phone_number = `97${String(10_000_000 + serial).padStart(8, '0')}`;
  return { phone_number, country_code: '+91', e164: `+91${phone_number}` };
}

type PhoneBody = { phone_number: string; country_code: string; iso_country_code?: string };

async function startShop(config: Partial<Config> = {}) {
  const outbox = memoryDelivery();
  const shop = await testApp({
    config: {
      AUTH_SECRET: SECRET,
      STATIC_DIR: '/nonexistent',
      OTP_TEST_NUMBERS: new Map([[TEST_NUMBER, '123456']]),
      ...config,
    },
    now,
    codeDelivery: outbox,
  });
  return { shop, outbox };
}

const requestCode = (app: App, body: PhoneBody, ip = freshIp()) =>
  app.inject({ method: 'POST', url: '/api/user/login/phone_number/v2/', payload: body, remoteAddress: ip });

const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).data;

describe('codes go to mobile numbers of the countries the shop sells to', () => {
  let shop: TestApp;
  let outbox: ReturnType<typeof memoryDelivery>;

  beforeAll(async () => {
    ({ shop, outbox } = await startShop());
  });
  afterAll(async () => {
    await shop.close();
  });

  it.each([
    [
      'a US premium-rate number (+1 900)',
      { phone_number: '9005551234', country_code: '+1', iso_country_code: 'US' },
    ],
    ['a UK premium-rate number (+44 909)', { phone_number: '9090901234', country_code: '+44' }],
    ['an Australian premium-rate number (+61 1900)', { phone_number: '1900123456', country_code: '+61' }],
    [
      'a US toll-free number (+1 800)',
      { phone_number: '8005551234', country_code: '+1', iso_country_code: 'US' },
    ],
    ['a UK VoIP number (+44 56)', { phone_number: '5612345678', country_code: '+44' }],
    ['a UK landline (+44 20)', { phone_number: '2071234567', country_code: '+44' }],
  ])('refuses %s under the number field, and sends nothing', async (_name, body) => {
    const before = outbox.messages.length;
    const res = await requestCode(shop.app, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatchObject({
      message: 'Codes can only be sent to mobile numbers',
      res_status: 'INVALID_PHONE_NUMBER',
      field: 'phone_number',
      http_status_code: 400,
    });
    expect(outbox.messages).toHaveLength(before);
  });

  it('refuses a mobile number of a country the shop does not sell to, naming the ones it does', async () => {
    const res = await requestCode(shop.app, { phone_number: '15112345678', country_code: '+49' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      message:
        'Codes can only be sent to mobile numbers in India, United States, United Kingdom, Canada and Australia',
      field: 'phone_number',
    });
    expect(outbox.messages.some((m) => m.to.startsWith('+49'))).toBe(false);
  });

  it('sends codes to Indian, British and Australian mobiles and to US numbers (mobile or landline alike)', async () => {
    const india = indianMobile();
    for (const [body, e164] of [
      [india, india.e164],
      [{ phone_number: '7400123456', country_code: '+44' }, '+447400123456'],
      [{ phone_number: '412345678', country_code: '+61' }, '+61412345678'],
      [{ phone_number: '2015550123', country_code: '+1', iso_country_code: 'US' }, '+12015550123'],
    ] as const) {
      const res = await requestCode(shop.app, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(otpSentV2ResponseSchema.parse(res.json()).phone_number_with_country_code).toBe(e164);
      expect(outbox.lastCodeFor(e164)).toMatch(/^\d{6}$/);
    }
  });

  it('still answers for a configured test number, which is never texted', async () => {
    const res = await requestCode(shop.app, { phone_number: '9999999999', country_code: '+91' });
    expect(res.statusCode, res.body).toBe(200);
    expect(outbox.lastCodeFor(TEST_NUMBER)).toBeUndefined();
  });

  it('follows OTP_SMS_COUNTRIES', async () => {
    const indiaOnly = shop.build({
      config: { AUTH_SECRET: SECRET, STATIC_DIR: '/nonexistent', OTP_SMS_COUNTRIES: ['IN'] },
      now,
      codeDelivery: outbox,
    });
    const uk = await requestCode(indiaOnly, { phone_number: '7400123457', country_code: '+44' });
    expect(uk.statusCode).toBe(400);
    expect(errorOf(uk).message).toBe('Codes can only be sent to mobile numbers in India');
    expect((await requestCode(indiaOnly, indianMobile())).statusCode).toBe(200);
    await indiaOnly.close();
  });
});

describe('the shop-wide hourly cap on codes', () => {
  let shop: TestApp;
  let outbox: ReturnType<typeof memoryDelivery>;

  beforeAll(async () => {
    ({ shop, outbox } = await startShop({ OTP_GLOBAL_LIMIT_PER_HOUR: 3, OTP_CHALLENGE_AFTER_PERCENT: 100 }));
  });
  afterAll(async () => {
    await shop.close();
  });

  it('asks a new number from a new address for a challenge once reached; refused numbers and test numbers use none of it', async () => {
    clock = new Date('2025-03-01T10:00:00Z');
    // Refused before any counter: these do not count.
    expect((await requestCode(shop.app, { phone_number: '9005551234', country_code: '+1' })).statusCode).toBe(
      400,
    );
    expect(
      (await requestCode(shop.app, { phone_number: '15112345678', country_code: '+49' })).statusCode,
    ).toBe(400);
    for (let i = 0; i < 3; i += 1) {
      const res = await requestCode(shop.app, indianMobile());
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(outbox.messages).toHaveLength(3);

    clock = new Date('2025-03-01T10:20:00Z');
    const over = await requestCode(shop.app, indianMobile());
    expect(over.statusCode).toBe(428);
    expect(errorOf(over)).toMatchObject({ res_status: 'CHALLENGE_REQUIRED', http_status_code: 428 });
    expect(errorOf(over).challenge?.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(outbox.messages).toHaveLength(3);

    // Nothing is sent to a test number, so it keeps working for the shop's own checks.
    const test = await requestCode(shop.app, { phone_number: '9999999999', country_code: '+91' });
    expect(test.statusCode, test.body).toBe(200);

    clock = new Date('2025-03-01T11:00:00Z');
    expect((await requestCode(shop.app, indianMobile())).statusCode).toBe(200);
    expect(outbox.messages).toHaveLength(4);
  });

  it('is shared by every API process on the database', async () => {
    clock = new Date('2025-03-01T12:00:00Z');
    const other = shop.build({
      config: {
        AUTH_SECRET: SECRET,
        STATIC_DIR: '/nonexistent',
        OTP_GLOBAL_LIMIT_PER_HOUR: 3,
        OTP_CHALLENGE_AFTER_PERCENT: 100,
      },
      now,
      codeDelivery: outbox,
    });
    expect((await requestCode(shop.app, indianMobile())).statusCode).toBe(200);
    expect((await requestCode(other, indianMobile())).statusCode).toBe(200);
    expect((await requestCode(shop.app, indianMobile())).statusCode).toBe(200);
    expect((await requestCode(other, indianMobile())).statusCode).toBe(428);
    await other.close();
  });
});

describe('the per-client limit on codes', () => {
  it('counts one IPv6 /64 as one client, so rotating addresses inside it gains nothing', async () => {
    clock = new Date('2025-03-02T10:00:00Z');
    const { shop } = await startShop({ OTP_IP_LIMIT_PER_HOUR: 2 });
    const sent = [];
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:db8:1:2::abcd:1',
      '2001:db8:1:2:f:f:f:f',
    ]) {
      const res = await requestCode(shop.app, indianMobile(), address);
      sent.push(res.statusCode);
    }
    expect(sent).toEqual([200, 200, 429, 429]);
    expect((await requestCode(shop.app, indianMobile(), '2001:db8:1:3::1')).statusCode).toBe(200);
    await shop.close();
  });
});
