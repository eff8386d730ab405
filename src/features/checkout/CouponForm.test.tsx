import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '@/api/errors';
import { CouponForm } from './CouponForm';
import { couponMachine } from './couponMachine';
import { codeChecks } from './machines.test-helpers';

function mount({ disabled = false } = {}) {
  // The checkout parent's part: each check answers when the test settles it.
  const server = codeChecks('COUPON_VERIFIED', 'COUPON_VERIFY_FAILED');
  const actor = createActor(couponMachine.provide({ actions: server.actions }), { input: {} }).start();
  render(<CouponForm actor={actor} currency="INR" disabled={disabled} />);
  return {
    actor,
    checks: server.checks,
    codesChanged: server.codesChanged,
    input: screen.getByLabelText('Coupon code'),
    user: userEvent.setup(),
  };
}

describe('CouponForm', () => {
  it('applies the typed code and shows "saved" with the amount', async () => {
    const { actor, checks, input, user } = mount();
    await user.type(input, 'WELCOME10');
    expect(actor.getSnapshot().context.code).toBe('WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(checks.map((c) => c.code)).toEqual(['WELCOME10']);
    checks[0]?.answer.resolve({ saving: 150_000 });
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Coupon applied. You saved ₹1,500');
  });

  it('a zero saving shows only "Coupon applied"; removing it empties the field and refreshes the price', async () => {
    const { checks, codesChanged, input, user } = mount();
    await user.type(input, 'FREESHIP');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    checks[0]?.answer.resolve({ saving: 0 });
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Coupon applied');
    expect(banner).not.toHaveTextContent(/saved/i);
    await user.click(screen.getByRole('button', { name: 'Remove coupon' }));
    await waitFor(() => expect(input).toHaveValue(''));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Applying and removing each ask the price again.
    expect(codesChanged).toHaveBeenCalledTimes(2);
  });

  it("shows the server's message under the field and keeps what was typed", async () => {
    const { checks, input, user } = mount();
    await user.type(input, 'EXPIRED');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    checks[0]?.answer.reject(
      new ApiError({
        message: 'This coupon has expired',
        response: 'This coupon has expired',
        resStatus: 'INVALID_COUPON',
        httpStatusCode: 400,
        field: 'coupon_code',
      }),
    );
    expect(await screen.findByText('This coupon has expired')).toBeInTheDocument();
    expect(input).toHaveValue('EXPIRED');
  });

  it('an empty field applies nothing', async () => {
    const { checks, user } = mount();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(checks).toHaveLength(0);
  });

  it('is disabled when the referral is filled', () => {
    const { input } = mount({ disabled: true });
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});
