import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MotionGlobalConfig } from 'framer-motion';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushOutbox } from '@/api/outbox';
import { errorBody, fakeNetwork, json, resetClient, type SeenRequest } from '@/api/test-helpers';
import { setTokens } from '@/api/tokens';
import { wireProfile } from '@/api/user.test-helpers';
import { chooseOption } from '@/ui/dropdown.test-helpers';
import { mockViewport } from '@/ui/matchMedia.mock';
import { renderAt } from '@/ui/renderAt.test-helpers';
import { GetInviteForm } from './GetInviteForm';

const PATH = '/form/get-invite';

beforeAll(() => {
  MotionGlobalConfig.skipAnimations = true;
});
afterAll(() => {
  MotionGlobalConfig.skipAnimations = false;
});
beforeEach(() => {
  resetClient();
  sessionStorage.clear();
  mockViewport(1280);
});
afterEach(() => vi.unstubAllGlobals());

function stored(request: SeenRequest) {
  const body = request.body as { form_id: string; form_submission_data: Record<string, string> };
  return {
    message: 'Thanks, we have your request.',
    submission: {
      submission_id: '5b1f0c7e-1111-4a2b-9c3d-000000000001',
      form_id: body.form_id,
      form_submission_data: body.form_submission_data,
      created_at: '2026-07-01T10:00:00.000Z',
    },
  };
}

/** Answers the profile for a signed-in buyer and stores a submission. */
function shopServer(submit: (request: SeenRequest) => Response = (r) => json(201, stored(r))) {
  return fakeNetwork((request) => {
    if (request.url.includes('/api/user/profile/v1/'))
      return json(200, { profile: wireProfile({ email: 'asha@example.in' }) });
    return submit(request);
  });
}

const chooseProduct = (user: ReturnType<typeof userEvent.setup>, label: string) =>
  chooseOption(user, /Invite for/, label);

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full name/), 'Asha Rao');
  await user.type(screen.getByLabelText(/Mobile number/), '98765 43210');
  await user.type(screen.getByLabelText(/^Email/), 'asha@example.in');
  await user.type(screen.getByLabelText(/^City/), 'Pune');
}

const submitButton = () => screen.getByRole('button', { name: 'Request an invite' });

