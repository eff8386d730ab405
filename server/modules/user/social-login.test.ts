import { errorBodySchema } from '@contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../testing';

let shop: TestApp;

beforeAll(async () => {
  // No OIDC_* settings: social sign-in is switched off.
  shop = await testApp();
});

afterAll(async () => {
  await shop.close();
});

const CALLS = [
  ['/api/user/code/v1/', {}],
  ['/api/user/token/v1/', { code: 'x', state: 'y', flow_token: 'z' }],
  ['/api/user/login/v1/', { social_ticket: 'x' }],
  // Refused as switched off whatever the body: the feature is not there to validate it.
  ['/api/user/login/v1/', { social_ticket: 42 }],
] as const;

describe('social sign-in switched off', () => {
  it.each(CALLS)(
    '%s answers 404 SOCIAL_LOGIN_DISABLED in the spec §8 body, never a 503',
    async (url, payload) => {
      const res = await shop.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(404);
      expect(errorBodySchema.parse(res.json()).data).toEqual({
        message: 'Sign-in with Google is not available on this shop',
        response: 'Sign-in with Google is not available on this shop',
        res_status: 'SOCIAL_LOGIN_DISABLED',
        http_status_code: 404,
      });
    },
  );

  it('still tells the PWA so through its credentials', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/user/credentials/v1/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: false });
  });
});
