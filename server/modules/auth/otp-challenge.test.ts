import { errorBodySchema, type PowChallenge } from '@contract/common';
import { otpSentV2ResponseSchema } from '@contract/user';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Config } from '../../config';
import { describeOnPostgres, type TestApp, testApp } from '../../testing';
import { memoryDelivery } from './delivery/memory';
import { addressOfItsOwn, newNumber, type TestPhone as Phone } from './testing';

/*
 * Once most of the hourly budget for numbers that never signed in is spent (about 17 networks can spend it), a
 * new buyer solves a proof-of-work challenge and still gets their code, instead of a 429 for everyone.
 */

// altcha-lib also checks a challenge's expiry against the real clock: the test clock runs in the next hour.
const HOUR = 3_600_000;
let clock = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 60_000);
const now = () => clock;
const nextHour = () => {
  clock = new Date(Math.floor(clock.getTime() / HOUR) * HOUR + HOUR + 60_000);
};
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const SECRET = 'test-auth-secret-0123456789-abcdefghij';
const SPENT = 'We are sending too many codes right now. Please try again later.';
const FROM_NETWORK = 'Too many codes were requested from this network. Try again later.';

type Outbox = ReturnType<typeof memoryDelivery>;

function options(outbox: Outbox, config: Partial<Config>) {
  return {
    config: {
      AUTH_SECRET: SECRET,
      STATIC_DIR: '/nonexistent',
      OTP_CHALLENGE_MAX_NUMBER: 20,
      ...config,
    },
    now,
    codeDelivery: outbox,
  };
}

const requestCode = (app: App, phone: Phone, altcha?: string, ip = addressOfItsOwn()) =>
  app.inject({
    method: 'POST',
    url: '/api/user/login/phone_number/v2/',
    payload: {
      phone_number: phone.phone_number,
      country_code: phone.country_code,
      ...(altcha === undefined ? {} : { altcha }),
    },
    remoteAddress: ip,
  });

const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).data;

/** The challenge of a 428 answer, as the client reads it. */
function challengeOf(res: { statusCode: number; body: string; json(): unknown }): PowChallenge {
  expect(res.statusCode, res.body).toBe(428);
  const data = errorOf(res);
  expect(data).toMatchObject({ res_status: 'CHALLENGE_REQUIRED', http_status_code: 428 });
  if (!data.challenge) throw new Error('the 428 carries no challenge');
  return data.challenge;
}

