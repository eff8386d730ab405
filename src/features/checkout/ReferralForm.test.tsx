import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '@/api/errors';
import { codeChecks } from './machines.test-helpers';
import { ReferralForm } from './ReferralForm';
import { referralMachine } from './referralMachine';
import { type CheckoutVariant, codeFieldsFor } from './variants';

function mount({
  presetCode,
  variant = 'default',
  couponCode = '',
}: {
  presetCode?: string;
  variant?: CheckoutVariant;
  couponCode?: string;
} = {}) {
  // The checkout parent's part: each check answers when the test settles it; codesChanged asks the price again.
  const server = codeChecks('REFERRAL_VERIFIED', 'REFERRAL_VERIFY_FAILED');
  const actor = createActor(referralMachine.provide({ actions: server.actions }), {
    input: presetCode ? { presetCode } : {},
  }).start();
  const fields = codeFieldsFor(variant, { couponCode, referralCode: '' });
  render(
    <ReferralForm actor={actor} currency="INR" field={fields.referral} inviteLink={fields.inviteLink} />,
  );
  return { actor, checks: server.checks, codesChanged: server.codesChanged, user: userEvent.setup() };
}

describe('ReferralForm', () => {
  it('shows the preset code from the page address, applied on load, with the saving', async () => {
    const { checks } = mount({ presetCode: 'FRIEND5' });
    expect(screen.getByLabelText('Referral code')).toHaveValue('FRIEND5');
    expect(checks.map((c) => c.code)).toEqual(['FRIEND5']);
    checks[0]?.answer.resolve({ saving: 50_000 });
    expect(await screen.findByRole('status')).toHaveTextContent('Referral code applied. You saved ₹500');
  });

  it('removing the banner empties the field and refreshes the price', async () => {
    const { checks, codesChanged, user } = mount({ presetCode: 'FRIEND5' });
    checks[0]?.answer.resolve({ saving: 50_000 });
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByLabelText('Referral code')).toHaveValue(''));
    // Applying and removing each ask the price again.
    expect(codesChanged).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("applies a typed code and shows the server's message under the field on a refusal", async () => {
    const { checks, user } = mount();
    const input = screen.getByLabelText('Referral code');
    await user.type(input, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    checks[0]?.answer.reject(
      new ApiError({
        message: 'This referral code does not exist',
        response: 'This referral code does not exist',
        resStatus: 'INVALID_REFERRAL',
        httpStatusCode: 400,
        field: 'referral_code',
      }),
    );
    expect(await screen.findByText('This referral code does not exist')).toBeInTheDocument();
    expect(input).toHaveValue('NOPE');
    // Typing resets the state: the message goes.
    await user.type(input, 'X');
    expect(screen.queryByText('This referral code does not exist')).not.toBeInTheDocument();
  });

  it('is disabled once the coupon is filled', () => {
    mount({ couponCode: 'WELCOME10' });
    expect(screen.getByLabelText('Referral code')).toBeDisabled();
  });

  it('the licence variant asks for an invite code and links to the invite request route', () => {
    mount({ variant: 'licence' });
    expect(screen.getByLabelText('Invite code')).toBeEnabled();
    expect(screen.getByRole('link', { name: 'No invite yet? Ask for one' })).toHaveAttribute(
      'href',
      '/form/get-invite?product=licence',
    );
  });
});
