import { errorBodySchema } from '@contract/common';
import { parseFeatureFlags } from '@contract/flags';
import type { FormId, FormSubmission } from '@contract/forms';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formSubmissions } from '../../db/schema';
import { signInWithPhone, type TestApp, testApp } from '../../testing';
import { createOrder, loadCatalogue, orderBody, verifyBuyerEmail, wholePackage } from '../orders/testing';

// 09:00 in Kolkata on 1 July: "today" for a preferred date is 2026-07-01.
let clock = new Date('2026-07-01T03:30:00Z');
const now = () => clock;

const BUYER_A = { phone_number: '9999999933', country_code: '+91' };
const BUYER_B = { phone_number: '9999999944', country_code: '+91' };
const PUBLIC = '/api/forms/create_public_ib_form_submission_details/v1/';
const SIGNED_IN = '/api/forms/create_ib_form_submission/v1/';
const LIST = '/api/forms/get_ib_form_submission_details/v1/';

let shop: TestApp;
let buyerA: { token: string; userId: string };
let buyerB: { token: string; userId: string };
let buyerAOrderId = '';
const BUYER_A_EMAIL = 'buyer.a@example.com';
let nextIp = 1;
let ip = '';

const signIn = (phone: typeof BUYER_A) => signInWithPhone(shop.app, phone);

beforeAll(async () => {
  shop = await testApp({
    now,
    config: {
      OTP_TEST_NUMBERS: new Map([
        [`+91${BUYER_A.phone_number}`, '123456'],
        [`+91${BUYER_B.phone_number}`, '123456'],
        [BUYER_A_EMAIL, '123456'],
      ]),
    },
  });
  // The clock stands still (tokens last 15 minutes of it): each buyer signs in once.
  buyerA = await signIn(BUYER_A);
  buyerB = await signIn(BUYER_B);
  // The setup call is about an order of buyer A's own: a real one.
  await verifyBuyerEmail(shop.app, { ...buyerA, email: BUYER_A_EMAIL });
  const game = (await loadCatalogue(shop.app, ['GAME_1_PROFILE'])).get('GAME_1_PROFILE');
  if (!game) throw new Error('the seed has no GAME_1_PROFILE');
  const order = await createOrder(
    shop.app,
    { ...buyerA, email: BUYER_A_EMAIL },
    orderBody({ email: BUYER_A_EMAIL }, [wholePackage(game)], { shipping_details: undefined }),
    'forms-test-order-1',
  );
  expect(order.statusCode, order.body).toBe(200);
  buyerAOrderId = order.json().order_id;
  FORMS.order_setup_call.data.orderId = buyerAOrderId;
});

afterAll(async () => {
  await shop.close();
});

// Each test sends from an address of its own, so the per-client limit of one test never reaches another.
beforeEach(() => {
  nextIp += 1;
  ip = `198.51.100.${nextIp}`;
});

const person = {
  name: ' Ravi Shankar ',
  phone_number: '98450 12345',
  country_code: '+91',
  email: 'Ravi@Example.com',
};

/** One good submission per form, and the field a bad value of it is refused on. */
const FORMS: Record<
  Exclude<FormId, 'get_invite' | 'payment_gateway_issue'>,
  { data: Record<string, string>; bad: [field: string, value: string, message: string] }
> = {
  request_a_call: {
    data: {
      name: person.name,
      phone_number: person.phone_number,
      country_code: '+91',
      topic: 'BUSINESS',
      preferred_date: '2026-07-02',
      preferred_time_slot: 'EVENING',
    },
    bad: ['preferred_time_slot', 'MIDNIGHT', 'Choose a time'],
  },
  book_a_demo: {
    data: {
      ...person,
      city: 'Mysuru',
      pincode: '570001',
      product: 'HOME_KIT',
      preferred_date: '2026-07-01',
      preferred_time_slot: 'MORNING',
      message: 'Weekend please',
    },
    bad: ['pincode', '5700', 'enter a valid pincode'],
  },
  giveaway_contest: {
    data: { ...person, city: 'Chennai', player_role: 'WICKET_KEEPER' },
    bad: ['player_role', 'UMPIRE', 'Choose your playing role'],
  },
  experience_zone_interest: {
    data: {
      ...person,
      venue_name: 'Koramangala Sports Arena',
      venue_type: 'ACADEMY',
      city: 'Bengaluru',
      pincode: '560034',
    },
    bad: ['venue_name', '   ', 'Enter the venue name'],
  },
  club_edition_apply: {
    data: { ...person, club_name: 'Mysuru Gymkhana', city: 'Mysuru', pincode: '570001', members: '120' },
    bad: ['members', '12a', 'Use digits only'],
  },
  enterprise_contact: {
    data: {
      ...person,
      company_name: 'Play Arenas Pvt Ltd',
      city: 'Pune',
      locations: '8',
      message: 'A licence for eight venues',
    },
    bad: ['email', 'ravi@', 'Enter a valid email id'],
  },
  order_setup_call: {
    // Its orderId is buyer A's order, made before the tests.
    data: { orderId: '', preferred_date: '2026-08-30', preferred_time_slot: 'AFTERNOON' },
    bad: ['orderId', 'x; drop', 'Unknown order'],
  },
};
const FORM_IDS = Object.keys(FORMS) as (keyof typeof FORMS)[];

