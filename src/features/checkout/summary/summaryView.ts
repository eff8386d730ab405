import { FESTIVAL_DELIVERY_WINDOWS, HOME_KIT_HEADSET_PRODUCT_CODE, PACKAGE_CODES } from '@contract/constants';
import { divideHalfUp } from '@contract/money';
import type { PriceView } from '@/api/priceEstimate';
import { type TaxLine, taxLines } from '@/lib/gst';
import { noCostEmiWithheld } from '@/lib/noCostEmi';
import { SHOP_UTC_OFFSET } from '@/lib/timeZone';
import { hasNoCostEmi } from '../totalBarView';
import type { CheckoutVariant } from '../variants';

/*
 * What the order summary shows, decided from the estimate and the codes being bought (spec §2 Checkout page and
 * Order summary and cart). Pure, so each rule is tested without rendering.
 */

/** Shipping is free; `struck` is the charge waived (shown crossed out), null when there was none. */
export type ShippingLine = { kind: 'free'; struck: number | null };

/** Spec §2: shipping shows as free, a positive charge struck through (the server never adds it to the total). */
export function shippingLine(view: PriceView): ShippingLine | null {
  if (view.shippingCharges > 0) return { kind: 'free', struck: view.shippingCharges };
  return view.isShippingRequired ? { kind: 'free', struck: null } : null;
}

export interface DiscountLine {
  key: string;
  label: string;
  amount: number;
}

export interface SummaryRows {
  /** The goods with GST, before discounts: the cart lines' amounts add up to it. */
  items: number;
  shipping: ShippingLine | null;
  /** Only the discounts that take something off. */
  discounts: DiscountLine[];
  /** Spec §5's subtotal: total − coupon − association − other discounts; what the buyer pays. */
  total: number;
  taxableAmount: number;
  /** The GST as the invoice shows it: CGST + SGST, IGST, or none on export. */
  tax: TaxLine[];
}

/** The association discount is what a referral (or, for business buyers, an invite) code gives. */
const associationLabel = (variant: CheckoutVariant) =>
  variant === 'default' ? 'Referral discount' : 'Invite discount';

/** The price rows: items − discounts = total (shipping is free); the total's taxable amount and GST beneath it. */
export function summaryRows(view: PriceView, variant: CheckoutVariant): SummaryRows {
  const shipping = shippingLine(view);
  const discounts: DiscountLine[] = [
    { key: 'coupon', label: 'Coupon discount', amount: view.couponDiscount },
    { key: 'association', label: associationLabel(variant), amount: view.associationDiscount },
    ...view.otherDiscounts.map((d, i) => ({ key: `other-${i}-${d.name}`, label: d.name, amount: d.value })),
  ].filter((d) => d.amount > 0);
  return {
    items: view.totalPrice,
    shipping,
    discounts,
    total: view.subtotal,
    taxableAmount: view.taxableAmount,
    tax: taxLines(view.gst, view.taxAmount),
  };
}

export interface FestivalWindow {
  name: string;
  from: string;
  to: string;
  extraDays: number;
}

const DAY_MS = 86_400_000;

/** The festival season on at `now`, by the shop's calendar day (its couriers run on India's dates). */
export function activeFestival(
  now: Date | number,
  windows: readonly FestivalWindow[] = FESTIVAL_DELIVERY_WINDOWS,
): FestivalWindow | null {
  const at = typeof now === 'number' ? now : now.getTime();
  const dayStart = (isoDate: string) => Date.parse(`${isoDate}T00:00:00${SHOP_UTC_OFFSET}`);
  return windows.find((w) => dayStart(w.from) <= at && at < dayStart(w.to) + DAY_MS) ?? null;
}

export interface SummaryExtras {
  /** The home kit's headset is in the order. */
  headsetNotice: boolean;
  festival: FestivalWindow | null;
  /** The estimate offers no-cost EMI: its note, and the tenure note with it. */
  noCostEmi: { monthly: number; months: number | null } | null;
  /** Why the order holding a no-cost EMI kit is paid in full, when it is. */
  noCostEmiWithheld: string | null;
  /** The licence variant's hardware and licence-fee panel. */
  licencePanel: boolean;
}

export interface SummaryExtrasInput {
  packageCodes: readonly string[];
  productCodes: readonly string[];
  estimate: PriceView;
  variant: CheckoutVariant;
  now: Date | number;
  festivalWindows?: readonly FestivalWindow[];
}

/** Which of spec §2's optional strips and panels the summary shows. */
export function summaryExtras(input: SummaryExtrasInput): SummaryExtras {
  const { estimate } = input;
  const emi = hasNoCostEmi({
    totalPrice: estimate.subtotal,
    pricingType: estimate.pricingType,
    emiAmountStartingFrom: estimate.emiAmountStartingFrom,
  });
  return {
    headsetNotice: input.productCodes.includes(HOME_KIT_HEADSET_PRODUCT_CODE),
    festival: activeFestival(input.now, input.festivalWindows),
    noCostEmi: emi ? { monthly: estimate.emiAmountStartingFrom, months: estimate.emiTenureMonths } : null,
    noCostEmiWithheld: emi ? null : noCostEmiWithheld(input.packageCodes, estimate.currency),
    licencePanel: input.variant === 'licence' || input.packageCodes.includes(PACKAGE_CODES.businessLicence),
  };
}

/** Spec §9's licence display, in INR minor units: hardware one time, the licence fee every year, per pin. */
export const LICENCE_PRICING = { hardwareOneTime: 5_000_000, annualLicenceFee: 10_000_000 } as const;

export interface AdBookingFigures {
  days: number;
  devices: number;
  /** Before discounts, GST included. */
  costPerDevicePerDay: number;
  couponDiscount: number;
  associationDiscount: number;
  otherDiscounts: { name: string; value: number }[];
  total: number;
}

/** The ad-booking summary's figures from the estimate: its goods are days × devices slots. */
export function adBookingFigures(
  view: PriceView,
  booking: { days: number; devices: number },
): AdBookingFigures {
  const { days } = booking;
  const slots = days * booking.devices;
  const goods = view.totalPrice;
  return {
    days,
    devices: booking.devices,
    costPerDevicePerDay: slots > 0 ? divideHalfUp(goods, slots) : 0,
    couponDiscount: view.couponDiscount,
    associationDiscount: view.associationDiscount,
    otherDiscounts: view.otherDiscounts,
    total: view.subtotal,
  };
}
