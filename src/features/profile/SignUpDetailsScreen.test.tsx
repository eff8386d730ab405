import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork, json, resetClient } from '@/api/test-helpers';
import { setTokens } from '@/api/tokens';
import { verifyAnswer } from '@/api/user.test-helpers';
import { getPendingSignUp, setPendingSignUp } from '@/state/session';
import { renderAt } from '@/ui/renderAt.test-helpers';
import { detailsFormSchema } from './DetailsForm';
import { SignUpDetailsScreen } from './SignUpDetailsScreen';

beforeEach(() => {
  resetClient();
  sessionStorage.clear();
  setTokens('main', { accessToken: 'a.b.c', refreshToken: 'r', userId: 'u-1', expires: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-up details', () => {
  it('names are letters and spaces only; the e-mail is optional but must be one', () => {
    /** The message the form shows under `field` for these values, null when it has none. */
    const errorFor = (field: 'name' | 'email', values: { name?: string; email?: string }) => {
      const result = detailsFormSchema.safeParse({ name: 'Asha Kumar', email: '', ...values });
      return result.success ? null : (result.error.issues.find((i) => i.path[0] === field)?.message ?? null);
    };
    expect(errorFor('name', { name: 'Asha Kumar' })).toBeNull();
    expect(errorFor('name', { name: 'Asha2' })).toBe('Use letters and spaces only');
    expect(errorFor('name', { name: '  ' })).toBe('Enter your name');
    expect(errorFor('email', { email: '' })).toBeNull();
    expect(errorFor('email', { email: 'asha@example.com' })).toBeNull();
    expect(errorFor('email', { email: 'asha@' })).toBe('Enter a valid email id');
  });

  it('saves the details, tracks signup_completed and returns where the buyer started', async () => {
    setPendingSignUp({ redirect: '/ibc-game' });
    const { requests } = fakeNetwork(() => json(200, { profile: verifyAnswer().profile }));
    const onSaved = vi.fn();
    const track = vi.fn();
    renderAt(
      <SignUpDetailsScreen redirect="/ibc-game" track={track} onSaved={onSaved} />,
      '/sign-in/sign-up/verify',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter your name')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.type(screen.getByLabelText(/Full name/), 'Asha Kumar');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ibc-game'));
    expect(requests[0]?.url).toContain('/api/user/sign_up/details/v1/');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer a.b.c');
    expect(requests[0]?.body).toEqual({ name: 'Asha Kumar' });
    expect(track).toHaveBeenCalledWith('signup_completed', { has_email: false });
    // The saved profile goes to the route, which pushes the new name to the marketing service.
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: verifyAnswer().profile.name }));
    expect(getPendingSignUp()).toBeNull();
  });
});