/** What the browser does: finds the counter with altcha-lib and sends the ALTCHA payload back. */
async function solve(challenge: PowChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

async function signIn(app: App, outbox: Outbox, phone: Phone) {
  let sent = await requestCode(app, phone);
  if (sent.statusCode === 428) sent = await requestCode(app, phone, await solve(challengeOf(sent)));
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/verify/phone_number_otp/v1/',
    payload: {
      phone_number: phone.phone_number,
      country_code: phone.country_code,
      otp: outbox.lastCodeFor(phone.e164),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a new number once most of the hourly budget for new numbers is spent', () => {
  const GLOBAL = 4;
  let shop: TestApp;
  let outbox: Outbox;
  const known = [newNumber(), newNumber()];

  beforeAll(async () => {
    outbox = memoryDelivery();
    shop = await testApp(
      options(outbox, { OTP_GLOBAL_LIMIT_PER_HOUR: GLOBAL, OTP_CHALLENGE_LIMIT_PER_HOUR: 3 }),
    );
    for (const phone of known) await signIn(shop.app, outbox, phone);
  });
  afterAll(async () => {
    await shop.close();
  });

  it('gets a challenge (428, the spec §8 body) past OTP_CHALLENGE_AFTER_PERCENT, not a 429; nothing is sent', async () => {
    nextHour();
    // 50% of 4: two new numbers get their codes straight away.
    for (let i = 0; i < 2; i += 1) expect((await requestCode(shop.app, newNumber())).statusCode).toBe(200);
    const sentBefore = outbox.messages.length;
    const phone = newNumber();
    const res = await requestCode(shop.app, phone);
    const challenge = challengeOf(res);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(errorOf(res).message).toBe('Your browser needs to finish a quick check before we send the code.');
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000 });
    expect(challenge.parameters.expiresAt).toBe(Math.floor(clock.getTime() / 1000) + 300);
    expect(outbox.messages).toHaveLength(sentBefore);
    // Every request of a botnet still gets only a challenge: none of them is refused outright.
    for (let i = 0; i < 30; i += 1) challengeOf(await requestCode(shop.app, newNumber()));
  });

  it('sends the code once the challenge is solved, and the number goes on to sign up', async () => {
    const phone = newNumber();
    const challenge = challengeOf(await requestCode(shop.app, phone));
    const res = await requestCode(shop.app, phone, await solve(challenge));
    expect(res.statusCode, res.body).toBe(200);
    expect(otpSentV2ResponseSchema.parse(res.json()).is_registered).toBe(false);
    const code = outbox.lastCodeFor(phone.e164);
    expect(code).toMatch(/^\d{6}$/);
    const verified = await shop.app.inject({
      method: 'POST',
      url: '/api/user/verify/phone_number_otp/v1/',
      payload: { phone_number: phone.phone_number, country_code: phone.country_code, otp: code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('refuses a solution sent again, for this number or another, and sends nothing', async () => {
    const first = newNumber();
    const altcha = await solve(challengeOf(await requestCode(shop.app, first)));
    expect((await requestCode(shop.app, first, altcha)).statusCode).toBe(200);
    const sentBefore = outbox.messages.length;
    for (const phone of [newNumber(), first]) {
      later(31_000);
      const replay = await requestCode(shop.app, phone, altcha);
      expect(replay.statusCode, replay.body).toBe(400);
      expect(errorOf(replay)).toMatchObject({
        message: 'This connection check was already used. Please try again.',
        field: 'altcha',
      });
    }
    expect(outbox.messages).toHaveLength(sentBefore);
  });

  it('refuses a wrong solution, a changed challenge, a made-up one and an expired one', async () => {
    const phone = newNumber();
    const challenge = challengeOf(await requestCode(shop.app, phone));
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('the challenge was not solved');
    const flipped = `${solution.derivedKey.slice(0, -1)}${solution.derivedKey.endsWith('0') ? '1' : '0'}`;
    const easier = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
    const sentBefore = outbox.messages.length;
    for (const altcha of [
      encode({ challenge, solution: { ...solution, derivedKey: flipped } }),
      encode({ challenge, solution: { counter: 0, derivedKey: '00'.repeat(32) } }),
      encode({ challenge: easier, solution }),
      encode({ challenge: { ...challenge, signature: '0'.repeat(64) }, solution }),
    ]) {
      const res = await requestCode(shop.app, phone, altcha);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toMatchObject({
        message: 'The connection check did not pass. Please try again.',
        field: 'altcha',
      });
    }
    for (const altcha of ['not base64 at all', encode({ challenge }), encode([1, 2])]) {
      const res = await requestCode(shop.app, phone, altcha);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).field).toBe('altcha');
    }
    later(301_000);
    const expired = await requestCode(shop.app, phone, encode({ challenge, solution }));
    expect(expired.statusCode, expired.body).toBe(400);
    expect(errorOf(expired).message).toBe('The connection check took too long. Please try again.');
    expect(outbox.messages).toHaveLength(sentBefore);
    // The right solution was never used: a fresh challenge (not the stale one) is what gets the code.
    const fresh = await solve(challengeOf(await requestCode(shop.app, phone)));
    expect((await requestCode(shop.app, phone, fresh)).statusCode).toBe(200);
  });

  it('never asks a number that signed in before, and holds solved codes to OTP_CHALLENGE_LIMIT_PER_HOUR', async () => {
    nextHour();
    for (let i = 0; i < 2; i += 1) expect((await requestCode(shop.app, newNumber())).statusCode).toBe(200);
    for (const phone of known) {
      const res = await requestCode(shop.app, phone);
      expect(res.statusCode, res.body).toBe(200);
    }
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const phone = newNumber();
      const res = await requestCode(
        shop.app,
        phone,
        await solve(challengeOf(await requestCode(shop.app, phone))),
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(errorOf(res)).toMatchObject({ message: SPENT, time_in_seconds: 3540 });
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    later(31_000);
    expect((await requestCode(shop.app, known[0] as Phone)).statusCode).toBe(200);
  });
});

describe('the per-address and per-network limits beside the challenge', () => {
  let shop: TestApp;
  let outbox: Outbox;
  const known = newNumber();

  beforeAll(async () => {
    outbox = memoryDelivery();
    shop = await testApp(
      options(outbox, {
        OTP_CHALLENGE_AFTER_PERCENT: 0,
        OTP_IP_LIMIT_PER_HOUR: 2,
        OTP_NETWORK_LIMIT_PER_HOUR: 3,
      }),
    );
    await signIn(shop.app, outbox, known);
  });
  afterAll(async () => {
    await shop.close();
  });

  it('still answers 429 for a network past its limit, solved challenge or not; asking for a challenge uses none of it', async () => {
    nextHour();
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const phone = newNumber();
      // Asked twice without solving: neither counts against the address or the network.
      challengeOf(await requestCode(shop.app, phone, undefined, address));
      const challenge = challengeOf(await requestCode(shop.app, phone, undefined, address));
      const sent = await requestCode(shop.app, phone, await solve(challenge), address);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const phone = newNumber();
    const solvedElsewhere = await solve(
      challengeOf(await requestCode(shop.app, phone, undefined, '192.0.2.1')),
    );
    const overLimit = await requestCode(shop.app, phone, solvedElsewhere, '198.51.100.4');
    expect(overLimit.statusCode).toBe(429);
    expect(errorOf(overLimit)).toMatchObject({ message: FROM_NETWORK, http_status_code: 429 });
    const refused = await requestCode(shop.app, known, undefined, '198.51.100.5');
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({ message: FROM_NETWORK, http_status_code: 429 });
    // With OTP_CHALLENGE_AFTER_PERCENT=0 every new number is asked, a known one never.
    expect((await requestCode(shop.app, known, undefined, '198.51.101.1')).statusCode).toBe(200);
  });
});

describe('a challenge made by one API process', () => {
  it('is solved at another (same AUTH_SECRET) and spent for both; one signed with another secret is refused', async () => {
    nextHour();
    const outbox = memoryDelivery();
    const config = { OTP_CHALLENGE_AFTER_PERCENT: 0 };
    const shop = await testApp(options(outbox, config));
    const other = shop.build(options(outbox, config));
    try {
      const phone = newNumber();
      const altcha = await solve(challengeOf(await requestCode(shop.app, phone)));
      expect((await requestCode(other, phone, altcha)).statusCode).toBe(200);
      expect((await requestCode(shop.app, newNumber(), altcha)).statusCode).toBe(400);
      const elsewhere = shop.build(
        options(outbox, { ...config, AUTH_SECRET: 'another-auth-secret-0123456789-abcdef' }),
      );
      const foreign = await solve(challengeOf(await requestCode(elsewhere, newNumber())));
      expect((await requestCode(shop.app, newNumber(), foreign)).statusCode).toBe(400);
      await elsewhere.close();
    } finally {
      await other.close();
      await shop.close();
    }
  });
});

describeOnPostgres('one solved challenge sent to two API processes at once (PostgreSQL)', () => {
  let shop: TestApp;
  let other: App;
  let outbox: Outbox;

  beforeAll(async () => {
    outbox = memoryDelivery();
    const config = { OTP_CHALLENGE_AFTER_PERCENT: 0 };
    shop = await testApp(options(outbox, config));
    other = shop.build(options(outbox, config));
  });
  afterAll(async () => {
    await other?.close();
    await shop?.close();
  });

  it('sends one code: the other request is refused as a replay', async () => {
    nextHour();
    for (let round = 0; round < 5; round += 1) {
      const altcha = await solve(challengeOf(await requestCode(shop.app, newNumber())));
      const sentBefore = outbox.messages.length;
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => requestCode(i % 2 ? other : shop.app, newNumber(), altcha)),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      expect(outbox.messages).toHaveLength(sentBefore + 1);
    }
  });
});
