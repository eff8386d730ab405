import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MotionGlobalConfig } from 'framer-motion';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { onFormSent } from '@/api/formEvents';
import { errorBody, fakeNetwork, json, resetClient, type SeenRequest } from '@/api/test-helpers';
import { setTokens } from '@/api/tokens';
import { chooseOption } from '@/ui/dropdown.test-helpers';
import { mockViewport } from '@/ui/matchMedia.mock';
import { renderAt } from '@/ui/renderAt.test-helpers';
import {
  BOOK_A_DEMO_FORM,
  CLUB_EDITION_FORM,
  ENTERPRISE_CONTACT_FORM,
  EXPERIENCE_ZONE_FORM,
  GIVEAWAY_CONTEST_FORM,
  ORDER_SETUP_CALL_FORM,
  REQUEST_A_CALL_FORM,
} from './definitions';
import { RequestForm } from './RequestForm';
import type { RequestFormDefinition } from './requestForm';

type User = ReturnType<typeof userEvent.setup>;

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
  // The shop's calendar stands at 1 July 2026, 09:00 in Kolkata; only Date is faked, timers run.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-07-01T03:30:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stored(request: SeenRequest) {
  const body = request.body as { form_id: string; form_submission_data: Record<string, string> };
  return {
    message: 'Thanks, we have your request.',
    submission: {
      submission_id: '5b1f0c7e-1111-4a2b-9c3d-000000000002',
      form_id: body.form_id,
      form_submission_data: body.form_submission_data,
      created_at: '2026-07-01T10:00:00.000Z',
    },
  };
}

async function contact(user: User, email = true) {
  await user.type(screen.getByLabelText(/Full name|Your name/), 'Asha Rao');
  await user.type(screen.getByLabelText(/Mobile number/), '9876543210');
  if (email) await user.type(screen.getByLabelText(/^(Work )?email/i), 'asha@example.in');
}

const person = {
  name: 'Asha Rao',
  phone_number: '9876543210',
  country_code: '+91',
  iso_country_code: 'IN',
};

/** Each form as a person fills it, and the data it must send. */
const CASES: [string, RequestFormDefinition, (user: User) => Promise<void>, Record<string, string>][] = [
  [
    'request_a_call',
    REQUEST_A_CALL_FORM,
    async (user) => {
      await contact(user, false);
      await chooseOption(user, /What is it about/, 'An order I placed');
      await user.type(screen.getByLabelText(/Preferred date/), '2026-07-03');
      await chooseOption(user, /Preferred time/, 'Morning, 10:00–13:00');
    },
    { ...person, topic: 'ORDER', preferred_date: '2026-07-03', preferred_time_slot: 'MORNING' },
  ],
  [
    'book_a_demo',
    BOOK_A_DEMO_FORM,
    async (user) => {
      await chooseOption(user, /Demo of/, 'Game plus bat');
      await contact(user);
      await user.type(screen.getByLabelText(/^City/), 'Pune');
      await user.type(screen.getByLabelText(/^Pincode/), '411001');
      await user.type(screen.getByLabelText(/Preferred date/), '2026-07-01');
      await chooseOption(user, /Preferred time/, 'Afternoon, 13:00–16:00');
    },
    {
      ...person,
      email: 'asha@example.in',
      product: 'GAME_PLUS_BAT',
      city: 'Pune',
      pincode: '411001',
      preferred_date: '2026-07-01',
      preferred_time_slot: 'AFTERNOON',
    },
  ],
  [
    'giveaway_contest',
    GIVEAWAY_CONTEST_FORM,
    async (user) => {
      await contact(user);
      await user.type(screen.getByLabelText(/^City/), 'Chennai');
      await chooseOption(user, /playing role/, 'Bowler');
    },
    { ...person, email: 'asha@example.in', city: 'Chennai', player_role: 'BOWLER' },
  ],
  [
    'experience_zone',
    EXPERIENCE_ZONE_FORM,
    async (user) => {
      await user.type(screen.getByLabelText(/Venue name/), 'Deccan Gymkhana');
      await chooseOption(user, /Kind of venue/, 'Sports club');
      await user.type(screen.getByLabelText(/^City/), 'Pune');
      await user.type(screen.getByLabelText(/^Pincode/), '411004');
      await contact(user);
    },
    {
      ...person,
      email: 'asha@example.in',
      venue_name: 'Deccan Gymkhana',
      venue_type: 'CLUB',
      city: 'Pune',
      pincode: '411004',
    },
  ],
  [
    'club_edition',
    CLUB_EDITION_FORM,
    async (user) => {
      await user.type(screen.getByLabelText(/Club name/), 'Pune Gymkhana');
      await user.type(screen.getByLabelText(/^City/), 'Pune');
      await user.type(screen.getByLabelText(/^Pincode/), '411004');
      await user.type(screen.getByLabelText(/Playing members/), '80');
      await contact(user);
    },
    {
      ...person,
      email: 'asha@example.in',
      club_name: 'Pune Gymkhana',
      city: 'Pune',
      pincode: '411004',
      members: '80',
    },
  ],
  [
    'enterprise_contact',
    ENTERPRISE_CONTACT_FORM,
    async (user) => {
      await user.type(screen.getByLabelText(/Company name/), 'Play Arenas');
      await user.type(screen.getByLabelText(/Number of locations/), '12');
      await user.type(screen.getByLabelText(/^City/), 'Mumbai');
      await contact(user);
      await user.type(screen.getByLabelText(/What do you need/), 'Twelve venues');
    },
    {
      ...person,
      email: 'asha@example.in',
      company_name: 'Play Arenas',
      locations: '12',
      city: 'Mumbai',
      message: 'Twelve venues',
    },
  ],
];

