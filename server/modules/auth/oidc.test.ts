import { errorBodySchema } from '@contract/common';
import {
  oidcCodeResponseSchema,
  oidcCredentialsResponseSchema,
  oidcLoginResponseSchema,
  oidcTokenResponseSchema,
  profileResponseSchema,
  verifyPhoneOtpResponseSchema,
} from '@contract/user';
import { eq } from 'drizzle-orm';
import { decodeJwt, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import * as schema from '../../db/schema';
import { memoryLogger, type TestApp, testApp } from '../../testing';
import { codeChallengeS256, deriveKeys, hmac } from './crypto';
import { memoryDelivery } from './delivery/memory';
import { startTestIdp, type TestIdp } from './test-idp';

const SECRET = 'oidc-test-secret-0123456789-abcdefghijkl';
const REDIRECT = 'http://127.0.0.1:5999/sign-in/google';
const keys = deriveKeys(SECRET);
const stateHash = (state: string) => hmac(keys.tokenHash, `state\n${state}`);

let idp: TestIdp;
let shop: TestApp;
let app: App;
const outbox = memoryDelivery();
/** When set, the id_token the provider answers is replaced by what this returns (forgery tests). */
let forge: ((claims: JWTPayload) => Promise<string>) | undefined;
const tamperingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!forge || !url.endsWith('/token')) return response;
  const body = (await response.json()) as { id_token?: string };
  if (body.id_token) body.id_token = await forge(decodeJwt(body.id_token));
  return new Response(JSON.stringify(body), {
    status: response.status,
    headers: { 'content-type': 'application/json' },
  });
};

type Headers = Record<string, string>;
const post = (url: string, payload?: unknown, headers: Headers = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).data;

let serial = 0;
function newAccount(overrides: Partial<{ email: string; email_verified: boolean; name: string }> = {}) {
  serial += 1;
  const login = `google-user-${serial}`;
  idp.accounts.set(login, {
    email: `cricket.fan${serial}@gmail.example`,
    email_verified: true,
    name: 'Smriti Mandhana',
    ...overrides,
  });
  return login;
}

async function start(headers: Headers = {}) {
  const res = await post('/api/user/code/v1/', {}, headers);
  expect(res.statusCode, res.body).toBe(200);
  return oidcCodeResponseSchema.parse(res.json());
}

/** /code/v1/ → the provider's login and consent → /token/v1/. */
async function googleSignIn(login: string, headers: Headers = {}) {
  const flow = await start(headers);
  const back = await idp.authorize(flow.authorization_url, login);
  expect(back.searchParams.get('state')).toBe(flow.state);
  const code = back.searchParams.get('code');
  expect(code, back.href).toBeTruthy();
  const res = await post('/api/user/token/v1/', { code, state: flow.state, flow_token: flow.flow_token });
  expect(res.statusCode, res.body).toBe(200);
  return oidcTokenResponseSchema.parse(res.json());
}

