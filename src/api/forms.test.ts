import type { FormSubmissionRequest } from '@contract/forms';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_DATABASE, OUTBOX_STORE, pendingEntries } from '@/storage/outbox';
import { ApiError, setErrorReporter } from './errors';
import { formSession, formSubmissionsQuery, submitForm } from './forms';
import { flushOutbox } from './outbox';
import { outboxStatus } from './outboxStatus';
import { errorBody, fakeNetwork, json, resetClient } from './test-helpers';
import { setTokens } from './tokens';

const body: FormSubmissionRequest = {
  form_id: 'get_invite',
  form_submission_data: {
    name: 'Asha Rao',
    phone_number: '9876543210',
    country_code: '+91',
    iso_country_code: 'IN',
    email: 'asha@example.in',
    city: 'Pune',
    product: 'BUSINESS_KIT',
  },
};

const stored = {
  submission_id: '5b1f0c7e-1111-4a2b-9c3d-000000000001',
  form_id: 'get_invite',
  form_submission_data: { name: 'Asha Rao', city: 'Pune' },
  created_at: '2026-07-01T10:00:00.000Z',
};

let restoreReporter: () => void;

beforeEach(async () => {
  await clear(createStore(OUTBOX_DATABASE, OUTBOX_STORE));
  resetClient();
  restoreReporter = setErrorReporter(vi.fn());
});

afterEach(() => {
  restoreReporter();
  vi.unstubAllGlobals();
});

describe('the forms service calls', () => {
  it("sends a visitor's form to the public path, with no Authorization and no x-tz", async () => {
    const { requests } = fakeNetwork(() => json(201, { message: 'Thanks', submission: stored }));
    expect(formSession()).toBeNull();
    const answer = await submitForm(body);
    expect(answer).toMatchObject({ status: 'sent', submission: { submission_id: stored.submission_id } });
    expect(requests[0]?.headers.get('Idempotency-Key')).toBe(answer.key);
    expect(requests[0]?.url).toMatch(/\/api\/forms\/create_public_ib_form_submission_details\/v1\/$/);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual(body);
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(requests[0]?.headers.get('x-tz')).toBeNull();
  });

  it("sends a signed-in buyer's form under their account, still without x-tz", async () => {
    setTokens('main', { accessToken: 'access-1', refreshToken: 'refresh-1', userId: 'u-1', expires: null });
    const { requests } = fakeNetwork(() => json(201, { message: 'Thanks', submission: stored }));
    await submitForm(body);
    expect(requests[0]?.url).toMatch(/\/api\/forms\/create_ib_form_submission\/v1\/$/);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(requests[0]?.headers.get('x-tz')).toBeNull();
  });

  it('uses the forms sign-in when the shop has no session', async () => {
    setTokens('forms', { accessToken: 'forms-1', refreshToken: 'forms-r', userId: 'u-2', expires: null });
    expect(formSession()).toBe('forms');
    const { requests } = fakeNetwork(() => json(201, { message: 'Thanks', submission: stored }));
    await submitForm(body);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer forms-1');
  });

  it('rejects with the field the server named', async () => {
    fakeNetwork(() =>
      json(
        400,
        errorBody(400, 'BAD_REQUEST', {
          field: 'form_submission_data.email',
          message: 'Enter a valid email id',
        }),
      ),
    );
    const error = await submitForm(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).field).toBe('form_submission_data.email');
    expect((error as ApiError).httpStatusCode).toBe(400);
  });

  it("lists the buyer's own submissions of a form", async () => {
    setTokens('main', { accessToken: 'access-1', refreshToken: 'refresh-1', userId: 'u-1', expires: null });
    const { requests } = fakeNetwork(() => json(200, { submissions: [stored] }));
    const client = new QueryClient();
    const submissions = await client.fetchQuery(formSubmissionsQuery('get_invite', 'main'));
    expect(submissions.map((s) => s.submission_id)).toEqual([stored.submission_id]);
    expect(requests[0]?.url).toMatch(
      /\/api\/forms\/get_ib_form_submission_details\/v1\/\?form_id=get_invite$/,
    );
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(requests[0]?.headers.get('x-tz')).toBeNull();
  });
});

describe('a form that cannot get through', () => {
  it('waits in the outbox offline and is sent on reconnect under the same Idempotency-Key', async () => {
    onlineManager.setOnline(false);
    const { requests } = fakeNetwork(() => json(201, { message: 'Thanks', submission: stored }));
    const answer = await submitForm(body);
    expect(answer.status).toBe('waiting');
    expect(requests).toHaveLength(0);
    expect(outboxStatus(answer.key)).toEqual({ state: 'waiting' });
    expect((await pendingEntries()).map((e) => [e.key, e.kind, e.request.auth])).toEqual([
      [answer.key, 'form', null],
    ]);

    onlineManager.setOnline(true);
    await flushOutbox({ ignoreBackoff: true });
    expect(requests.map((r) => r.headers.get('Idempotency-Key'))).toEqual([answer.key]);
    expect(requests[0]?.url).toMatch(/\/create_public_ib_form_submission_details\/v1\/$/);
    expect(requests[0]?.headers.get('x-tz')).toBeNull();
    expect(requests[0]?.body).toEqual(body);
    expect(outboxStatus(answer.key)).toMatchObject({ state: 'sent', body: { submission: stored } });
    expect(await pendingEntries()).toEqual([]);
  });

  it('keeps the key of the attempt that failed on the network, so a replay cannot store it twice', async () => {
    let up = false;
    const { requests } = fakeNetwork(() => {
      if (!up) throw new TypeError('Failed to fetch');
      return json(201, { message: 'Thanks', submission: stored });
    });
    const answer = await submitForm(body);
    expect(answer.status).toBe('waiting');
    up = true;
    onlineManager.setOnline(true);
    await flushOutbox({ ignoreBackoff: true });
    const keys = requests
      .filter((r) => r.url.includes('/api/forms/'))
      .map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toEqual([answer.key, answer.key]);
  });

  it('does not wait on a refusal: the field error comes back at once', async () => {
    fakeNetwork(() => json(400, errorBody(400, 'BAD_REQUEST', { field: 'form_submission_data.email' })));
    await expect(submitForm(body)).rejects.toBeInstanceOf(ApiError);
    expect(await pendingEntries()).toEqual([]);
  });
});
