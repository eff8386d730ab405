import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toClientProfile } from '@/api/account';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { setTokens } from '@/api/tokens';
import { wireProfile } from '@/api/user.test-helpers';
import { phoneForDisplay } from './model';
import { PROFILE_LOAD_FAILED, ProfileCardContainer } from './ProfileCard';

const wire = wireProfile({ email: 'asha@example.com', is_email_verified: true });

function mount(userId: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ProfileCardContainer userId={userId} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetClient();
  setTokens('main', { accessToken: 'a.b.c', refreshToken: 'r', userId: 'u-1', expires: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('the client view of the profile (spec §3)', () => {
  it('maps the wire profile', () => {
    expect(toClientProfile(wire)).toEqual({
      name: 'Asha Kumar',
      email: 'asha@example.com',
      isEmailVerified: true,
      phoneNumber: '9876543210',
      dialCode: '+91',
      phoneNumberWithCountryCode: '+919876543210',
    });
    expect(toClientProfile({ ...wire, name: null, email: null }).name).toBe('');
    expect(phoneForDisplay({ dialCode: '+44', phoneNumber: '7911123456' })).toBe('+44 7911123456');
  });
});

describe('ProfileCard', () => {
  it('shows a skeleton while loading, then the name and the phone with its country code', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { requests } = fakeNetwork(() => new Promise<Response>((resolve) => (answer = resolve)));
    mount('u-1');
    expect(screen.getByLabelText('Loading your profile')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(requests).toHaveLength(1));
    answer(json(200, { profile: wire }));
    expect(await screen.findByText('Asha Kumar')).toBeInTheDocument();
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(requests[0]?.url).toContain('/api/user/profile/v1/');
  });

  it('fetches nothing for a signed-out visitor', async () => {
    const { requests } = fakeNetwork(() => json(200, { profile: wire }));
    vi.useFakeTimers();
    try {
      mount(null);
      // Everything the card could have scheduled has run.
      await act(() => vi.runAllTimersAsync());
      expect(requests).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failure shows the error view; Retry loads it again', async () => {
    let calls = 0;
    fakeNetwork(() => {
      calls += 1;
      return calls === 1
        ? json(500, { data: { message: 'boom', response: 'boom', res_status: 'X', http_status_code: 500 } })
        : json(200, { profile: wire });
    });
    mount('u-1');
    expect(await screen.findByRole('heading', { name: PROFILE_LOAD_FAILED })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Asha Kumar')).toBeInTheDocument();
  });

  it('shows the e-mail given at sign-up', async () => {
    fakeNetwork(() => json(200, { profile: wire }));
    mount('u-1');
    expect(await screen.findByText('asha@example.com')).toBeInTheDocument();
  });

  it('a buyer who left sign-up half way finishes their details there', async () => {
    const half = { ...wire, name: null, is_sign_up_completed: false };
    let saved = false;
    const { requests } = fakeNetwork((request) => {
      if (request.url.includes('/sign_up/details/v1/')) {
        saved = true;
        return json(200, { profile: { ...wire, name: 'Asha Kumar' } });
      }
      return json(200, { profile: saved ? { ...wire, name: 'Asha Kumar' } : half });
    });
    mount('u-1');
    const section = await screen.findByRole('region', { name: 'Finish signing up' });
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(section).getByLabelText(/Full name/), 'Asha Kumar');
    await user.click(within(section).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Asha Kumar')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Finish signing up' })).not.toBeInTheDocument();
    const save = requests.find((r) => r.url.includes('/sign_up/details/v1/'));
    expect(save?.body).toEqual({ name: 'Asha Kumar', email: 'asha@example.com' });
  });
});
