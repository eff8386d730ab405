import { describe, expect, it } from 'vitest';
import { EMI_NOT_WITH_OTHER_PRODUCTS } from '@/lib/noCostEmi';
import { view } from './summary.test-helpers';
import { activeFestival, adBookingFigures, shippingLine, summaryExtras, summaryRows } from './summaryView';

// Intra-state home kit: goods ₹47,989 with GST, shipping ₹150 (waived), coupon ₹4,798.90, referral ₹500, Diwali
// ₹1,000. total = ₹47,989; subtotal = 47,989 − 4,798.90 − 500 − 1,000 = ₹41,690.10 = taxable 35,330.59 + GST 6,359.51.
const withEverything = view({
  totalPrice: 4_798_900,
  shippingCharges: 15_000,
  couponDiscount: 479_890,
  associationDiscount: 50_000,
  otherDiscounts: [{ name: 'Diwali offer', value: 100_000 }],
  subtotal: 4_169_010,
  taxableAmount: 3_533_059,
  taxAmount: 635_951,
  isShippingRequired: true,
  gst: { supply: 'intra_state', cgst: 317_976, sgst: 317_975, igst: 0 },
});

describe('summaryRows', () => {
  it('adds up: items − coupon − referral − named discounts = the total, shipping free', () => {
    const rows = summaryRows(withEverything, 'default');
    expect(rows.items).toBe(4_798_900);
    expect(rows.shipping).toEqual({ kind: 'free', struck: 15_000 });
    expect(rows.discounts).toEqual([
      { key: 'coupon', label: 'Coupon discount', amount: 479_890 },
      { key: 'association', label: 'Referral discount', amount: 50_000 },
      { key: 'other-0-Diwali offer', label: 'Diwali offer', amount: 100_000 },
    ]);
    expect(rows.total).toBe(4_169_010);
    expect(rows.items - 479_890 - 50_000 - 100_000).toBe(rows.total);
    expect(rows.taxableAmount + rows.tax.reduce((sum, line) => sum + (line.amount ?? 0), 0)).toBe(rows.total);
  });

  it("splits the GST as the invoice will: CGST + SGST in the seller's state, IGST between states", () => {
    expect(summaryRows(withEverything, 'default').tax).toEqual([
      { key: 'cgst', label: 'CGST', amount: 317_976 },
      { key: 'sgst', label: 'SGST', amount: 317_975 },
    ]);
    const interState = view({
      taxAmount: 635_951,
      gst: { supply: 'inter_state', cgst: 0, sgst: 0, igst: 635_951 },
    });
    expect(summaryRows(interState, 'default').tax).toEqual([{ key: 'igst', label: 'IGST', amount: 635_951 }]);
  });

  it('says an export carries no GST, rather than a GST of zero', () => {
    const abroad = view({ currency: 'USD', gst: { supply: 'export', cgst: 0, sgst: 0, igst: 0 } });
    expect(summaryRows(abroad, 'default').tax).toEqual([
      { key: 'export', label: 'No GST (export)', amount: null },
    ]);
  });

  it('shows one GST row of the whole tax before the server has split it', () => {
    expect(summaryRows(view({ taxAmount: 1_800 }), 'default').tax).toEqual([
      { key: 'gst', label: 'GST', amount: 1_800 },
    ]);
  });

  it('lists only the discounts that take something off', () => {
    const rows = summaryRows(
      view({
        totalPrice: 100_000,
        subtotal: 90_000,
        associationDiscount: 10_000,
        otherDiscounts: [{ name: 'Zero', value: 0 }],
      }),
      'licence',
    );
    expect(rows.discounts).toEqual([{ key: 'association', label: 'Invite discount', amount: 10_000 }]);
  });
});

describe('shippingLine', () => {
  it('shows a positive charge the total leaves out as free, the charge struck through', () => {
    // Goods ₹1,180 (₹1,000 + 18 % GST), a ₹150 charge reported but not in the ₹1,180 to pay.
    const waived = view({
      totalPrice: 118_000,
      subtotal: 118_000,
      taxableAmount: 100_000,
      taxAmount: 18_000,
      shippingCharges: 15_000,
      isShippingRequired: true,
    });
    expect(shippingLine(waived)).toEqual({ kind: 'free', struck: 15_000 });
    expect(summaryRows(waived, 'default').items).toBe(118_000);
  });

  it('is free with nothing struck when shipping is needed at no charge, and absent when nothing ships', () => {
    expect(shippingLine(view({ isShippingRequired: true }))).toEqual({ kind: 'free', struck: null });
    expect(shippingLine(view({ isShippingRequired: false }))).toBeNull();
  });
});

