import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MotionGlobalConfig } from 'framer-motion';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, fakeNetwork, json, resetClient, type SeenRequest } from '@/api/test-helpers';
import { setTokens } from '@/api/tokens';
import { chooseOption } from '@/ui/dropdown.test-helpers';
import { mockViewport } from '@/ui/matchMedia.mock';
import { renderAt } from '@/ui/renderAt.test-helpers';
import { AffiliateRegistrationForm } from './AffiliateRegistrationForm';

const PATH = '/form/affiliate-registration';
const BANK_KEY = 'associates/bank/user-1/cheque_20260701090000_abcdef.png';

beforeAll(() => {
  MotionGlobalConfig.skipAnimations = true;
});
afterAll(() => {
  MotionGlobalConfig.skipAnimations = false;
});
beforeEach(() => {
  resetClient();
  mockViewport(1280);
  setTokens('main', {
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    userId: 'user-1',
    expiresIn: 900,
  } as never);
});
afterEach(() => vi.unstubAllGlobals());

/** The browser's XHR, answering each upload at once as the server would. */
const uploads: Array<{ url: string; headers: Record<string, string> }> = [];
class AnsweringXhr {
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {
    uploads.push({ url: this.url, headers: this.headers });
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 3 } as ProgressEvent);
      this.status = 201;
      this.responseText = JSON.stringify({
        key: BANK_KEY,
        purpose: 'bank',
        content_type: 'image/png',
        size: 3,
      });
      this.onload?.();
    });
  }
  abort() {
    this.onabort?.();
  }
}

function registered(request: SeenRequest) {
  const body = request.body as { billing_address_details: Record<string, string> };
  return {
    message: 'Welcome aboard: your referral code is ready.',
    associate: {
      associate_code: 'ASHARAO-7K2Q',
      associate_name: 'Asha Rao',
      verification_status: 'SUBMITTED',
      payout_status: 'PENDING',
      registered_at: '2026-07-01T09:00:00.000Z',
      bank_payout_details: {
        name_as_per_bank_account: 'Asha Rao',
        bank_account_type: 'Savings',
        account_number_last4: '9012',
        ifsc_code: 'HDFC0000001',
        bank_name: 'HDFC Bank',
        branch_name: 'Koramangala',
        bank_details_image_s3_key: BANK_KEY,
      },
      pan_details: { is_user_has_pan: false },
      gst_details: { is_gst_registered: false },
      billing_address_details: body.billing_address_details,
    },
  };
}

function shopServer(
  register: (request: SeenRequest) => Response = (r) => json(201, registered(r)),
  details: unknown = null,
) {
  return fakeNetwork((request) => {
    const { pathname } = new URL(request.url, 'http://shop');
    if (pathname === '/api/commerce/states/v1/')
      return json(200, { states_details: [{ state_name: 'Karnataka', state_name_enum: 'KARNATAKA' }] });
    if (pathname === '/api/associates/ifsc/HDFC0000001/v1/')
      return json(200, { ifsc: 'HDFC0000001', bank_code: 'HDFC', bank_name: 'HDFC Bank' });
    if (pathname === '/api/associates/get_user_associations_details/v1/')
      return details ? json(200, { associate: details }) : json(404, errorBody(404, 'NOT_AN_ASSOCIATE'));
    if (pathname.startsWith('/api/associates/ifsc/'))
      return json(
        404,
        errorBody(404, 'NOT_FOUND', {
          message: 'We do not know this IFSC. Check it on your cheque book or passbook.',
        }),
      );
    return register(request);
  });
}

const submit = () => screen.getByRole('button', { name: 'Register as an affiliate' });

async function fillWithoutPan(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Name as per bank account/), 'Asha Rao');
  await chooseOption(user, /Account type/, 'Savings');
  await user.type(screen.getByLabelText(/^Account number/), '1234 5678 9012');
  await user.type(screen.getByLabelText(/^Confirm account number/), '123456789012');
  await user.type(screen.getByLabelText(/^IFSC/), 'hdfc0000001');
  await waitFor(() => expect(screen.getByRole('textbox', { name: /^Bank$/ })).toHaveValue('HDFC Bank'));
  await user.type(screen.getByLabelText(/^Branch/), 'Koramangala');
  await user.upload(
    screen.getByLabelText(/^Cancelled cheque or passbook page/, { selector: 'input' }),
    new File(['png'], 'cheque.png', { type: 'image/png' }),
  );
  expect(await screen.findByText('Uploaded')).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'I have a PAN' }));
  await user.type(screen.getByRole('textbox', { name: /^Name$/ }), 'Asha Rao');
  await user.type(screen.getByLabelText(/^Door or flat number/), '12A');
  await user.type(screen.getByLabelText(/^Street/), '80 Feet Road');
  await user.type(screen.getByLabelText(/^City/), 'Bengaluru');
  await user.type(screen.getByLabelText(/^District/), 'Bengaluru Urban');
  await chooseOption(user, /^State/, 'Karnataka');
  await user.type(screen.getByLabelText(/^Pincode/), '560034');
}