describe('GetInviteForm', () => {
  it("sends a visitor's request to the public path, without x-tz, and thanks them with a way back to the shop", async () => {
    const { requests } = shopServer();
    const onSubmitted = vi.fn();
    renderAt(<GetInviteForm userId={null} onSubmitted={onSubmitted} />, PATH);
    const user = userEvent.setup();
    await chooseProduct(user, 'Business kit');
    await fillIn(user);
    await user.type(screen.getByLabelText(/Organisation or club/), '  Pune Gymkhana ');
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: /Thanks — we will be in touch/ })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('at asha@example.in');
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.url).toMatch(/\/api\/forms\/create_public_ib_form_submission_details\/v1\/$/);
    expect(sent?.headers.get('x-tz')).toBeNull();
    expect(sent?.body).toEqual({
      form_id: 'get_invite',
      form_submission_data: {
        name: 'Asha Rao',
        phone_number: '9876543210',
        country_code: '+91',
        iso_country_code: 'IN',
        email: 'asha@example.in',
        city: 'Pune',
        organisation: 'Pune Gymkhana',
        product: 'BUSINESS_KIT',
      },
    });
    expect(onSubmitted).toHaveBeenCalledWith(expect.objectContaining({ form_id: 'get_invite' }));
  });

  it('offline, says the request waits and will be sent when back online, then that it was sent', async () => {
    const { requests } = shopServer();
    const onSubmitted = vi.fn();
    renderAt(<GetInviteForm userId={null} onSubmitted={onSubmitted} />, PATH);
    const user = userEvent.setup();
    await chooseProduct(user, 'Business kit');
    await fillIn(user);
    act(() => onlineManager.setOnline(false));
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Waiting to send' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('will be sent when you are back online');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(onSubmitted).not.toHaveBeenCalled();

    act(() => onlineManager.setOnline(true));
    await act(() => flushOutbox({ ignoreBackoff: true }));
    expect(await screen.findByRole('heading', { name: /Thanks — we will be in touch/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Sent\./);
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });

  it('preselects the product the page address names', async () => {
    shopServer();
    renderAt(<GetInviteForm userId={null} product="BUSINESS_LICENCE" />, `${PATH}?product=licence`);
    expect(await screen.findByRole('combobox', { name: /Invite for/ })).toHaveTextContent('Business licence');
  });

  it('shows an error only once a field is touched, checks on change after that, and sends nothing invalid', async () => {
    const { requests } = shopServer();
    renderAt(<GetInviteForm userId={null} />, PATH);
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'asha@');
    expect(screen.queryByText('Enter a valid email id')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Enter a valid email id')).toBeInTheDocument();
    await user.type(email, 'example.in');
    expect(screen.queryByText('Enter a valid email id')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/Mobile number/), '12345');
    await user.click(submitButton());
    expect(screen.getByText('Enter a valid mobile number')).toBeInTheDocument();
    expect(screen.getByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Enter your city')).toBeInTheDocument();
    expect(screen.getByText('Choose the business licence or the business kit')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("puts the server's field error under the field it names and keeps everything typed", async () => {
    shopServer(() =>
      json(400, {
        data: {
          ...errorBody(400, 'BAD_REQUEST').data,
          message: 'We cannot reach that city yet',
          field: 'form_submission_data.city',
        },
      }),
    );
    renderAt(<GetInviteForm userId={null} />, PATH);
    const user = userEvent.setup();
    await chooseProduct(user, 'Business licence');
    await fillIn(user);
    await user.click(submitButton());

    const city = screen.getByLabelText(/^City/);
    expect(await screen.findByText('We cannot reach that city yet')).toBeInTheDocument();
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveValue('Pune');
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Asha Rao');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('asha@example.in');
    await user.type(city, 'x');
    expect(screen.queryByText('We cannot reach that city yet')).not.toBeInTheDocument();
  });

  it('shows a refusal without a field above the button, keeps the form, and a retry goes through', async () => {
    let refuse = true;
    shopServer((request) =>
      refuse
        ? json(429, {
            data: {
              ...errorBody(429, 'TOO_MANY_REQUESTS').data,
              message: 'Too many forms were sent from this network. Try again later.',
              time_in_seconds: 600,
            },
          })
        : json(201, stored(request)),
    );
    renderAt(<GetInviteForm userId={null} />, PATH);
    const user = userEvent.setup();
    await chooseProduct(user, 'Business licence');
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many forms were sent from this network. Try again later.',
    );
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Asha Rao');

    refuse = false;
    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: /Thanks — we will be in touch/ })).toBeInTheDocument();
  });

  it("fills in a signed-in buyer's name, number and e-mail from the profile and sends under their account", async () => {
    setTokens('main', { accessToken: 'access-1', refreshToken: 'refresh-1', userId: 'u-1', expires: null });
    const { requests } = shopServer();
    renderAt(<GetInviteForm userId="u-1" />, PATH);
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveValue('Asha Kumar'));
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('9876543210');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('asha@example.in');
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await chooseProduct(user, 'Business licence');
    await user.type(screen.getByLabelText(/^City/), 'Mysuru');
    await user.click(submitButton());
    await screen.findByRole('heading', { name: /Thanks — we will be in touch/ });
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.url).toMatch(/\/api\/forms\/create_ib_form_submission\/v1\/$/);
    expect(sent?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(sent?.body).toMatchObject({
      form_submission_data: { name: 'Asha Kumar', phone_number: '9876543210', email: 'asha@example.in' },
    });
  });

  it('leaves what the buyer already typed when the profile arrives late', async () => {
    setTokens('main', { accessToken: 'access-1', refreshToken: 'refresh-1', userId: 'u-1', expires: null });
    let answerProfile: (response: Response) => void = () => undefined;
    fakeNetwork((request) =>
      request.url.includes('/profile/v1/')
        ? new Promise<Response>((resolve) => {
            answerProfile = resolve;
          })
        : json(201, stored(request)),
    );
    renderAt(<GetInviteForm userId="u-1" />, PATH);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Full name/), 'Asha R');
    answerProfile(json(200, { profile: wireProfile({ email: 'asha@example.in' }) }));
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveValue('asha@example.in'));
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Asha R');
  });

  it('leaves the field the buyer is in to them when the profile arrives, so what they type is kept once', async () => {
    setTokens('main', { accessToken: 'access-1', refreshToken: 'refresh-1', userId: 'u-1', expires: null });
    let answerProfile: (response: Response) => void = () => undefined;
    fakeNetwork((request) =>
      request.url.includes('/profile/v1/')
        ? new Promise<Response>((resolve) => {
            answerProfile = resolve;
          })
        : json(201, stored(request)),
    );
    renderAt(<GetInviteForm userId="u-1" />, PATH);
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/Full name/);
    // In the field, about to type: the profile answers before the first key.
    await user.click(name);
    answerProfile(json(200, { profile: wireProfile({ email: 'asha@example.in' }) }));
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveValue('asha@example.in'));
    await user.keyboard('Asha Kumar');
    expect(name).toHaveValue('Asha Kumar');
  });

  it('offers a signed-out visitor the sign-in, back to this form', async () => {
    shopServer();
    renderAt(<GetInviteForm userId={null} product="BUSINESS_KIT" />, `${PATH}?product=business-kit`);
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toContain('/sign-in?redirect=');
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain(
      '/form/get-invite?product=business-kit',
    );
  });
});
