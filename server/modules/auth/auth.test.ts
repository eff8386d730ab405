import { errorBodySchema } from '@contract/common';
import {
  districtsResponseSchema,
  otpSentResponseSchema,
  otpSentV2ResponseSchema,
  profileResponseSchema,
  statesResponseSchema,
  tokenSetResponseSchema,
  verifyPhoneOtpResponseSchema,
  verifyPhoneOtpV2ResponseSchema,
} from '@contract/user';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { Config } from '../../config';
import * as schema from '../../db/schema';
import { memoryLogger, type TestApp, type TestAppOptions, testApp } from '../../testing';
import { memoryDelivery } from './delivery/memory';

/**
 * Spec §8: the responses a client treats as an expired access token (refresh once, retry). Written out here
 * from the spec, not imported from src/: the server never imports the client.
 */
function isExpiredTokenResponse(status: number, body: unknown): boolean {
  const data = (body as { data?: { res_status?: string; detail?: string } }).data ?? {};
  const resStatus = data.res_status;
  const detail = (body as { detail?: string }).detail ?? data.detail;
  if (status === 400) return resStatus === 'INVALID_TOKEN' || resStatus === 'INVALID_USER';
  if (status === 401) return detail !== undefined && !resStatus;
  if (status === 403) return resStatus === 'NotAuthorizedException' || (detail !== undefined && !resStatus);
  if (status === 404) return resStatus === 'UserNotFoundException' || resStatus === 'INVALID_SESSION_TOKEN';
  return false;
}

let shop: TestApp;
let clock = new Date('2025-03-01T10:00:00Z');
const now = () => clock;
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

const SECRET = 'test-auth-secret-0123456789-abcdefghij';
const TEST_NUMBER = '+919999999999';
const TEST_EMAIL = 'tester@example.com';

function appOptions(overrides: Partial<Config>, delivery: ReturnType<typeof memoryDelivery>): TestAppOptions {
  return {
    config: {
      AUTH_SECRET: SECRET,
      STATIC_DIR: '/nonexistent',
      OTP_TEST_NUMBERS: new Map([
        [TEST_NUMBER, '123456'],
        [TEST_EMAIL, '654321'],
      ]),
      ...overrides,
    },
    now,
    codeDelivery: delivery,
  };
}

/** Another API process on the same database. */
function makeApp(overrides: Partial<Config> = {}, delivery = memoryDelivery()) {
  return { app: shop.build(appOptions(overrides, delivery)), delivery };
}

let app: App;
let outbox: ReturnType<typeof memoryDelivery>;

// Each test uses its own numbers and IPs, so counters of one test never reach another.
let serial = 0;
function freshPhone(): { phone_number: string; country_code: string; e164: string } {
  serial += 1;
  const phone_number = `98${String(76_500_000 + serial).padStart(8, '0')}`;
  return { phone_number, country_code: '+91', e164: `+91${phone_number}` };
}
function freshIp(): string {
  serial += 1;
  return `10.0.${Math.floor(serial / 250)}.${serial % 250}`;
}

