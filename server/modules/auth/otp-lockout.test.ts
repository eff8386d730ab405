import { randomBytes } from 'node:crypto';
import { errorBodySchema } from '@contract/common';
import { verifyPhoneOtpResponseSchema } from '@contract/user';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Config } from '../../config';
import { users } from '../../db/schema';
import { describeOnPostgres, type TestApp, testApp } from '../../testing';
import { createChallenges } from './challenge';
import { memoryDelivery } from './delivery/memory';
import { createOtpService } from './otp';
import { addressOfItsOwn, newNumber, type TestPhone as Phone } from './testing';

/*
 * Spending the shop-wide hourly cap on codes (new numbers from many addresses) must not lock out the buyers the
 * shop already has, and many addresses of one network meet one limit.
 */

let clock = new Date('2025-04-01T10:00:00Z');
const now = () => clock;
const at = (time: string) => {
  clock = new Date(`2025-04-01T${time}Z`);
};

const SECRET = 'test-auth-secret-0123456789-abcdefghij';
const GLOBAL_CAP = 5;
const CHALLENGE = 'Your browser needs to finish a quick check before we send the code.';
const FROM_NETWORK = 'Too many codes were requested from this network. Try again later.';

type Outbox = ReturnType<typeof memoryDelivery>;

function options(outbox: Outbox, config: Partial<Config>) {
  return {
    // The whole cap goes without a challenge; past it a new number is asked to solve one (otp-challenge.test.ts).
    config: { AUTH_SECRET: SECRET, STATIC_DIR: '/nonexistent', OTP_CHALLENGE_AFTER_PERCENT: 100, ...config },
    now,
    codeDelivery: outbox,
  };
}

const requestCode = (app: App, phone: Phone, ip = addressOfItsOwn()) =>
  app.inject({
    method: 'POST',
    url: '/api/user/login/phone_number/v2/',
    payload: { phone_number: phone.phone_number, country_code: phone.country_code },
    remoteAddress: ip,
  });

const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).data;