async function phoneSignIn(phone_number: string, extra: Record<string, unknown> = {}) {
  serial += 1;
  await app.inject({
    method: 'POST',
    url: '/api/user/login/phone_number/v1/',
    payload: { phone_number, country_code: '+91' },
    remoteAddress: `10.1.0.${serial}`,
  });
  const otp = outbox.lastCodeFor(`+91${phone_number}`);
  const res = await post('/api/user/verify/phone_number_otp/v1/', {
    phone_number,
    country_code: '+91',
    otp,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return verifyPhoneOtpResponseSchema.parse(res.json());
}

beforeAll(async () => {
  idp = await startTestIdp({ redirectUri: REDIRECT });
  shop = await testApp({
    config: {
      AUTH_SECRET: SECRET,
      STATIC_DIR: '/nonexistent',
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_REDIRECT_URI: REDIRECT,
    },
    logger: memoryLogger('error').logger,
    codeDelivery: outbox,
    oidcFetch: tamperingFetch,
  });
  app = shop.app;
});

afterAll(async () => {
  await shop.close();
  await idp?.close();
});

describe('social login against a real OpenID provider', () => {
  it('publishes the client configuration', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/credentials/v1/' });
    expect(oidcCredentialsResponseSchema.parse(res.json())).toEqual({
      enabled: true,
      provider: 'google',
      issuer: idp.issuer,
      client_id: idp.clientId,
      authorization_endpoint: `${idp.issuer}/auth`,
      redirect_uri: REDIRECT,
      scopes: ['openid', 'email', 'profile'],
      response_type: 'code',
      code_challenge_method: 'S256',
    });
  });

  it('starts the flow with state, nonce and an S256 challenge of a verifier kept in the database', async () => {
    const flow = await start();
    const url = new URL(flow.authorization_url);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe(flow.state);
    const [row] = await shop.db
      .select()
      .from(schema.oidcFlows)
      .where(eq(schema.oidcFlows.stateHash, stateHash(flow.state)));
    expect(row).toBeDefined();
    expect(url.searchParams.get('code_challenge')).toBe(codeChallengeS256(String(row?.codeVerifier)));
    expect(url.searchParams.get('nonce')).toBe(row?.nonce);
    expect(row?.expiresAt.getTime()).toBe((row?.createdAt.getTime() ?? 0) + 600_000);
    // The state itself is not stored, only its hash.
    expect(JSON.stringify(row)).not.toContain(flow.state);
  });

  it('the provider itself refuses an authorization request without PKCE', async () => {
    const flow = await start();
    const url = new URL(flow.authorization_url);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const back = await idp.authorize(url.href, newAccount());
    expect(back.searchParams.get('error')).toBe('invalid_request');
  });

  it('new Google buyer: asks for a phone number, links on the verified code, then signs straight in', async () => {
    const login = newAccount({ name: 'Smriti Mandhana' });
    const first = await googleSignIn(login);
    expect(first).toMatchObject({ linked: false, email_verified: true, name: 'Smriti Mandhana' });

    const ask = oidcLoginResponseSchema.parse(
      (await post('/api/user/login/v1/', { social_ticket: first.social_ticket })).json(),
    );
    expect(ask.status).toBe('PHONE_NUMBER_REQUIRED');

    const signedIn = await phoneSignIn('9812300001', { social_ticket: first.social_ticket });
    expect(signedIn.is_new_user).toBe(true);
    const profile = profileResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/user/profile/v1/',
          headers: bearer(signedIn.access_token),
        })
      ).json(),
    ).profile;
    expect(profile).toMatchObject({ name: 'Smriti Mandhana', email: first.email, is_email_verified: true });
    // The ticket is used up.
    const replay = await post('/api/user/login/v1/', { social_ticket: first.social_ticket });
    expect(error(replay).res_status).toBe('INVALID_STATE');

    const second = await googleSignIn(login);
    expect(second.linked).toBe(true);
    const loggedIn = oidcLoginResponseSchema.parse(
      (await post('/api/user/login/v1/', { social_ticket: second.social_ticket })).json(),
    );
    expect(loggedIn).toMatchObject({ status: 'LOGGED_IN', user_id: signedIn.user_id, linked_now: false });
    if (loggedIn.status !== 'LOGGED_IN') throw new Error('not logged in');
    const me = await app.inject({
      method: 'GET',
      url: '/api/user/profile/v1/',
      headers: bearer(loggedIn.access_token),
    });
    expect(me.statusCode).toBe(200);
  });

  it('links to the phone account whose verified e-mail Google verified', async () => {
    const buyer = await phoneSignIn('9812300002');
    const email = 'verified.buyer@gmail.example';
    await post('/api/user/user_account/email/update/v1/', { email }, bearer(buyer.access_token));
    await app.inject({
      method: 'GET',
      url: '/api/user/user_account/email/verify/request_otp/v1/',
      headers: bearer(buyer.access_token),
    });
    const verified = await post(
      '/api/user/verify/email_otp/v1/',
      { otp: outbox.lastCodeFor(email) },
      bearer(buyer.access_token),
    );
    expect(verified.statusCode, verified.body).toBe(200);

    const ticket = await googleSignIn(newAccount({ email }));
    const res = oidcLoginResponseSchema.parse(
      (await post('/api/user/login/v1/', { social_ticket: ticket.social_ticket })).json(),
    );
    expect(res).toMatchObject({ status: 'LOGGED_IN', user_id: buyer.user_id, linked_now: true });

    // An address Google has not verified links nothing.
    const unverified = await googleSignIn(newAccount({ email, email_verified: false }));
    const ask = oidcLoginResponseSchema.parse(
      (await post('/api/user/login/v1/', { social_ticket: unverified.social_ticket })).json(),
    );
    expect(ask.status).toBe('PHONE_NUMBER_REQUIRED');
  });

  it('links to the signed-in buyer who started the flow, and only for that buyer', async () => {
    const buyer = await phoneSignIn('9812300003');
    const other = await phoneSignIn('9812300004');
    const ticket = await googleSignIn(newAccount(), bearer(buyer.access_token));
    const anonymous = await post('/api/user/login/v1/', { social_ticket: ticket.social_ticket });
    expect(anonymous.statusCode).toBe(403);
    const wrongBuyer = await post(
      '/api/user/login/v1/',
      { social_ticket: ticket.social_ticket },
      bearer(other.access_token),
    );
    expect(wrongBuyer.statusCode).toBe(403);
    const ok = oidcLoginResponseSchema.parse(
      (
        await post('/api/user/login/v1/', { social_ticket: ticket.social_ticket }, bearer(buyer.access_token))
      ).json(),
    );
    expect(ok).toMatchObject({ status: 'LOGGED_IN', user_id: buyer.user_id, linked_now: true });
  });

  it('rejects an unknown state, a replayed state and a flow started in another browser', async () => {
    const flow = await start();
    const back = await idp.authorize(flow.authorization_url, newAccount());
    const code = back.searchParams.get('code');
    const bad = await post('/api/user/token/v1/', {
      code,
      state: 'not-the-state',
      flow_token: flow.flow_token,
    });
    expect(bad.statusCode).toBe(400);
    expect(error(bad)).toMatchObject({ res_status: 'INVALID_STATE', field: 'state' });

    const otherBrowser = await start();
    const back2 = await idp.authorize(otherBrowser.authorization_url, newAccount());
    const stolen = await post('/api/user/token/v1/', {
      code: back2.searchParams.get('code'),
      state: otherBrowser.state,
      flow_token: flow.flow_token,
    });
    expect(error(stolen).res_status).toBe('INVALID_STATE');
    // Each state is single use, even after a failed attempt.
    const replay = await post('/api/user/token/v1/', {
      code: back2.searchParams.get('code'),
      state: otherBrowser.state,
      flow_token: otherBrowser.flow_token,
    });
    expect(error(replay).res_status).toBe('INVALID_STATE');
  });

  it('sends the PKCE verifier: a different verifier makes the provider refuse the code', async () => {
    const flow = await start();
    const back = await idp.authorize(flow.authorization_url, newAccount());
    await shop.db
      .update(schema.oidcFlows)
      .set({ codeVerifier: 'x'.repeat(64) })
      .where(eq(schema.oidcFlows.stateHash, stateHash(flow.state)));
    const res = await post('/api/user/token/v1/', {
      code: back.searchParams.get('code'),
      state: flow.state,
      flow_token: flow.flow_token,
    });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({ res_status: 'OIDC_CODE_REJECTED', field: 'code' });
  });

  it('checks the nonce of the id_token against the flow', async () => {
    const flow = await start();
    const back = await idp.authorize(flow.authorization_url, newAccount());
    await shop.db
      .update(schema.oidcFlows)
      .set({ nonce: 'a-different-nonce' })
      .where(eq(schema.oidcFlows.stateHash, stateHash(flow.state)));
    const res = await post('/api/user/token/v1/', {
      code: back.searchParams.get('code'),
      state: flow.state,
      flow_token: flow.flow_token,
    });
    expect(res.statusCode).toBe(400);
    expect(error(res).res_status).toBe('OIDC_NONCE_MISMATCH');
  });

  it('verifies the id_token: signature by the issuer’s keys, issuer, audience and expiry', async () => {
    const impostor = await startTestIdp({ redirectUri: REDIRECT });
    // Expired relative to the provider's own issue time: the token says when it was made, the test reads no clock.
    const issuedAt = (claims: JWTPayload) => claims.iat ?? 0;
    const forgeries: [string, (claims: JWTPayload) => Promise<string>][] = [
      ['signed by another key', (claims) => impostor.sign(claims)],
      ['another audience', (claims) => idp.sign({ ...claims, aud: 'someone-else' })],
      ['another issuer', (claims) => idp.sign({ ...claims, iss: impostor.issuer })],
      [
        'expired',
        (claims) => idp.sign({ ...claims, iat: issuedAt(claims) - 7200, exp: issuedAt(claims) - 3600 }),
      ],
      [
        'unsigned',
        async (claims) =>
          `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
      ],
    ];
    try {
      // The untouched token, re-signed by the issuer, passes: the checks below fail for their own reason.
      forge = (claims) => idp.sign(claims);
      expect((await googleSignIn(newAccount())).email_verified).toBe(true);
      for (const [name, make] of forgeries) {
        forge = make;
        const flow = await start();
        const back = await idp.authorize(flow.authorization_url, newAccount());
        const res = await post('/api/user/token/v1/', {
          code: back.searchParams.get('code'),
          state: flow.state,
          flow_token: flow.flow_token,
        });
        expect(res.statusCode, name).toBe(400);
        expect(error(res).res_status, name).toBe('OIDC_ID_TOKEN_INVALID');
      }
    } finally {
      forge = undefined;
      await impostor.close();
    }
  });
});