type Headers = Record<string, string>;
const post = (a: App, url: string, payload?: unknown, headers: Headers = {}, ip = '10.9.9.9') =>
  a.inject({
    method: 'POST',
    url,
    headers,
    remoteAddress: ip,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (a: App, url: string, headers: Headers = {}) => a.inject({ method: 'GET', url, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function requestCode(a: App, phone: { phone_number: string; country_code: string }, ip = freshIp()) {
  return post(a, '/api/user/login/phone_number/v1/', phone, {}, ip);
}

async function signIn(phone = freshPhone(), a: App = app, box = outbox, tokenSet?: 'main' | 'forms') {
  const sent = await requestCode(a, phone);
  expect(sent.statusCode, sent.body).toBe(200);
  const otp = box.lastCodeFor(phone.e164);
  const res = await post(a, '/api/user/verify/phone_number_otp/v1/', {
    phone_number: phone.phone_number,
    country_code: phone.country_code,
    otp,
    ...(tokenSet ? { token_set: tokenSet } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return verifyPhoneOtpResponseSchema.parse(res.json());
}

function error(res: { json(): unknown }) {
  return errorBodySchema.parse(res.json()).data;
}

beforeAll(async () => {
  outbox = memoryDelivery();
  shop = await testApp(appOptions({}, outbox));
  app = shop.app;
});

afterAll(async () => {
  await shop.close();
});

beforeEach(() => {
  clock = new Date(clock.getTime() + 3 * 3600 * 1000);
});

describe('phone sign-in codes', () => {
  it('sends a 6-digit code through the adapter and keeps only its hash', async () => {
    const phone = freshPhone();
    const res = await requestCode(app, phone);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = otpSentResponseSchema.parse(res.json());
    expect(body).toMatchObject({ res_status: 'OTP_SENT', expires_in: 600, resend_after_seconds: 30 });
    const code = outbox.lastCodeFor(phone.e164);
    expect(code).toMatch(/^\d{6}$/);
    expect(outbox.messages.at(-1)).toMatchObject({
      channel: 'sms',
      to: phone.e164,
      purpose: 'phone_sign_in',
    });

    const rows = await shop.db.select().from(schema.otpCodes).where(eq(schema.otpCodes.subject, phone.e164));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(rows)).not.toContain(String(code));
    expect(row?.expiresAt.getTime()).toBe(clock.getTime() + 600_000);
  });

  it('validates the number for its country, and Indian mobiles by 10 digits starting 5–9', async () => {
    const bad = await post(app, '/api/user/login/phone_number/v1/', {
      phone_number: '4876543210',
      country_code: '+91',
    });
    expect(bad.statusCode).toBe(400);
    expect(error(bad)).toMatchObject({ res_status: 'INVALID_PHONE_NUMBER', field: 'phone_number' });
    const short = await post(app, '/api/user/login/phone_number/v1/', {
      phone_number: '98765',
      country_code: '91',
    });
    expect(short.statusCode).toBe(400);
    const noDial = await post(app, '/api/user/login/phone_number/v1/', {
      phone_number: '9876543210',
      country_code: '+999',
    });
    expect(error(noDial).field).toBe('country_code');
    const missing = await post(app, '/api/user/login/phone_number/v1/', { country_code: '+91' });
    expect(missing.statusCode).toBe(400);
    expect(error(missing).field).toBe('phone_number');
    // A US number, with the region named for the shared +1.
    const us = await post(
      app,
      '/api/user/login/phone_number/v2/',
      { phone_number: '(201) 555-0123', country_code: '1', iso_country_code: 'us' },
      {},
      freshIp(),
    );
    expect(us.statusCode, us.body).toBe(200);
    expect(otpSentV2ResponseSchema.parse(us.json())).toMatchObject({
      is_registered: false,
      phone_number_with_country_code: '+12015550123',
    });
    const wrongRegion = await post(app, '/api/user/login/phone_number/v1/', {
      phone_number: '2015550123',
      country_code: '1',
      iso_country_code: 'CA',
    });
    expect(wrongRegion.statusCode).toBe(400);
  });

  it('signs a new buyer up, then in; v2 tells whether the number is registered', async () => {
    const phone = freshPhone();
    const first = await signIn(phone);
    expect(first.is_new_user).toBe(true);
    expect(first.expires_in).toBe(900);
    advance(60);
    const v2 = await post(app, '/api/user/login/phone_number/v2/', phone, {}, freshIp());
    expect(otpSentV2ResponseSchema.parse(v2.json()).is_registered).toBe(true);
    const res = await post(app, '/api/user/verify/phone_number_otp/v2/', {
      ...phone,
      otp: outbox.lastCodeFor(phone.e164),
    });
    const second = verifyPhoneOtpV2ResponseSchema.parse(res.json());
    expect(second).toMatchObject({ is_new_user: false, user_id: first.user_id });
    expect(second.profile).toMatchObject({
      phone_number: phone.phone_number,
      country_code: '+91',
      iso_country_code: 'IN',
    });
  });

  it('expires a code after 10 minutes', async () => {
    const phone = freshPhone();
    await requestCode(app, phone);
    const otp = outbox.lastCodeFor(phone.e164);
    advance(600);
    const res = await post(app, '/api/user/verify/phone_number_otp/v1/', { ...phone, otp });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({ res_status: 'OTP_EXPIRED', field: 'otp' });
  });

  it('allows 5 wrong tries, then the code is dead even when right', async () => {
    const phone = freshPhone();
    await requestCode(app, phone);
    const otp = String(outbox.lastCodeFor(phone.e164));
    // Five different wrong codes: the same wrong code twice counts once (next test).
    const wrongCodes = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((c) => c !== otp);
    for (let i = 1; i <= 4; i += 1) {
      const res = await post(app, '/api/user/verify/phone_number_otp/v1/', {
        ...phone,
        otp: wrongCodes[i - 1],
      });
      expect(res.statusCode).toBe(400);
      expect(error(res)).toMatchObject({ res_status: 'INVALID_OTP', field: 'otp' });
      expect(error(res).message).toContain(`${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left`);
    }
    const fifth = await post(app, '/api/user/verify/phone_number_otp/v1/', { ...phone, otp: wrongCodes[4] });
    expect(error(fifth).res_status).toBe('OTP_ATTEMPTS_EXCEEDED');
    const right = await post(app, '/api/user/verify/phone_number_otp/v1/', { ...phone, otp });
    expect(right.statusCode).toBe(400);
    expect(error(right).res_status).toBe('OTP_ATTEMPTS_EXCEEDED');
    const [row] = await shop.db.select().from(schema.otpCodes).where(eq(schema.otpCodes.subject, phone.e164));
    expect(row?.attempts).toBe(5);
    expect(row?.consumedAt).not.toBeNull();
  });

  it('refuses the same wrong code again without using up another try, and the right code still works', async () => {
    const phone = freshPhone();
    await requestCode(app, phone);
    const otp = String(outbox.lastCodeFor(phone.e164));
    const wrong = otp === '000000' ? '111111' : '000000';
    const replies = await Promise.all(
      [1, 2, 3].map(() => post(app, '/api/user/verify/phone_number_otp/v1/', { ...phone, otp: wrong })),
    );
    for (const res of replies) {
      expect(error(res)).toMatchObject({ res_status: 'INVALID_OTP', field: 'otp' });
      expect(error(res).message).toContain('4 tries left');
    }
    const [row] = await shop.db.select().from(schema.otpCodes).where(eq(schema.otpCodes.subject, phone.e164));
    expect(row?.attempts).toBe(1);
    const right = await post(app, '/api/user/verify/phone_number_otp/v1/', { ...phone, otp });
    expect(right.statusCode).toBe(200);
  });

  it('uses a code once, and only the newest code works', async () => {
    const phone = freshPhone();
    await requestCode(app, phone);
    const old = outbox.lastCodeFor(phone.e164);
    advance(31);
    await post(app, '/api/user/resend/phone_number_otp/v1/', phone, {}, freshIp());
    const fresh = outbox.lastCodeFor(phone.e164);
    if (old !== fresh) {
      const stale = await post(app, '/api/user/verify/phone_number_otp/v1/', { ...phone, otp: old });
      expect(stale.statusCode).toBe(400);
    }
    const ok = await post(app, '/api/user/verify/phone_number_otp/v1/', { ...phone, otp: fresh });
    expect(ok.statusCode).toBe(200);
    const again = await post(app, '/api/user/verify/phone_number_otp/v1/', { ...phone, otp: fresh });
    expect(error(again).res_status).toBe('OTP_EXPIRED');
  });

  it('makes the buyer wait 30 s between codes (429 with the seconds)', async () => {
    const phone = freshPhone();
    expect((await requestCode(app, phone)).statusCode).toBe(200);
    advance(10);
    const res = await post(app, '/api/user/resend/phone_number_otp/v1/', phone, {}, freshIp());
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('20');
    expect(error(res)).toMatchObject({ res_status: 'TOO_MANY_REQUESTS', time_in_seconds: 20 });
    advance(20);
    expect((await post(app, '/api/user/resend/phone_number_otp/v1/', phone, {}, freshIp())).statusCode).toBe(
      200,
    );
  });

  it('limits codes per phone number across two API processes sharing the database', async () => {
    const other = makeApp();
    await other.app.ready();
    const phone = freshPhone();
    clock = new Date(Math.ceil(clock.getTime() / 3_600_000) * 3_600_000 + 60_000);
    for (let i = 0; i < 5; i += 1) {
      const a = i % 2 === 0 ? app : other.app;
      const res = await requestCode(a, phone);
      expect(res.statusCode, res.body).toBe(200);
      advance(31);
    }
    const sixth = await requestCode(other.app, phone);
    expect(sixth.statusCode).toBe(429);
    expect(error(sixth).message).toMatch(/this number/);
    const sixthHere = await requestCode(app, phone);
    expect(sixthHere.statusCode).toBe(429);
    await other.app.close();
  });

  it('limits codes per IP across two API processes sharing the database', async () => {
    const other = makeApp();
    await other.app.ready();
    const ip = freshIp();
    clock = new Date(Math.ceil(clock.getTime() / 3_600_000) * 3_600_000 + 60_000);
    for (let i = 0; i < 20; i += 1) {
      const res = await requestCode(i % 2 === 0 ? app : other.app, freshPhone(), ip);
      expect(res.statusCode, res.body).toBe(200);
    }
    const blocked = await requestCode(other.app, freshPhone(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(error(blocked).message).toMatch(/network/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP is not affected.
    expect((await requestCode(app, freshPhone(), freshIp())).statusCode).toBe(200);
    await other.app.close();
  });

  it('gives a configured test number its fixed code without sending anything', async () => {
    const before = outbox.messages.length;
    const res = await post(
      app,
      '/api/user/login/phone_number/v1/',
      { phone_number: '9999999999', country_code: '+91' },
      {},
      freshIp(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(outbox.messages.length).toBe(before);
    const ok = await post(app, '/api/user/verify/phone_number_otp/v1/', {
      phone_number: '9999999999',
      country_code: '+91',
      otp: '123456',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('login_or_register sends a code without otp and signs in with it', async () => {
    const phone = freshPhone();
    const sent = await post(app, '/api/user/login_or_register/v1/', phone, {}, freshIp());
    expect(sent.json()).toMatchObject({ res_status: 'OTP_SENT', is_registered: false });
    const done = await post(app, '/api/user/login_or_register/v1/', {
      ...phone,
      otp: outbox.lastCodeFor(phone.e164),
    });
    expect(verifyPhoneOtpResponseSchema.parse(done.json()).is_new_user).toBe(true);
  });

  it('logs the code with the log adapter (development)', async () => {
    const { logger, lines } = memoryLogger();
    const dev = shop.build({
      config: { AUTH_SECRET: SECRET, STATIC_DIR: '/nonexistent' },
      logger,
      now,
    });
    const phone = freshPhone();
    expect((await requestCode(dev, phone)).statusCode).toBe(200);
    const line = lines().find((l) => l.otpDelivery === 'log');
    expect(line).toMatchObject({ to: phone.e164, channel: 'sms' });
    expect(String(line?.code)).toMatch(/^\d{6}$/);
    await dev.close();
  });

  it('refuses to build a production app with the log adapter unless allowed', () => {
    const prod = {
      NODE_ENV: 'production' as const,
      AUTH_SECRET: SECRET,
      STATIC_DIR: '/nonexistent',
      SANDBOX_IN_PRODUCTION: true,
    };
    expect(() => shop.build({ config: prod })).toThrow(/OTP_ALLOW_LOG_IN_PRODUCTION/);
    expect(() =>
      shop.build({ config: { ...prod, AUTH_SECRET: undefined, OTP_ALLOW_LOG_IN_PRODUCTION: true } }),
    ).toThrow(/AUTH_SECRET/);
    const allowed = shop.build({ config: { ...prod, OTP_ALLOW_LOG_IN_PRODUCTION: true } });
    return allowed.close();
  });
});

describe('tokens', () => {
  it('rotates the refresh token: the new set works, the old refresh token is spent', async () => {
    const first = await signIn();
    const res = await post(app, '/api/user/refresh_auth_tokens/v1/', { refresh_token: first.refresh_token });
    expect(res.statusCode, res.body).toBe(200);
    const second = tokenSetResponseSchema.parse(res.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user_id).toBe(first.user_id);
    const profile = await get(app, '/api/user/profile/v1/', bearer(second.access_token));
    expect(profile.statusCode).toBe(200);
    // Stored hashed.
    const rows = await shop.db.select().from(schema.refreshTokens);
    expect(JSON.stringify(rows)).not.toContain(second.refresh_token);
  });

  it('revokes the whole family when a rotated refresh token comes back, access tokens included', async () => {
    const first = await signIn();
    const second = tokenSetResponseSchema.parse(
      (await post(app, '/api/user/refresh_auth_tokens/v1/', { refresh_token: first.refresh_token })).json(),
    );
    advance(31); // past the grace window for a retry
    const reuse = await post(app, '/api/user/refresh_auth_tokens/v1/', {
      refresh_token: first.refresh_token,
    });
    expect(reuse.statusCode).toBe(401);
    expect(error(reuse).res_status).toBe('SESSION_EXPIRED');
    // The newest refresh token of the family is dead too…
    const next = await post(app, '/api/user/refresh_auth_tokens/v1/', {
      refresh_token: second.refresh_token,
    });
    expect(next.statusCode).toBe(401);
    // …and so is its access token, answered so the client refreshes (which then fails and signs out).
    const profile = await get(app, '/api/user/profile/v1/', bearer(second.access_token));
    expect(profile.statusCode).toBe(400);
    expect(error(profile).res_status).toBe('INVALID_TOKEN');
    expect(isExpiredTokenResponse(profile.statusCode, profile.json())).toBe(true);
    expect(isExpiredTokenResponse(reuse.statusCode, reuse.json())).toBe(false);
    const [session] = await shop.db
      .select()
      .from(schema.authSessions)
      .where(eq(schema.authSessions.userId, first.user_id));
    expect(session?.revokedReason).toBe('reuse');
  });

  it('answers an expired access token in the shape the client refreshes on', async () => {
    const set = await signIn();
    advance(901);
    const res = await get(app, '/api/user/profile/v1/', bearer(set.access_token));
    expect(res.statusCode).toBe(400);
    expect(isExpiredTokenResponse(res.statusCode, res.json())).toBe(true);
    const refreshed = await post(app, '/api/user/refresh_auth_tokens/v1/', {
      refresh_token: set.refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    const tampered = `${set.access_token.slice(0, -4)}AAAA`;
    const bad = await get(app, '/api/user/profile/v1/', bearer(tampered));
    expect(isExpiredTokenResponse(bad.statusCode, bad.json())).toBe(true);
    const none = await get(app, '/api/user/profile/v1/');
    expect(none.statusCode).toBe(401);
    expect(isExpiredTokenResponse(none.statusCode, none.json())).toBe(false);
  });

  it('refuses an expired refresh token', async () => {
    const set = await signIn();
    advance(30 * 24 * 3600 + 1);
    const res = await post(app, '/api/user/refresh_auth_tokens/v1/', { refresh_token: set.refresh_token });
    expect(res.statusCode).toBe(401);
  });

  it('logout revokes the family: refresh and access tokens stop working', async () => {
    const set = await signIn();
    const out = await post(app, '/api/user/logout/v1/', {}, bearer(set.access_token));
    expect(out.json()).toEqual({ message: 'Signed out', revoked: true });
    expect((await get(app, '/api/user/profile/v1/', bearer(set.access_token))).statusCode).toBe(400);
    expect(
      (await post(app, '/api/user/refresh_auth_tokens/v1/', { refresh_token: set.refresh_token })).statusCode,
    ).toBe(401);
    // With only the refresh token (the access token had expired).
    const other = await signIn();
    advance(1000);
    const byRefresh = await post(
      app,
      '/api/user/logout/v1/',
      { refresh_token: other.refresh_token },
      bearer(other.access_token),
    );
    expect(byRefresh.json()).toMatchObject({ revoked: true });
    expect(
      (await post(app, '/api/user/refresh_auth_tokens/v1/', { refresh_token: other.refresh_token }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps the forms token set apart from the main set', async () => {
    const phone = freshPhone();
    const main = await signIn(phone);
    advance(31);
    const forms = await signIn(phone, app, outbox, 'forms');
    expect(forms.user_id).toBe(main.user_id);
    // A forms token does not open the shop's profile, and each refresh endpoint takes only its own set.
    expect((await get(app, '/api/user/profile/v1/', bearer(forms.access_token))).statusCode).toBe(403);
    expect(
      (await post(app, '/api/user/refresh_auth_tokens/v1/', { refresh_token: forms.refresh_token }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post(app, '/api/forms/auth/refresh_tokens/v1/', { refresh_token: main.refresh_token }))
        .statusCode,
    ).toBe(401);
    // As the client sends it: body + Bearer <forms access token>.
    const refreshed = await post(
      app,
      '/api/forms/auth/refresh_tokens/v1/',
      { refresh_token: forms.refresh_token },
      bearer(forms.access_token),
    );
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = tokenSetResponseSchema.parse(refreshed.json());
    // Or with the refresh token as the Bearer and no body.
    const byHeader = await app.inject({
      method: 'POST',
      url: '/api/forms/auth/refresh_tokens/v1/',
      headers: bearer(next.refresh_token),
    });
    expect(byHeader.statusCode, byHeader.body).toBe(200);
    // The main session was not touched.
    expect((await get(app, '/api/user/profile/v1/', bearer(main.access_token))).statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('round-trips GET and POST, and names the field of a validation error', async () => {
    const set = await signIn();
    const auth = bearer(set.access_token);
    const details = await post(
      app,
      '/api/user/sign_up/details/v1/',
      { name: 'Virat Kohli', email: 'Virat@Example.com' },
      auth,
    );
    expect(details.statusCode, details.body).toBe(200);
    expect(profileResponseSchema.parse(details.json()).profile).toMatchObject({
      name: 'Virat Kohli',
      email: 'virat@example.com',
      is_email_verified: false,
      is_sign_up_completed: true,
    });
    const update = await post(
      app,
      '/api/user/profile/v1/',
      {
        gender: 'male',
        dob: '1988-11-05',
        language_preference: 'hi-IN',
        profile_pic_url: 'https://cdn.example/p.png',
      },
      auth,
    );
    expect(update.statusCode, update.body).toBe(200);
    const got = profileResponseSchema.parse(
      (await get(app, '/api/user/user_profile/get/v1/', auth)).json(),
    ).profile;
    expect(got).toMatchObject({
      user_id: set.user_id,
      name: 'Virat Kohli',
      gender: 'MALE',
      dob: '1988-11-05',
      language_preference: 'hi-IN',
      profile_pic_url: 'https://cdn.example/p.png',
    });
    const viaOtherPath = await post(app, '/api/user/user_profile/update/v1/', { name: 'Virat K' }, auth);
    expect(profileResponseSchema.parse(viaOtherPath.json()).profile.name).toBe('Virat K');

    for (const [payload, field] of [
      [{ email: 'not-an-email' }, 'email'],
      [{ dob: '05/11/1988' }, 'dob'],
      [{ name: 'R2-D2' }, 'name'],
      [{ gender: 'robot' }, 'gender'],
      [{ profile_pic_url: 'javascript:alert(1)' }, 'profile_pic_url'],
    ] as const) {
      const res = await post(app, '/api/user/profile/v1/', payload, auth);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(error(res).field).toBe(field);
      expect(error(res).message).toContain(field);
    }
    const phoneChange = await post(app, '/api/user/profile/v1/', { phone_number: '9123456789' }, auth);
    expect(error(phoneChange).field).toBe('phone_number');
  });

  it('lets a buyer read and change only their own account', async () => {
    const a = await signIn();
    const b = await signIn();
    const readB = await get(
      app,
      `/api/user/user_profile/get/v1/?user_id=${b.user_id}`,
      bearer(a.access_token),
    );
    expect(readB.statusCode).toBe(403);
    expect(isExpiredTokenResponse(readB.statusCode, readB.json())).toBe(false);
    const updateB = await post(
      app,
      '/api/user/user_profile/update/v1/',
      { user_id: b.user_id, name: 'Mallory' },
      bearer(a.access_token),
    );
    expect(updateB.statusCode).toBe(403);
    const bProfile = profileResponseSchema.parse(
      (await get(app, '/api/user/profile/v1/', bearer(b.access_token))).json(),
    );
    expect(bProfile.profile.name).toBeNull();
    const own = await get(app, `/api/user/user_profile/get/v1/?user_id=${a.user_id}`, bearer(a.access_token));
    expect(profileResponseSchema.parse(own.json()).profile.user_id).toBe(a.user_id);
  });

  it('verifies a test e-mail address with its fixed code and sends nothing to it', async () => {
    const set = await signIn();
    const auth = bearer(set.access_token);
    await post(app, '/api/user/user_account/email/update/v1/', { email: 'Tester@Example.com' }, auth);
    const before = outbox.messages.length;
    const sent = await get(app, '/api/user/user_account/email/verify/request_otp/v1/', auth);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(outbox.messages).toHaveLength(before);
    const ok = await post(app, '/api/user/verify/email_otp/v1/', { otp: '654321' }, auth);
    expect(profileResponseSchema.parse(ok.json()).profile.is_email_verified).toBe(true);
  });

  it('verifies a new e-mail address with a code sent to it', async () => {
    const set = await signIn();
    const auth = bearer(set.access_token);
    const noEmail = await get(app, '/api/user/user_account/email/verify/request_otp/v1/', auth);
    expect(error(noEmail).field).toBe('email');
    await post(
      app,
      '/api/user/user_account/email/update/v1/',
      { email: `buyer${set.user_id.slice(0, 8)}@example.com` },
      auth,
    );
    const sent = await get(app, '/api/user/user_account/email/verify/request_otp/v1/', auth);
    expect(sent.statusCode, sent.body).toBe(200);
    const to = sent.json().email as string;
    const code = outbox.lastCodeFor(to);
    expect(outbox.messages.at(-1)).toMatchObject({ channel: 'email', purpose: 'email_verification' });
    const wrong = await post(
      app,
      '/api/user/verify/email_otp/v1/',
      { otp: code === '000000' ? '000001' : '000000' },
      auth,
    );
    expect(error(wrong).res_status).toBe('INVALID_OTP');
    const ok = await post(app, '/api/user/verify/email_otp/v1/', { otp: code }, auth);
    expect(profileResponseSchema.parse(ok.json()).profile.is_email_verified).toBe(true);
    // Changing the address makes it unverified again.
    const changed = await post(
      app,
      '/api/user/user_account/email/update/v1/',
      { email: 'new@example.com' },
      auth,
    );
    expect(profileResponseSchema.parse(changed.json()).profile).toMatchObject({
      email: 'new@example.com',
      is_email_verified: false,
    });
    const badOtp = await post(app, '/api/user/verify/email_otp/v1/', { otp: '12ab56' }, auth);
    expect(error(badOtp).field).toBe('otp');
  });
});

describe('states and districts', () => {
  it('lists the 28 states and 8 union territories', async () => {
    const res = await get(app, '/api/user/states/v1/');
    const { states_details } = statesResponseSchema.parse(res.json());
    expect(states_details).toHaveLength(36);
    expect(states_details.filter((s) => s.is_union_territory)).toHaveLength(8);
    expect(states_details).toContainEqual({
      state_name: 'Tamil Nadu',
      state_name_enum: 'TAMIL_NADU',
      is_union_territory: false,
    });
    expect(states_details).toContainEqual({
      state_name: 'Delhi',
      state_name_enum: 'DELHI',
      is_union_territory: true,
    });
  });

  it('lists a state’s districts by enum or name, and 404s an unknown state', async () => {
    const kerala = districtsResponseSchema.parse(
      (await get(app, '/api/user/districts/v1/?state=KERALA')).json(),
    );
    expect(kerala.districts_details).toHaveLength(14);
    expect(kerala.districts_details.map((d) => d.district_name)).toContain('Ernakulam');
    const goa = districtsResponseSchema.parse((await get(app, '/api/user/districts/v1/?state=Goa')).json());
    expect(goa.districts_details.map((d) => d.district_name)).toEqual(['North Goa', 'South Goa']);
    expect((await get(app, '/api/user/districts/v1/?state=Atlantis')).statusCode).toBe(404);
    const missing = await get(app, '/api/user/districts/v1/');
    expect(missing.statusCode).toBe(400);
    expect(error(missing).field).toBe('state');
  });
});

describe('social login switched off', () => {
  it('says so on every call', async () => {
    expect((await get(app, '/api/user/credentials/v1/')).json()).toMatchObject({ enabled: false });
    const code = await post(app, '/api/user/code/v1/', {});
    // A 4xx of its own: the client's catalogue reads a 503 as "no internet".
    expect(code.statusCode).toBe(404);
    expect(error(code).res_status).toBe('SOCIAL_LOGIN_DISABLED');
    const token = await post(app, '/api/user/token/v1/', { code: 'x', state: 'y', flow_token: 'z' });
    expect(token.statusCode).toBe(404);
  });
});