describe('activeFestival', () => {
  const windows = [{ name: 'Diwali', from: '2026-10-29', to: '2026-11-13', extraDays: 5 }];

  it('is on from the first to the last day, by the shop calendar in India', () => {
    expect(activeFestival(new Date('2026-10-28T18:29:00Z'), windows)).toBeNull(); // 23:59 on 28 Oct in India
    expect(activeFestival(new Date('2026-10-28T18:30:00Z'), windows)?.name).toBe('Diwali'); // 00:00 on 29 Oct
    expect(activeFestival(new Date('2026-11-13T18:29:00Z'), windows)?.name).toBe('Diwali'); // 23:59 on 13 Nov
    expect(activeFestival(new Date('2026-11-13T18:30:00Z'), windows)).toBeNull(); // 00:00 on 14 Nov
  });

  it('reads the configured seasons by default', () => {
    expect(activeFestival(new Date('2026-11-08T06:00:00Z'))?.name).toBe('Diwali');
    expect(activeFestival(new Date('2026-06-01T06:00:00Z'))).toBeNull();
  });
});

describe('summaryExtras', () => {
  const base = {
    packageCodes: ['GAME_1_PROFILE'],
    productCodes: ['IBC_GAME_1_PROFILE_KEY'],
    estimate: view({ totalPrice: 99_900, subtotal: 99_900 }),
    variant: 'default' as const,
    now: new Date('2026-06-01T06:00:00Z'),
  };

  it('shows nothing extra for a game key bought in full out of season', () => {
    expect(summaryExtras(base)).toEqual({
      headsetNotice: false,
      festival: null,
      noCostEmi: null,
      noCostEmiWithheld: null,
      licencePanel: false,
    });
  });

  it('says why the no-cost EMI kit is paid in full beside another product', () => {
    const mixed = summaryExtras({ ...base, packageCodes: ['SOLO_NO_COST_EMI', 'GAME_1_PROFILE'] });
    expect(mixed.noCostEmi).toBeNull();
    expect(mixed.noCostEmiWithheld).toBe(EMI_NOT_WITH_OTHER_PRODUCTS);
  });

  it('shows the headset notice when the home kit headset is in the order', () => {
    const extras = summaryExtras({
      ...base,
      packageCodes: ['SOLO'],
      productCodes: ['IBC_VR_HEADSET', 'IBC_TRACKED_BAT'],
    });
    expect(extras.headsetNotice).toBe(true);
  });

  it('shows the festival strip with an injected date in season', () => {
    expect(summaryExtras({ ...base, now: new Date('2026-11-01T06:00:00Z') }).festival?.extraDays).toBe(5);
  });

  it('shows the no-cost EMI and tenure notes when the estimate prices no-cost EMI', () => {
    // ₹47,989 over 6 months: ceil(47,989 / 6) = ₹7,999 a month.
    const emi = view({
      totalPrice: 4_798_900,
      subtotal: 4_798_900,
      pricingType: 'NO_COST_EMI',
      emiAmountStartingFrom: 799_900,
    });
    expect(summaryExtras({ ...base, estimate: { ...emi, emiTenureMonths: 6 } }).noCostEmi).toEqual({
      monthly: 799_900,
      months: 6,
    });
    expect(summaryExtras({ ...base, estimate: emi }).noCostEmi).toEqual({ monthly: 799_900, months: null });
    expect(
      summaryExtras({ ...base, packageCodes: ['SOLO_NO_COST_EMI'], estimate: emi }).noCostEmiWithheld,
    ).toBeNull();
  });

  it('shows the licence panel for the licence variant only', () => {
    expect(
      summaryExtras({ ...base, variant: 'licence', packageCodes: ['BUSINESS_LICENCE'] }).licencePanel,
    ).toBe(true);
    expect(
      summaryExtras({ ...base, variant: 'businessKit', packageCodes: ['BUSINESS_KIT'] }).licencePanel,
    ).toBe(false);
  });
});

describe('ad booking', () => {
  it('takes the cost of one device for one day from the goods', () => {
    // 7 days × 2 devices = 14 slots; ₹2,360 a slot with GST = ₹33,040; a ₹3,304 coupon leaves ₹29,736.
    const figures = adBookingFigures(
      view({
        totalPrice: 3_304_000,
        couponDiscount: 330_400,
        subtotal: 2_973_600,
        taxableAmount: 2_520_000,
        taxAmount: 453_600,
      }),
      { days: 7, devices: 2 },
    );
    expect(figures).toEqual({
      days: 7,
      devices: 2,
      costPerDevicePerDay: 236_000,
      couponDiscount: 330_400,
      associationDiscount: 0,
      otherDiscounts: [],
      total: 2_973_600,
    });
  });
});