function post(url: string, payload: unknown, token?: string) {
  return shop.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: ip,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

function list(token: string, formId: FormId) {
  return shop.app.inject({
    method: 'GET',
    url: `${LIST}?form_id=${formId}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

function refusal(res: { statusCode: number; json(): unknown; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const data = errorBodySchema.parse(res.json()).data;
  expect(data.http_status_code).toBe(status);
  return data;
}

describe.each(FORM_IDS)('the %s form', (formId) => {
  const { data, bad } = FORMS[formId];

  it('is stored under the buyer, tidied, and read back by them and nobody else', async () => {
    const a = buyerA;
    const b = buyerB;
    const res = await post(SIGNED_IN, { form_id: formId, form_submission_data: data }, a.token);
    expect(res.statusCode, res.body).toBe(201);
    const { submission } = res.json() as { submission: FormSubmission };
    expect(submission.form_id).toBe(formId);
    if ('phone_number' in data) {
      expect(submission.form_submission_data).toMatchObject({
        name: 'Ravi Shankar',
        phone_number: '9845012345',
        country_code: '+91',
        iso_country_code: 'IN',
      });
    }
    if ('email' in data) expect(submission.form_submission_data.email).toBe('ravi@example.com');
    const [row] = await shop.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, submission.submission_id));
    expect(row?.userId).toBe(a.userId);
    expect(row?.formId).toBe(formId);
    expect(row?.data).toEqual(submission.form_submission_data);

    const own = (await list(a.token, formId)).json().submissions as FormSubmission[];
    expect(own.map((s) => s.submission_id)).toContain(submission.submission_id);
    const theirs = await list(b.token, formId);
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json().submissions as FormSubmission[]).map((s) => s.submission_id)).not.toContain(
      submission.submission_id,
    );
  });

  it(`refuses a bad ${bad[0]} with spec §8's body naming form_submission_data.${bad[0]}`, async () => {
    const body = { form_id: formId, form_submission_data: { ...data, [bad[0]]: bad[1] } };
    const error = refusal(await post(SIGNED_IN, body, buyerA.token), 400);
    expect(error.field).toBe(`form_submission_data.${bad[0]}`);
    expect(error.message).toContain(bad[2]);
  });
});

describe('the shared checks', () => {
  it.each([
    ['yesterday', '2026-06-30', 'Choose today or a later date'],
    ['more than 60 days ahead', '2026-08-31', 'Choose a date within 60 days'],
    ['no date at all', '31/07/2026', 'Choose a date'],
  ])('refuses a preferred date %s', async (_case, date, message) => {
    const error = refusal(
      await post(PUBLIC, {
        form_id: 'request_a_call',
        form_submission_data: { ...FORMS.request_a_call.data, preferred_date: date },
      }),
      400,
    );
    expect(error.field).toBe('form_submission_data.preferred_date');
    expect(error.message).toContain(message);
  });

  it('refuses an Indian number that is not a mobile, on every form with a phone', async () => {
    for (const formId of FORM_IDS.filter((id) => 'phone_number' in FORMS[id].data)) {
      const error = refusal(
        await post(PUBLIC, {
          form_id: formId,
          form_submission_data: { ...FORMS[formId].data, phone_number: '1234567890' },
        }),
        400,
      );
      expect(error.field, formId).toBe('form_submission_data.phone_number');
    }
  });

  it('takes the anonymous forms from a visitor, without an account', async () => {
    const res = await post(PUBLIC, {
      form_id: 'giveaway_contest',
      form_submission_data: FORMS.giveaway_contest.data,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await shop.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, res.json().submission.submission_id));
    expect(row?.userId).toBeNull();
    expect(row?.data.player_role).toBe('WICKET_KEEPER');
  });
});

describe('the forms-login flag', () => {
  it.each(['club_edition_apply', 'order_setup_call'] as const)(
    'on (the default), %s needs an account: 401 without one',
    async (formId) => {
      const error = refusal(
        await post(PUBLIC, { form_id: formId, form_submission_data: FORMS[formId].data }),
        401,
      );
      expect(error.message).toBe('Sign in to send this form');
    },
  );

  it('off, the same forms are taken anonymously', async () => {
    const open = shop.build({
      now,
      config: { features: { ...parseFeatureFlags({}).flags, formsLogin: false } },
    });
    try {
      const res = await open.inject({
        method: 'POST',
        url: PUBLIC,
        payload: { form_id: 'club_edition_apply', form_submission_data: FORMS.club_edition_apply.data },
        remoteAddress: ip,
      });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await open.close();
    }
  });
});

describe('the time of the clock', () => {
  it('counts "today" in the shop\'s calendar, not UTC', async () => {
    // 20:00 UTC on 1 July is already 2 July in Kolkata: 1 July is yesterday there.
    clock = new Date('2026-07-01T20:00:00Z');
    try {
      const error = refusal(
        await post(PUBLIC, {
          form_id: 'request_a_call',
          form_submission_data: { ...FORMS.request_a_call.data, preferred_date: '2026-07-01' },
        }),
        400,
      );
      expect(error.field).toBe('form_submission_data.preferred_date');
    } finally {
      clock = new Date('2026-07-01T03:30:00Z');
    }
  });
});

describe('a form about an order', () => {
  const setupCall = (orderId: string) => ({
    form_id: 'order_setup_call',
    form_submission_data: { orderId, preferred_date: '2026-08-30', preferred_time_slot: 'MORNING' },
  });

  it("is refused for another buyer's order or an unknown one, under its orderId", async () => {
    for (const [orderId, token] of [
      [buyerAOrderId, buyerB.token],
      ['ord_unknown', buyerA.token],
    ] as const) {
      const error = refusal(await post(SIGNED_IN, setupCall(orderId), token), 404);
      expect(error.field).toBe('form_submission_data.orderId');
      expect(error.message).toBe('Unknown order');
    }
    const issue = { form_id: 'payment_gateway_issue', form_submission_data: { orderId: buyerAOrderId } };
    refusal(await post(SIGNED_IN, issue, buyerB.token), 404);
    expect((await post(SIGNED_IN, issue, buyerA.token)).statusCode).toBe(201);
  });
});
