import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/errors';
import { CouponForm } from './CouponForm';
import { type ApplyCouponOutput, couponMachine } from './couponMachine';
import { type Deferred, deferred } from './machines.test-helpers';

function mount({ disabled = false } = {}) {
  const calls: { code: string; d: Deferred<ApplyCouponOutput> }[] = [];
  const actor = createActor(
    couponMachine.provide({
      actors: {
        applyCoupon: fromPromise<ApplyCouponOutput, { code: string }>(({ input }) => {
          const d = deferred<ApplyCouponOutput>();
          calls.push({ code: input.code, d });
          return d.promise;
        }),
      },
    }),
    { input: {} },
  ).start();
  render(<CouponForm actor={actor} currency="INR" disabled={disabled} />);
  return { actor, calls, input: screen.getByLabelText('Coupon code'), user: userEvent.setup() };
}

describe('CouponForm', () => {
  it('applies the typed code and shows "saved" with the amount', async () => {
    const { actor, calls, input, user } = mount();
    await user.type(input, 'WELCOME10');
    expect(actor.getSnapshot().context.code).toBe('WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(calls.map((c) => c.code)).toEqual(['WELCOME10']);
    calls[0]?.d.resolve({ saving: 150_000 });
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Coupon applied. You saved ₹1,500');
  });

  it('a zero saving shows only "Coupon applied"; removing it empties the field', async () => {
    const { calls, input, user } = mount();
    await user.type(input, 'FREESHIP');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    calls[0]?.d.resolve({ saving: 0 });
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Coupon applied');
    expect(banner).not.toHaveTextContent(/saved/i);
    await user.click(screen.getByRole('button', { name: 'Remove coupon' }));
    await waitFor(() => expect(input).toHaveValue(''));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the server's message under the field and keeps what was typed", async () => {
    const { calls, input, user } = mount();
    await user.type(input, 'EXPIRED');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    calls[0]?.d.reject(
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
    const { calls, user } = mount();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(calls).toHaveLength(0);
  });

  it('is disabled when the referral is filled', () => {
    const { input } = mount({ disabled: true });
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});
