import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type Deferred, deferred } from './machines.test-helpers';
import { totalBarMachine } from './totalBarMachine';
import { EMI_LABEL, FULL_PAYMENT, TOTAL_LABEL, type TotalBarEstimate, totalBarView } from './totalBarView';

const estimate = (overrides: Partial<TotalBarEstimate> = {}): TotalBarEstimate => ({
  totalPrice: 12_345_600,
  pricingType: FULL_PAYMENT,
  emiAmountStartingFrom: null,
  ...overrides,
});

function harness(request: unknown = { packages: ['SOLO'] }) {
  const calls: { request: unknown; signal: AbortSignal; d: Deferred<TotalBarEstimate> }[] = [];
  const machine = totalBarMachine.provide({
    actors: {
      fetchPriceEstimate: fromPromise<TotalBarEstimate, { request: unknown }>(({ input, signal }) => {
        const d = deferred<TotalBarEstimate>();
        calls.push({ request: input.request, signal, d });
        return d.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { request } }).start();
  const at = (value: 'loading' | 'failed' | 'success') =>
    waitFor(actor, (snapshot) => snapshot.matches(value), { timeout: 1_000 });
  return { actor, calls, at };
}

describe('total bar machine (spec §4 Total bar)', () => {
  it('walks loading → success, asking for the estimate of the request it was given', async () => {
    const { actor, calls, at } = harness({ packages: ['SOLO'] });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls.map((c) => c.request)).toEqual([{ packages: ['SOLO'] }]);
    calls[0]?.d.resolve(estimate());
    await at('success');
    expect(actor.getSnapshot().context.estimate).toEqual(estimate());
  });

  it('walks loading → failed → RETRY → loading → success, keeping the last estimate through a failure', async () => {
    const { actor, calls, at } = harness();
    calls[0]?.d.resolve(estimate());
    await at('success');
    actor.send({ type: 'REFRESH', request: { packages: ['FAMILY'] } });
    expect(actor.getSnapshot().value).toBe('loading');
    calls[1]?.d.reject(new Error('offline'));
    await at('failed');
    expect(actor.getSnapshot().context.error).toEqual(new Error('offline'));
    expect(actor.getSnapshot().context.estimate).toEqual(estimate());

    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls[2]?.request).toEqual({ packages: ['FAMILY'] });
    calls[2]?.d.resolve(estimate({ totalPrice: 100 }));
    await at('success');
    expect(actor.getSnapshot().context).toMatchObject({ estimate: { totalPrice: 100 }, error: null });
  });

  it('RETRY only applies to a failure', () => {
    const { actor, calls } = harness();
    actor.send({ type: 'RETRY' });
    expect(calls).toHaveLength(1);
  });

  it("REFRESH while loading drops the older call: only the newest inputs' answer counts", async () => {
    const { actor, calls, at } = harness({ packages: ['SOLO'] });
    actor.send({ type: 'REFRESH', request: { packages: ['SOLO'], couponCode: 'WELCOME10' } });
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.d.resolve(estimate({ totalPrice: 1 }));
    calls[1]?.d.resolve(estimate({ totalPrice: 2 }));
    await at('success');
    expect(actor.getSnapshot().context.estimate?.totalPrice).toBe(2);
  });

  it('without an injected fetchPriceEstimate the bar fails instead of pretending', async () => {
    const actor = createActor(totalBarMachine, { input: { request: {} } }).start();
    await waitFor(actor, (s) => s.matches('failed'), { timeout: 1_000 });
  });
});

describe('totalBarView (spec §2 Total amount bar)', () => {
  it('shows nothing before the first estimate', () => {
    expect(totalBarView({ estimate: null, currency: 'INR' })).toBeNull();
  });

  it('shows the total in the currency of the order, no decimals when the fraction is zero', () => {
    expect(totalBarView({ estimate: estimate(), currency: 'INR' })).toEqual({
      kind: 'total',
      label: TOTAL_LABEL,
      amount: 12_345_600,
      formatted: '₹1,23,456',
    });
    expect(totalBarView({ estimate: estimate({ totalPrice: 129_950 }), currency: 'USD' })).toMatchObject({
      kind: 'total',
      formatted: '$1,299.50',
    });
  });

  it('shows "EMI starts from" with the monthly amount instead of the total when a no-cost EMI option exists', () => {
    const view = totalBarView({
      estimate: estimate({
        totalPrice: 9_598_800,
        pricingType: 'NO_COST_EMI',
        emiAmountStartingFrom: 799_900,
      }),
      currency: 'INR',
    });
    expect(view).toMatchObject({
      kind: 'emi',
      label: EMI_LABEL,
      amount: 799_900,
      formatted: '₹7,999',
      total: 9_598_800,
      totalFormatted: '₹95,988',
    });
    expect(view?.kind === 'emi' && view.note).toMatch(/per month/);
  });

  it('a full payment, or an EMI type without an instalment amount, shows the total', () => {
    expect(
      totalBarView({ estimate: estimate({ emiAmountStartingFrom: 799_900 }), currency: 'INR' })?.kind,
    ).toBe('total');
    expect(
      totalBarView({
        estimate: estimate({ pricingType: 'NO_COST_EMI', emiAmountStartingFrom: 0 }),
        currency: 'INR',
      })?.kind,
    ).toBe('total');
  });
});
