import { addDays } from 'date-fns';
import { clear, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type CheckoutDraft,
  clearCheckoutDraft,
  clearLastOrderId,
  readCheckoutDraft,
  readLastOrderId,
  writeCheckoutDraft,
  writeLastOrderId,
} from './checkoutDraft';
import { kvStore, STORAGE_KEYS } from './kv';

const savedAt = Date.UTC(2026, 2, 10, 9, 30);
const draft: CheckoutDraft = {
  values: { fullName: 'Asha Kumar', address1: '12 MG Road', postalCode: '560001', iHaveGSTDetails: true },
  useDifferentBillingAddress: true,
  state: 'KARNATAKA',
};

describe('checkout draft storage (spec §4 step 13, 7 days)', () => {
  beforeEach(async () => {
    await clear(kvStore());
  });

  it('reads back the draft, the billing toggle and the state, as a reload or a new tab would', async () => {
    await writeCheckoutDraft(draft, savedAt);
    expect(await readCheckoutDraft(savedAt + 1)).toEqual(draft);
  });

  it('never keeps the one-time code', async () => {
    await writeCheckoutDraft({ ...draft, values: { ...draft.values, otp: '123456' } }, savedAt);
    expect((await readCheckoutDraft(savedAt))?.values).not.toHaveProperty('otp');
  });

  it('drops the draft 7 days after its last write, and keeps it until then', async () => {
    await writeCheckoutDraft(draft, savedAt);
    const expiry = addDays(savedAt, 7).getTime();
    expect(await readCheckoutDraft(expiry - 1)).toEqual(draft);
    expect(await readCheckoutDraft(expiry)).toBeUndefined();
    expect(await get(STORAGE_KEYS.checkoutDraft, kvStore())).toBeUndefined();
  });

  it('a later write starts the 7 days again', async () => {
    await writeCheckoutDraft(draft, savedAt);
    const later = addDays(savedAt, 5).getTime();
    await writeCheckoutDraft({ ...draft, state: 'GOA' }, later);
    expect(await readCheckoutDraft(addDays(savedAt, 8).getTime())).toEqual({ ...draft, state: 'GOA' });
  });

  it('drops a record that does not read as a draft', async () => {
    await set(
      STORAGE_KEYS.checkoutDraft,
      { value: { values: { fullName: 42 } }, savedAt, expiresAt: null },
      kvStore(),
    );
    expect(await readCheckoutDraft(savedAt)).toBeUndefined();
    expect(await get(STORAGE_KEYS.checkoutDraft, kvStore())).toBeUndefined();
  });

  it('clears the draft', async () => {
    await writeCheckoutDraft(draft, savedAt);
    await clearCheckoutDraft();
    expect(await readCheckoutDraft(savedAt)).toBeUndefined();
  });

  it('keeps the last order id for 7 days', async () => {
    expect(await readLastOrderId(savedAt)).toBeNull();
    await writeLastOrderId('ord-42', savedAt);
    expect(await readLastOrderId(addDays(savedAt, 6).getTime())).toBe('ord-42');
    expect(await readLastOrderId(addDays(savedAt, 7).getTime())).toBeNull();
    await writeLastOrderId('ord-43', savedAt);
    await clearLastOrderId();
    expect(await readLastOrderId(savedAt)).toBeNull();
  });
});
