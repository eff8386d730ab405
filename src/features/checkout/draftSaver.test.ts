import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutDraft } from '@/storage/checkoutDraft';
import { EMPTY_CHECKOUT_FORM } from './checkoutForm';
import { createDraftSaver, DRAFT_WRITE_DELAY_MS } from './draftSaver';

const form = (fullName: string) => ({ ...EMPTY_CHECKOUT_FORM, fullName });

describe('draft saver (spec §4 step 13)', () => {
  let writes: { draft: CheckoutDraft; now: number }[];
  const write = async (draft: CheckoutDraft, now: number) => {
    writes.push({ draft, now });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    writes = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes once typing pauses, the latest values, stamped with the injected time', async () => {
    const saver = createDraftSaver({ write, now: () => 1_000 });
    saver.save(form('A'));
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS - 1);
    saver.save(form('As'));
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS - 1);
    expect(writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.draft.values.fullName).toBe('As');
    expect(writes[0]?.now).toBe(1_000);
    await saver.dispose();
  });

  it('writes at once when the page is left or hidden, so a closed tab keeps the draft', async () => {
    const saver = createDraftSaver({ write });
    saver.save(form('Asha'));
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.map((w) => w.draft.values.fullName)).toEqual(['Asha']);

    saver.save(form('Asha K'));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.map((w) => w.draft.values.fullName)).toEqual(['Asha', 'Asha K']);
    // Nothing pending: the debounce that was running writes nothing more.
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS);
    expect(writes).toHaveLength(2);
    await saver.dispose();
    vi.restoreAllMocks();
  });

  it('dispose writes what is pending, then neither listens nor saves', async () => {
    const saver = createDraftSaver({ write });
    saver.save(form('Asha'));
    await saver.dispose();
    expect(writes).toHaveLength(1);
    saver.save(form('Later'));
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS);
    expect(writes).toHaveLength(1);
  });

  it('never keeps a coupon, referral or invite code: each belongs to the order it was applied to', async () => {
    const saver = createDraftSaver({ write });
    saver.save({ ...form('Asha'), couponCode: 'WELCOME10', referralCode: 'BUSINESS-DEMO' });
    await saver.dispose();
    expect(writes[0]?.draft.values).toMatchObject({ fullName: 'Asha' });
    expect(writes[0]?.draft.values).not.toHaveProperty('couponCode');
    expect(writes[0]?.draft.values).not.toHaveProperty('referralCode');
  });
});
