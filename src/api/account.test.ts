import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestEmailOtp, updateEmail, verifyEmailOtp } from './account';
import { ApiError, setErrorReporter } from './errors';
import { errorBody, fakeNetwork, json, resetClient } from './test-helpers';
import { setTokens } from './tokens';
import { wireProfile } from './user.test-helpers';

let restoreReporter: () => void;

beforeEach(() => {
  resetClient();
  restoreReporter = setErrorReporter(vi.fn());
  setTokens('main', { accessToken: 'access-1', refreshToken: 'refresh-1', userId: 'u-1', expires: null });
});

afterEach(() => {
  restoreReporter();
  vi.unstubAllGlobals();
});

describe('the e-mail calls of the user service', () => {
  it('updates the e-mail with the buyer token and answers the client profile, unverified', async () => {
    const { requests } = fakeNetwork(() =>
      json(200, { profile: wireProfile({ email: 'asha@example.in', is_email_verified: false }) }),
    );
    const profile = await updateEmail({ email: 'asha@example.in' });
    expect(profile).toMatchObject({ email: 'asha@example.in', isEmailVerified: false });
    expect(requests[0]?.url).toMatch(/\/api\/user\/user_account\/email\/update\/v1\/$/);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ email: 'asha@example.in' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('asks for an e-mail code with a GET and no body', async () => {
    const { requests } = fakeNetwork(() =>
      json(200, {
        message: 'Code sent',
        res_status: 'OTP_SENT',
        expires_in: 600,
        resend_after_seconds: 30,
        email: 'asha@example.in',
      }),
    );
    const sent = await requestEmailOtp();
    expect(sent.resend_after_seconds).toBe(30);
    expect(requests[0]?.url).toMatch(/\/user_account\/email\/verify\/request_otp\/v1\/$/);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.body).toBeUndefined();
  });

  it('verifies the code and answers the profile with the e-mail verified', async () => {
    const { requests } = fakeNetwork(() =>
      json(200, { profile: wireProfile({ email: 'asha@example.in', is_email_verified: true }) }),
    );
    const profile = await verifyEmailOtp({ otp: '123456' });
    expect(profile.isEmailVerified).toBe(true);
    expect(requests[0]?.url).toMatch(/\/verify\/email_otp\/v1\/$/);
    expect(requests[0]?.body).toEqual({ otp: '123456' });
  });

  it('a wrong code rejects with the server message and the field it names', async () => {
    fakeNetwork(() => json(400, errorBody(400, 'INVALID_OTP', { message: 'Wrong code', field: 'otp' })));
    const error = await verifyEmailOtp({ otp: '000000' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Wrong code');
    expect((error as ApiError).field).toBe('otp');
  });
});