describe('AffiliateRegistrationForm', () => {
  it('names the bank from the IFSC, uploads the proof and sends the registration as the server takes it', async () => {
    vi.stubGlobal('XMLHttpRequest', AnsweringXhr);
    uploads.length = 0;
    const { requests } = shopServer();
    const onRegistered = vi.fn();
    renderAt(<AffiliateRegistrationForm userId="user-1" onRegistered={onRegistered} />, PATH);
    const user = userEvent.setup();
    await fillWithoutPan(user);
    await user.click(submit());

    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(uploads[0]?.url).toMatch(/\/api\/associates\/associate\/upload\/v1\/\?purpose=bank$/);
    expect(uploads[0]?.headers.authorization).toBe('Bearer access-1');
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.url).toMatch(/\/api\/associates\/associate\/register\/v1\/$/);
    expect(sent?.body).toEqual({
      bank_payout_details: {
        name_as_per_bank_account: 'Asha Rao',
        bank_account_type: 'Savings',
        account_number: '123456789012',
        confirm_account_number: '123456789012',
        ifsc_code: 'HDFC0000001',
        bank_name: 'HDFC Bank',
        branch_name: 'Koramangala',
        bank_details_image_s3_key: BANK_KEY,
      },
      pan_details: { is_user_has_pan: false },
      gst_details: { is_gst_registered: false },
      billing_address_details: {
        name: 'Asha Rao',
        door_number: '12A',
        street_name: '80 Feet Road',
        city_details: 'Bengaluru',
        district_details: 'Bengaluru Urban',
        state_details: 'Karnataka',
        pincode: '560034',
        country_details: 'India',
      },
    });
    expect(onRegistered).toHaveBeenCalledWith(expect.objectContaining({ associate_code: 'ASHARAO-7K2Q' }));
  });

  it('sends nothing while fields are wrong, and says so under each', async () => {
    const { requests } = shopServer();
    renderAt(<AffiliateRegistrationForm userId="user-1" onRegistered={vi.fn()} />, PATH);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Account number/), '123456789012');
    await user.type(screen.getByLabelText(/^Confirm account number/), '123456789013');
    await user.type(screen.getByLabelText(/^IFSC/), 'HDFC0ZZZZZ9');
    expect(await screen.findByText(/We do not know this IFSC/)).toBeInTheDocument();
    await user.click(submit());
    expect(screen.getByText('The account numbers do not match')).toBeInTheDocument();
    expect(screen.getByText('Upload a cancelled cheque or your passbook page')).toBeInTheDocument();
    expect(screen.getByText('Upload your PAN card')).toBeInTheDocument();
    expect(screen.getByText('enter a valid pincode')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("puts the server's refusal under the field it names and keeps what was typed", async () => {
    vi.stubGlobal('XMLHttpRequest', AnsweringXhr);
    shopServer(() =>
      json(
        400,
        errorBody(400, 'BAD_REQUEST', {
          message: 'Upload this proof again: we do not have it',
          field: 'bank_payout_details.bank_details_image_s3_key',
        }),
      ),
    );
    const onRegistered = vi.fn();
    renderAt(<AffiliateRegistrationForm userId="user-1" onRegistered={onRegistered} />, PATH);
    const user = userEvent.setup();
    await fillWithoutPan(user);
    await user.click(submit());
    expect(await screen.findByText('Upload this proof again: we do not have it')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Branch/)).toHaveValue('Koramangala');
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('sends a person who is an affiliate already to their page instead of the form', async () => {
    const billing = {
      name: 'Asha Rao',
      door_number: '12A',
      street_name: '80 Feet Road',
      city_details: 'Bengaluru',
      district_details: 'Bengaluru Urban',
      state_details: 'Karnataka',
      pincode: '560034',
      country_details: 'India',
    };
    const { requests } = shopServer(
      undefined,
      registered({ body: { billing_address_details: billing } } as unknown as SeenRequest).associate,
    );
    renderAt(<AffiliateRegistrationForm userId="user-1" onRegistered={vi.fn()} />, PATH);
    expect(await screen.findByRole('heading', { name: 'You are an affiliate already' })).toBeInTheDocument();
    expect(screen.getByText('Your referral code is ASHARAO-7K2Q.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your affiliate page' })).toHaveAttribute(
      'href',
      '/my-affiliate',
    );
    expect(screen.queryByRole('button', { name: 'Register as an affiliate' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
