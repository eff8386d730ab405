import { type Currency, divideHalfUp } from '@contract/money';
import {
  allocateProportionally,
  type GstSplit,
  gstOfLine,
  monthlyInstalmentMinor,
  type Supply,
} from './pricing';

/*
 * The order estimate, pure (DESIGN.md §6). Every line starts from its taxable amount and its GST, rounded half up
 * for the line. Discounts are amounts off the GST-inclusive price (what the buyer sees and saves): each is spread
 * over the lines it applies to in proportion to what they cost, and a discounted line's GST is then taken back out
 * of its new inclusive amount (taxable = amount ÷ (1 + rate), half up; tax = the rest), so every line and the order
 * add up to the paisa: total − discounts = taxable + tax + shipping. A line without a discount keeps the catalogue's
 * figures exactly.
 */

const BP = 10_000;

export interface EstimateLineInput {
  /** Taxable amount of the whole line (unit × quantity, or its share of a bundle). */
  taxableMinor: number;
  /** The product's GST rate in basis points (1800 = 18 %). */
  gstRateBp: number;
  /** Which package the line belongs to: discounts may apply to some packages only. */
  packageCode: string;
}

export type DiscountKind = 'other' | 'coupon' | 'association';

export type DiscountRule =
  | { type: 'percent'; rateBp: number; maxMinor?: number | null | undefined }
  | { type: 'flat'; amountMinor: number };

export interface DiscountInput {
  name: string;
  kind: DiscountKind;
  rule: DiscountRule;
  /** Package codes it applies to; undefined: every line. */
  packageCodes?: readonly string[] | undefined;
}

export interface EstimatedLine extends GstSplit {
  taxableMinor: number;
  /** After discounts, GST included. */
  amountMinor: number;
  discountMinor: number;
  /** The discounts on this line, by name, in minor units. */
  discounts: { name: string; amountMinor: number }[];
}

export interface EstimatedDiscount {
  name: string;
  kind: DiscountKind;
  amountMinor: number;
}

export interface Estimate extends GstSplit {
  lines: EstimatedLine[];
  /** Goods with GST before discounts. */
  grossMinor: number;
  taxableMinor: number;
  discountMinor: number;
  discounts: EstimatedDiscount[];
  /** Goods after discounts, GST included (shipping not included). */
  goodsMinor: number;
}

/** Splits a line's tax for the supply: the odd paisa of an intra-state tax to CGST. */
export function splitTax(taxMinor: number, supply: Supply): GstSplit {
  if (supply === 'export') return { cgstMinor: 0, sgstMinor: 0, igstMinor: 0, taxMinor: 0 };
  if (supply === 'inter_state') return { cgstMinor: 0, sgstMinor: 0, igstMinor: taxMinor, taxMinor };
  const cgstMinor = Math.ceil(taxMinor / 2);
  return { cgstMinor, sgstMinor: taxMinor - cgstMinor, igstMinor: 0, taxMinor };
}

/** The amount a discount takes off `baseMinor` (the inclusive amount of the lines it applies to). */
export function discountAmountMinor(rule: DiscountRule, baseMinor: number): number {
  if (baseMinor <= 0) return 0;
  if (rule.type === 'flat') return Math.min(rule.amountMinor, baseMinor);
  const raw = divideHalfUp(baseMinor * rule.rateBp, BP);
  const capped = rule.maxMinor == null ? raw : Math.min(raw, rule.maxMinor);
  return Math.min(capped, baseMinor);
}

/** Prices the lines for the supply, then applies the discounts in the order given. */
export function estimateLines(
  input: readonly EstimateLineInput[],
  supply: Supply,
  discounts: readonly DiscountInput[] = [],
): Estimate {
  const base = input.map((line) =>
    gstOfLine({ unitTaxableMinor: line.taxableMinor, quantity: 1, gstRateBp: line.gstRateBp }, supply),
  );
  const gross = input.map((line, i) => line.taxableMinor + (base[i]?.taxMinor ?? 0));
  const remaining = [...gross];
  const perLine: { name: string; amountMinor: number }[][] = input.map(() => []);
  const applied: EstimatedDiscount[] = [];

  for (const discount of discounts) {
    const applies = input.map(
      (line, i) =>
        (remaining[i] ?? 0) > 0 &&
        (discount.packageCodes === undefined || discount.packageCodes.includes(line.packageCode)),
    );
    const weights = remaining.map((amount, i) => (applies[i] ? amount : 0));
    const baseMinor = weights.reduce((s, w) => s + w, 0);
    const amountMinor = discountAmountMinor(discount.rule, baseMinor);
    applied.push({ name: discount.name, kind: discount.kind, amountMinor });
    if (amountMinor === 0) continue;
    allocateProportionally(amountMinor, weights).forEach((part, i) => {
      if (part === 0) return;
      remaining[i] = (remaining[i] ?? 0) - part;
      perLine[i]?.push({ name: discount.name, amountMinor: part });
    });
  }

  const lines = input.map((line, i): EstimatedLine => {
    const grossMinor = gross[i] ?? 0;
    const amountMinor = remaining[i] ?? 0;
    const discountMinor = grossMinor - amountMinor;
    const undiscounted = base[i] ?? splitTax(0, supply);
    if (discountMinor === 0) {
      return {
        ...undiscounted,
        taxableMinor: line.taxableMinor,
        amountMinor,
        discountMinor,
        discounts: [],
      };
    }
    const rateBp = supply === 'export' ? 0 : line.gstRateBp;
    const taxableMinor = divideHalfUp(amountMinor * BP, BP + rateBp);
    return {
      ...splitTax(amountMinor - taxableMinor, supply),
      taxableMinor,
      amountMinor,
      discountMinor,
      discounts: perLine[i] ?? [],
    };
  });

  const sum = (pick: (line: EstimatedLine) => number) => lines.reduce((s, line) => s + pick(line), 0);
  return {
    lines,
    grossMinor: gross.reduce((s, g) => s + g, 0),
    taxableMinor: sum((l) => l.taxableMinor),
    taxMinor: sum((l) => l.taxMinor),
    cgstMinor: sum((l) => l.cgstMinor),
    sgstMinor: sum((l) => l.sgstMinor),
    igstMinor: sum((l) => l.igstMinor),
    discountMinor: sum((l) => l.discountMinor),
    discounts: applied,
    goodsMinor: sum((l) => l.amountMinor),
  };
}

/**
 * No-cost EMI (spec §3 Payment types, §9 "EMI starts from"): offered when every package chosen offers it, in INR;
 * the instalment is the amount payable over the longest tenure offered, rounded up to a whole rupee as the
 * catalogue's emi_starts_from_amount is (so the same kit shows the same figure on its page and at checkout).
 */
export function noCostEmi(
  payableMinor: number,
  tenures: readonly (number | null)[],
  currency: Currency,
): { pricingType: 'FULL_PAYMENT' | 'NO_COST_EMI'; instalmentMinor: number; months: number | null } {
  const offered = tenures.length > 0 && tenures.every((t) => t !== null && t > 0);
  if (!offered || currency !== 'INR' || payableMinor <= 0) {
    return { pricingType: 'FULL_PAYMENT', instalmentMinor: 0, months: null };
  }
  const months = Math.max(...(tenures as number[]));
  return {
    pricingType: 'NO_COST_EMI',
    instalmentMinor: monthlyInstalmentMinor(payableMinor, months, currency),
    months,
  };
}