async function signIn(app: App, outbox: Outbox, phone: Phone) {
  const sent = await requestCode(app, phone);
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/verify/phone_number_otp/v1/',
    payload: {
      phone_number: phone.phone_number,
      country_code: phone.country_code,
      otp: outbox.lastCodeFor(phone.e164),
    },
    remoteAddress: addressOfItsOwn(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return verifyPhoneOtpResponseSchema.parse(res.json());
}

describe('a spent shop-wide cap on codes', () => {
  let shop: TestApp;
  let outbox: Outbox;
  const known = [newNumber(), newNumber(), newNumber(), newNumber()];

  beforeAll(async () => {
    outbox = memoryDelivery();
    shop = await testApp(options(outbox, { OTP_GLOBAL_LIMIT_PER_HOUR: GLOBAL_CAP }));
    at('10:00:00');
    for (const phone of known) await signIn(shop.app, outbox, phone);
  });
  afterAll(async () => {
    await shop.close();
  });

  it('still sends a code to a number that signed in before, while a new number gets a challenge', async () => {
    at('11:00:00');
    const statuses = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await requestCode(shop.app, newNumber())).statusCode);
    expect(statuses).toEqual([...Array(GLOBAL_CAP).fill(200), ...Array(20 - GLOBAL_CAP).fill(428)]);

    at('11:10:00');
    const buyer = known[0] as Phone;
    const before = outbox.lastCodeFor(buyer.e164);
    const sent = await requestCode(shop.app, buyer);
    expect(sent.statusCode, sent.body).toBe(200);
    const code = outbox.lastCodeFor(buyer.e164);
    expect(code).toMatch(/^\d{6}$/);
    expect(code).not.toBe(before);
    const signedIn = await shop.app.inject({
      method: 'POST',
      url: '/api/user/verify/phone_number_otp/v1/',
      payload: { phone_number: buyer.phone_number, country_code: buyer.country_code, otp: code },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(verifyPhoneOtpResponseSchema.parse(signedIn.json()).is_new_user).toBe(false);

    const stranger = await requestCode(shop.app, newNumber());
    expect(stranger.statusCode).toBe(428);
    expect(errorOf(stranger)).toMatchObject({ message: CHALLENGE, res_status: 'CHALLENGE_REQUIRED' });
  });

  it('counts only numbers never seen: codes to known numbers leave the whole cap to new ones', async () => {
    at('12:00:00');
    for (const phone of known.slice(1)) {
      const res = await requestCode(shop.app, phone);
      expect(res.statusCode, res.body).toBe(200);
    }
    const statuses = [];
    for (let i = 0; i < GLOBAL_CAP + 1; i += 1) {
      statuses.push((await requestCode(shop.app, newNumber())).statusCode);
    }
    expect(statuses).toEqual([...Array(GLOBAL_CAP).fill(200), 428]);
  });

  it('still holds a known number to its own hourly limit once the cap is spent', async () => {
    at('13:00:00');
    for (let i = 0; i < GLOBAL_CAP; i += 1)
      expect((await requestCode(shop.app, newNumber())).statusCode).toBe(200);
    const buyer = known[1] as Phone;
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(await requestCode(shop.app, buyer));
      clock = new Date(clock.getTime() + 31_000);
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(errorOf(answers[5] as (typeof answers)[number]).message).toBe(
      'Too many codes were sent to this number. Try again later.',
    );
  });

  it('sends a signed-in buyer the code that verifies their e-mail at checkout, with the cap spent', async () => {
    at('15:00:00');
    const buyer = await signIn(shop.app, outbox, known[3] as Phone);
    for (let i = 0; i < GLOBAL_CAP + 1; i += 1) await requestCode(shop.app, newNumber());
    expect((await requestCode(shop.app, newNumber())).statusCode).toBe(428);
    const auth = { authorization: `Bearer ${buyer.access_token}` };
    const updated = await shop.app.inject({
      method: 'POST',
      url: '/api/user/user_account/email/update/v1/',
      payload: { email: 'new.buyer.address@example.com' },
      headers: auth,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const sent = await shop.app.inject({
      method: 'GET',
      url: '/api/user/user_account/email/verify/request_otp/v1/',
      headers: auth,
      remoteAddress: addressOfItsOwn(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(outbox.lastCodeFor('new.buyer.address@example.com')).toMatch(/^\d{6}$/);
  });

  it('skips the cap for an e-mail code only when the address is verified on a buyer’s account', async () => {
    const [row] = await shop.db
      .update(users)
      .set({ email: 'Known@Example.com', emailVerified: true })
      .where(eq(users.phoneE164, (known[2] as Phone).e164))
      .returning({ id: users.id });
    if (!row) throw new Error('the known buyer is missing');
    const otp = createOtpService({
      db: shop.db,
      key: randomBytes(32),
      delivery: memoryDelivery(),
      limits: {
        resendCooldownSeconds: 0,
        subjectPerHour: 5,
        ipPerHour: 100,
        networkPerHour: 100,
        globalPerHour: GLOBAL_CAP,
        challengeAfterPercent: 100,
        solvedPerHour: GLOBAL_CAP,
      },
      challenges: createChallenges({
        signatureKey: randomBytes(32),
        keySignatureKey: randomBytes(32),
        maxNumber: 20,
        now,
      }),
      now,
    });
    at('14:00:00');
    const emailCode = (to: string) =>
      otp.issue({
        purpose: 'email_verification',
        subject: `${row.id}:${to.toLowerCase()}`,
        channel: 'email',
        to,
        ip: addressOfItsOwn(),
      });
    for (let i = 0; i < GLOBAL_CAP; i += 1) await emailCode(`new${i}@example.com`);
    await expect(emailCode('another@example.com')).rejects.toMatchObject({ statusCode: 428 });
    await expect(emailCode('known@example.com')).resolves.toMatchObject({ expiresIn: 600 });
  });
});

describe('the per-network limit on codes', () => {
  let shop: TestApp;
  let outbox: Outbox;
  const known = [newNumber(), newNumber(), newNumber()];

  beforeAll(async () => {
    outbox = memoryDelivery();
    shop = await testApp(options(outbox, { OTP_IP_LIMIT_PER_HOUR: 2, OTP_NETWORK_LIMIT_PER_HOUR: 3 }));
    at('10:00:00');
    for (const phone of known) await signIn(shop.app, outbox, phone);
  });
  afterAll(async () => {
    await shop.close();
  });

  it('counts every address of one IPv4 /24 together; an address in another network still gets codes', async () => {
    at('11:00:00');
    const statuses = [];
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      statuses.push((await requestCode(shop.app, newNumber(), address)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    const mapped = await requestCode(shop.app, newNumber(), '::ffff:198.51.100.200');
    expect(mapped.statusCode).toBe(429);
    expect(mapped.headers['retry-after']).toBe('3600');
    expect(errorOf(mapped)).toMatchObject({
      message: FROM_NETWORK,
      http_status_code: 429,
      time_in_seconds: 3600,
    });
    // Known numbers skip only the shop-wide cap.
    expect((await requestCode(shop.app, known[0] as Phone, '198.51.100.5')).statusCode).toBe(429);

    expect((await requestCode(shop.app, newNumber(), '198.51.101.1')).statusCode).toBe(200);
    expect((await requestCode(shop.app, known[0] as Phone, '198.51.101.2')).statusCode).toBe(200);
  });

  it('counts every /64 of one IPv6 /48 together', async () => {
    at('12:00:00');
    const statuses = [];
    for (const address of [
      '2001:db8:aa:1::1',
      '2001:db8:aa:2::1',
      '2001:db8:aa:3::1',
      '2001:db8:aa:ffff::1',
    ]) {
      statuses.push((await requestCode(shop.app, newNumber(), address)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await requestCode(shop.app, newNumber(), '2001:db8:ab:1::1')).statusCode).toBe(200);
  });

  it('holds known numbers to the per-address limit beside it', async () => {
    at('13:00:00');
    const statuses = [];
    for (const phone of known) statuses.push((await requestCode(shop.app, phone, '203.0.113.9')).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describeOnPostgres('the shop-wide cap across two API processes on one database (PostgreSQL)', () => {
  let shop: TestApp;
  let other: App;
  let outbox: Outbox;
  const known = [newNumber(), newNumber(), newNumber(), newNumber()];

  beforeAll(async () => {
    outbox = memoryDelivery();
    const config = { OTP_GLOBAL_LIMIT_PER_HOUR: GLOBAL_CAP };
    shop = await testApp(options(outbox, config));
    other = shop.build(options(outbox, config));
    at('10:00:00');
    for (const [i, phone] of known.entries()) await signIn(i % 2 ? other : shop.app, outbox, phone);
  });
  afterAll(async () => {
    await other?.close();
    await shop?.close();
  });

  it('lets concurrent new numbers on both spend the cap once, and both still send codes to known numbers', async () => {
    at('11:00:00');
    const flood = await Promise.all(
      Array.from({ length: 16 }, (_, i) => requestCode(i % 2 ? other : shop.app, newNumber())),
    );
    expect(flood.filter((res) => res.statusCode === 200)).toHaveLength(GLOBAL_CAP);
    expect(flood.filter((res) => res.statusCode === 428)).toHaveLength(16 - GLOBAL_CAP);

    at('11:05:00');
    const [buyers, strangers] = await Promise.all([
      Promise.all(known.map((phone, i) => requestCode(i % 2 ? other : shop.app, phone))),
      Promise.all(Array.from({ length: 4 }, (_, i) => requestCode(i % 2 ? other : shop.app, newNumber()))),
    ]);
    expect(buyers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(strangers.map((res) => res.statusCode)).toEqual([428, 428, 428, 428]);
    expect(strangers.map((res) => errorOf(res).message)).toEqual(Array(4).fill(CHALLENGE));
  });
});