describe('RequestForm', () => {
  it.each(CASES)(
    'sends the %s form as typed, without x-tz, and says thanks',
    async (_name, definition, fill, data) => {
      // Signed in, so the sign-in forms show too; the anonymous path is the other tests'.
      setTokens('main', { accessToken: 'access-1', refreshToken: 'refresh-1', userId: 'u-1', expires: null });
      const { requests } = fakeNetwork((request) => json(201, stored(request)));
      const heard = vi.fn();
      const stop = onFormSent(heard);
      renderAt(<RequestForm definition={definition} userId={null} signInPath="/f/sign-in" />, '/form/x');
      expect(await screen.findByRole('heading', { level: 1, name: definition.title })).toBeInTheDocument();
      const user = userEvent.setup();
      await fill(user);
      await user.click(screen.getByRole('button', { name: definition.submitLabel }));

      expect(await screen.findByRole('heading', { name: definition.thanks.title })).toHaveFocus();
      const sent = requests.find((r) => r.method === 'POST');
      expect(sent?.url).toMatch(/\/api\/forms\/create_ib_form_submission\/v1\/$/);
      expect(sent?.headers.get('x-tz')).toBeNull();
      expect(sent?.body).toEqual({ form_id: definition.formId, form_submission_data: data });
      expect(heard).toHaveBeenCalledWith(expect.objectContaining({ form_id: definition.formId }));
      stop();
    },
  );

  it('shows the messages of every field on a first submit, sends nothing, and a date before today is refused', async () => {
    const { requests } = fakeNetwork((request) => json(201, stored(request)));
    renderAt(<RequestForm definition={BOOK_A_DEMO_FORM} userId={null} signInPath="/f/sign-in" />, '/form/x');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Pincode/), '4110');
    await user.type(screen.getByLabelText(/Preferred date/), '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Book the demo' }));
    for (const message of [
      'Choose a product',
      'Enter your name',
      'Enter a valid mobile number',
      'Enter your email id',
      'Enter your city',
      'enter a valid pincode',
      'Choose today or a later date',
      'Choose a time',
    ])
      expect(screen.getAllByText(message).some((node) => node.closest('[id$="-error"]'))).toBe(true);
    expect(screen.getByLabelText(/Preferred date/)).toHaveAttribute('min', '2026-07-01');
    expect(screen.getByLabelText(/Preferred date/)).toHaveAttribute('max', '2026-08-30');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("puts the server's refusal under the field it names and keeps what was typed, also across a remount", async () => {
    fakeNetwork(() =>
      json(400, {
        data: {
          ...errorBody(400, 'BAD_REQUEST').data,
          message: 'Choose a date within 60 days',
          field: 'form_submission_data.preferred_date',
        },
      }),
    );
    const view = renderAt(
      <RequestForm definition={REQUEST_A_CALL_FORM} userId={null} signInPath="/f/sign-in" />,
      '/form/x',
    );
    const user = userEvent.setup();
    await screen.findByLabelText(/Full name/);
    await contact(user, false);
    await chooseOption(user, /What is it about/, 'The game');
    await user.type(screen.getByLabelText(/Preferred date/), '2026-07-02');
    await chooseOption(user, /Preferred time/, 'Evening, 16:00–19:00');
    await user.click(screen.getByRole('button', { name: 'Request a call' }));
    expect(await screen.findByText('Choose a date within 60 days')).toBeInTheDocument();
    expect(screen.getByLabelText(/Preferred date/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Asha Rao');

    // A reload: the draft of this tab comes back.
    view.unmount();
    renderAt(
      <RequestForm definition={REQUEST_A_CALL_FORM} userId={null} signInPath="/f/sign-in" />,
      '/form/x',
    );
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveValue('Asha Rao'));
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('9876543210');
    expect(screen.getByLabelText(/Preferred date/)).toHaveValue('2026-07-02');
    expect(screen.getByRole('combobox', { name: /Preferred time/ })).toHaveTextContent('Evening');
  });

  it('asks a signed-out visitor to sign in through /f/sign-in for a sign-in form while forms login is on', async () => {
    fakeNetwork((request) => json(201, stored(request)));
    renderAt(
      <RequestForm definition={CLUB_EDITION_FORM} userId={null} signInPath="/f/sign-in" formsLogin />,
      '/club-edition/apply',
    );
    const link = await screen.findByRole('link', { name: 'Sign in to continue' });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toBe(
      '/f/sign-in?redirect=/club-edition/apply',
    );
    expect(screen.queryByRole('button', { name: 'Send the application' })).not.toBeInTheDocument();
  });

  it('takes the same form anonymously when forms login is off', async () => {
    const { requests } = fakeNetwork((request) => json(201, stored(request)));
    renderAt(
      <RequestForm definition={CLUB_EDITION_FORM} userId={null} signInPath="/f/sign-in" formsLogin={false} />,
      '/club-edition/apply',
    );
    const user = userEvent.setup();
    const [, , fill] = CASES.find(([, d]) => d === CLUB_EDITION_FORM) ?? [];
    await screen.findByLabelText(/Club name/);
    await fill?.(user);
    await user.click(screen.getByRole('button', { name: 'Send the application' }));
    await screen.findByRole('heading', { name: 'Application received' });
    expect(requests.find((r) => r.method === 'POST')?.url).toMatch(
      /\/create_public_ib_form_submission_details\/v1\/$/,
    );
  });

  it('sends the setup call after paying with the order id the page knows, under the forms session', async () => {
    setTokens('forms', { accessToken: 'forms-1', refreshToken: 'refresh-f', userId: 'u-2', expires: null });
    const { requests } = fakeNetwork((request) => json(201, stored(request)));
    renderAt(
      <RequestForm
        definition={ORDER_SETUP_CALL_FORM}
        userId={null}
        extra={{ orderId: 'ord_77' }}
        signInPath="/f/sign-in"
        headingLevel={2}
      />,
      '/success',
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Book your setup call' }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Preferred date/), '2026-07-04');
    await chooseOption(user, /Preferred time/, 'Morning, 10:00–13:00');
    await user.click(screen.getByRole('button', { name: 'Book the call' }));
    await screen.findByRole('heading', { name: 'Your setup call is booked' });
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.headers.get('Authorization')).toBe('Bearer forms-1');
    expect(sent?.body).toEqual({
      form_id: 'order_setup_call',
      form_submission_data: {
        preferred_date: '2026-07-04',
        preferred_time_slot: 'MORNING',
        orderId: 'ord_77',
      },
    });
  });
});
