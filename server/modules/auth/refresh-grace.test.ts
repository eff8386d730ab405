import { errorBodySchema } from '@contract/common';
import { type TokenSetName, tokenSetResponseSchema, verifyPhoneOtpResponseSchema } from '@contract/user';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import * as schema from '../../db/schema';
import { type TestApp, testApp } from '../../testing';
import { memoryDelivery } from './delivery/memory';
import { REFRESH_REUSE_GRACE_SECONDS } from './tokens';

let clock = new Date('2026-04-01T08:00:00Z');
const now = () => clock;
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

const outbox = memoryDelivery();
const options = {
  config: { AUTH_SECRET: 'grace-test-secret-0123456789-abcdefghij' },
  now,
  codeDelivery: outbox,
};
let shop: TestApp;
let app: App;

beforeAll(async () => {
  shop = await testApp(options);
  app = shop.app;
});

afterAll(async () => {
  await shop.close();
});

// A fresh hour for each test: its codes never meet another test's limits.
beforeEach(() => advance(3600));

let serial = 0;
async function signIn(tokenSet: TokenSetName = 'main') {
  serial += 1;
  const phone_number = `98${String(11_200_000 + serial).padStart(8, '0')}`;
  const ip = `10.20.0.${serial}`;
  const body = { phone_number, country_code: '+91' };
  const sent = await app.inject({
    method: 'POST',
    url: '/api/user/login/phone_number/v1/',
    remoteAddress: ip,
    payload: body,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/verify/phone_number_otp/v1/',
    remoteAddress: ip,
    payload: { ...body, otp: outbox.lastCodeFor(`+91${phone_number}`), token_set: tokenSet },
  });
  expect(res.statusCode, res.body).toBe(200);
  return verifyPhoneOtpResponseSchema.parse(res.json());
}

const refresh = (refreshToken: string, a: App = app) =>
  a.inject({
    method: 'POST',
    url: '/api/user/refresh_auth_tokens/v1/',
    payload: { refresh_token: refreshToken },
  });

const profile = (accessToken: string) =>
  app.inject({
    method: 'GET',
    url: '/api/user/profile/v1/',
    headers: { authorization: `Bearer ${accessToken}` },
  });

async function revokedReason(userId: string) {
  const [session] = await shop.db
    .select({ reason: schema.authSessions.revokedReason })
    .from(schema.authSessions)
    .where(eq(schema.authSessions.userId, userId));
  return session?.reason ?? null;
}

describe('refresh reuse grace window', () => {
  it('answers a retry after a lost response with the same refresh token, and the session lives on', async () => {
    const first = await signIn();
    const lost = await refresh(first.refresh_token);
    expect(lost.statusCode, lost.body).toBe(200);
    const never = tokenSetResponseSchema.parse(lost.json());

    advance(REFRESH_REUSE_GRACE_SECONDS - 5);
    const retry = await refresh(first.refresh_token);
    expect(retry.statusCode, retry.body).toBe(200);
    const got = tokenSetResponseSchema.parse(retry.json());
    expect(got.refresh_token).toBe(never.refresh_token);
    expect(got.user_id).toBe(first.user_id);
    // The access token is signed again with the same claims.
    expect(decodeJwt(got.access_token)).toMatchObject({
      sub: first.user_id,
      sid: decodeJwt(never.access_token).sid,
      aud: 'shop:main',
    });
    expect((await profile(got.access_token)).statusCode).toBe(200);
    expect((await profile(never.access_token)).statusCode).toBe(200);

    // The family goes on as usual from there.
    const next = await refresh(got.refresh_token);
    expect(next.statusCode, next.body).toBe(200);
    expect(await revokedReason(first.user_id)).toBeNull();
  });

  it('still revokes the family when a used token comes back after the window', async () => {
    const first = await signIn();
    const second = tokenSetResponseSchema.parse((await refresh(first.refresh_token)).json());
    advance(REFRESH_REUSE_GRACE_SECONDS + 1);
    const late = await refresh(first.refresh_token);
    expect(late.statusCode).toBe(401);
    expect(errorBodySchema.parse(late.json()).data.res_status).toBe('SESSION_EXPIRED');
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await profile(second.access_token)).statusCode).toBe(400);
    expect(await revokedReason(first.user_id)).toBe('reuse');
  });

  it('revokes the family when the token comes back after its successor was used, even within the window', async () => {
    const first = await signIn();
    const second = tokenSetResponseSchema.parse((await refresh(first.refresh_token)).json());
    const third = tokenSetResponseSchema.parse((await refresh(second.refresh_token)).json());
    advance(1);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
    expect(await revokedReason(first.user_id)).toBe('reuse');
  });

  it('gives two tabs refreshing at once the same pair, on one process or two', async () => {
    const first = await signIn();
    const other = shop.build(options);
    try {
      const answers = await Promise.all([
        refresh(first.refresh_token),
        refresh(first.refresh_token, other),
        refresh(first.refresh_token),
        refresh(first.refresh_token, other),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const sets = answers.map((a) => tokenSetResponseSchema.parse(a.json()));
      expect(new Set(sets.map((s) => s.refresh_token)).size).toBe(1);
      expect(await revokedReason(first.user_id)).toBeNull();
      // One successor was stored, and it works.
      const rows = await shop.db
        .select()
        .from(schema.refreshTokens)
        .innerJoin(schema.authSessions, eq(schema.authSessions.id, schema.refreshTokens.sessionId))
        .where(eq(schema.authSessions.userId, first.user_id));
      expect(rows).toHaveLength(2);
      expect((await refresh(sets[0]?.refresh_token ?? '')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('token sets at the user refresh endpoint', () => {
  it('refreshes the business set into a business set', async () => {
    const business = await signIn('business');
    const res = await refresh(business.refresh_token);
    expect(res.statusCode, res.body).toBe(200);
    const next = tokenSetResponseSchema.parse(res.json());
    expect(decodeJwt(next.access_token).aud).toBe('shop:business');
    expect((await profile(next.access_token)).statusCode).toBe(200);
    // And once more: the rotated business token refreshes too.
    expect((await refresh(next.refresh_token)).statusCode).toBe(200);
    // The forms side does not take it.
    const forms = await app.inject({
      method: 'POST',
      url: '/api/forms/auth/refresh_tokens/v1/',
      payload: { refresh_token: business.refresh_token },
    });
    expect(forms.statusCode).toBe(401);
  });

  it('still refuses a forms token', async () => {
    const forms = await signIn('forms');
    expect((await refresh(forms.refresh_token)).statusCode).toBe(401);
  });
});
