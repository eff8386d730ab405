import type { LICENCE_PRODUCT_CODES } from '@contract/constants';
import { type Currency, divideHalfUp, toMinor } from '@contract/money';

/*
 * Spec §2's licence pricing panel: the business edition hardware once per pin and the licence fee every year per
 * pin, both from the catalogue's BUSINESS_LICENCE package. Business prices are quoted before GST; the GST shown
 * beside them is per line, half up, as the server taxes a line. All amounts are integer minor units.
 */

/** The most pins one order may take from a page (a venue with more asks for a quote). */
export const MAX_PINS = 50;

export type LicenceProductCode = (typeof LICENCE_PRODUCT_CODES)[keyof typeof LICENCE_PRODUCT_CODES];

/** What the panel needs of a catalogue product. */
export interface RateProduct {
  product_id: number;
  product_code: string;
  name: string;
  taxable_amount: number;
  gst_rate: number;
  availability_type: 'LIMITED' | 'UNLIMITED';
  available_quantity: number;
  is_out_of_stock: boolean;
}

/** One per-pin charge: its product and unit price before GST. */
export interface PinRate {
  productId: number;
  productCode: string;
  name: string;
  unitMinor: number;
  /** GST in basis points (18 % = 1800). */
  gstRateBp: number;
  /** Units left to sell; null when unlimited. */
  unitsLeft: number | null;
}

export function pinRateOf(product: RateProduct, currency: Currency): PinRate {
  return {
    productId: product.product_id,
    productCode: product.product_code,
    name: product.name,
    unitMinor: toMinor(product.taxable_amount, currency),
    gstRateBp: Math.round(product.gst_rate * 100),
    unitsLeft: product.is_out_of_stock
      ? 0
      : product.availability_type === 'LIMITED'
        ? Math.max(0, product.available_quantity)
        : null,
  };
}

/** The rate of one licence product in a package's products; undefined when the package lacks it. */
export function findRate(
  products: readonly RateProduct[],
  code: LicenceProductCode,
  currency: Currency,
): PinRate | undefined {
  const product = products.find((p) => p.product_code === code);
  return product ? pinRateOf(product, currency) : undefined;
}

/** A line of the scale: a rate times the pins, its GST and its total. */
export interface ScaleLine {
  rate: PinRate;
  pins: number;
  taxableMinor: number;
  gstMinor: number;
}

export interface PinScale {
  pins: number;
  lines: ScaleLine[];
  /** The first year before GST: every line (the hardware once, the first year's licence). */
  firstYearMinor: number;
  firstYearGstMinor: number;
  firstYearWithGstMinor: number;
  /** Each later year before GST: the recurring lines only. */
  renewalMinor: number;
}

function lineOf(rate: PinRate, pins: number): ScaleLine {
  const taxableMinor = rate.unitMinor * pins;
  return { rate, pins, taxableMinor, gstMinor: divideHalfUp(taxableMinor * rate.gstRateBp, 10_000) };
}

/** The per-pin scale for `pins`: one-time rates are paid in the first year only, recurring ones every year. */
export function pinScale(
  pins: number,
  { oneTime = [], yearly = [] }: { oneTime?: readonly PinRate[]; yearly?: readonly PinRate[] },
): PinScale {
  const count = Math.max(0, Math.trunc(pins));
  const once = oneTime.map((rate) => lineOf(rate, count));
  const every = yearly.map((rate) => lineOf(rate, count));
  const lines = [...once, ...every];
  const firstYearMinor = lines.reduce((sum, line) => sum + line.taxableMinor, 0);
  const firstYearGstMinor = lines.reduce((sum, line) => sum + line.gstMinor, 0);
  return {
    pins: count,
    lines,
    firstYearMinor,
    firstYearGstMinor,
    firstYearWithGstMinor: firstYearMinor + firstYearGstMinor,
    renewalMinor: every.reduce((sum, line) => sum + line.taxableMinor, 0),
  };
}

/** The most pins the rates can be sold for (the least stock of a limited rate, at most MAX_PINS); 0 when sold out. */
export function maxPins(rates: readonly PinRate[]): number {
  return rates.reduce((max, rate) => Math.min(max, rate.unitsLeft ?? MAX_PINS), MAX_PINS);
}

/** The cart quantities (product_id → pins) for buying the rates for `pins`. */
export function pinQuantities(rates: readonly PinRate[], pins: number): Record<number, number> {
  return Object.fromEntries(rates.map((rate) => [rate.productId, pins]));
}

/** "1 pin", "3 pins". */
export function pinsText(pins: number): string {
  return `${pins} ${pins === 1 ? 'pin' : 'pins'}`;
}
