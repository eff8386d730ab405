import { type Currency, divideHalfUp, minorPerMajor } from '@contract/money';

/*
 * Pricing, pure: no I/O, no database. Amounts are integer minor units; a GST rate is in basis points
 * (1800 = 18 %). The catalogue prices its packages with it; the checkout's estimate and orders will too.
 */

const BP = 10_000;

function assertSafe(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} is out of range: ${value}`);
  return value;
}

/** GST on one line: taxable × quantity × rate, rounded half up once for the line (not per unit). */
export function lineTaxMinor(unitTaxableMinor: number, quantity: number, gstRateBp: number): number {
  return divideHalfUp(assertSafe(unitTaxableMinor * quantity * gstRateBp, 'line tax'), BP);
}

/**
 * Where the goods go, for GST (DESIGN.md §6): within the seller's state CGST + SGST, to another Indian state
 * IGST, out of India none (an export).
 */
export type Supply = 'intra_state' | 'inter_state' | 'export';

export function supplyOf(input: {
  countryCode: string;
  /** The buyer's state; unknown before an address is given (taxed as inter-state: the same total). */
  buyerState?: string | null | undefined;
  sellerState?: string | null | undefined;
}): Supply {
  if (input.countryCode.toUpperCase() !== 'IN') return 'export';
  const same =
    input.buyerState &&
    input.sellerState &&
    input.buyerState.toUpperCase() === input.sellerState.toUpperCase();
  return same ? 'intra_state' : 'inter_state';
}

export interface GstSplit {
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
  taxMinor: number;
}

/**
 * The GST of one line and its parts. The tax is rounded once for the line, then an intra-state tax is split into
 * CGST and SGST (the odd paisa to CGST), so the parts always add up to the total.
 */
export function gstOfLine(
  line: { unitTaxableMinor: number; quantity: number; gstRateBp: number },
  supply: Supply,
): GstSplit {
  if (supply === 'export') return { cgstMinor: 0, sgstMinor: 0, igstMinor: 0, taxMinor: 0 };
  const taxMinor = lineTaxMinor(line.unitTaxableMinor, line.quantity, line.gstRateBp);
  if (supply === 'inter_state') return { cgstMinor: 0, sgstMinor: 0, igstMinor: taxMinor, taxMinor };
  const cgstMinor = Math.ceil(taxMinor / 2);
  return { cgstMinor, sgstMinor: taxMinor - cgstMinor, igstMinor: 0, taxMinor };
}

/**
 * The largest taxable amount whose GST-inclusive total does not exceed `inclusiveMinor`:
 * how a shop turns a GST-inclusive shelf price (MRP) into the taxable amount it stores.
 */
export function taxableFromInclusive(inclusiveMinor: number, gstRateBp: number): number {
  let taxable = divideHalfUp(inclusiveMinor * BP, BP + gstRateBp);
  while (taxable > 0 && taxable + lineTaxMinor(taxable, 1, gstRateBp) > inclusiveMinor) taxable--;
  while (taxable + 1 + lineTaxMinor(taxable + 1, 1, gstRateBp) <= inclusiveMinor) taxable++;
  return taxable;
}

/** A no-cost EMI's monthly instalment: the total over the months, rounded up to a whole major unit. */
export function monthlyInstalmentMinor(totalMinor: number, months: number, currency: Currency): number {
  const unit = minorPerMajor(currency);
  return Math.ceil(totalMinor / (months * unit)) * unit;
}

/**
 * Splits `total` over lines in proportion to their weights (largest remainder), so the parts
 * are whole minor units and add up exactly.
 */
export function allocateProportionally(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}

export interface LineInput {
  unitTaxableMinor: number;
  quantity: number;
  /** The product's GST rate. */
  gstRateBp: number;
}

export interface PricedLine extends GstSplit {
  /** The rate charged: the product's rate, or 0 on export. */
  gstRateBp: number;
  lineTaxableMinor: number;
}

export interface PricedLines {
  lines: PricedLine[];
  taxableMinor: number;
  taxMinor: number;
  amountMinor: number;
}

/**
 * Prices lines: each line's taxable amount (a fixed package's own bundle price, when it has one, spread over
 * its lines in proportion, so each part is taxed at its own rate) and its GST for the supply.
 */
export function priceLines(
  input: readonly LineInput[],
  options: { supply: Supply; bundleTaxableMinor?: number | undefined },
): PricedLines {
  const plain = input.map((l) => l.unitTaxableMinor * l.quantity);
  const taxables =
    options.bundleTaxableMinor === undefined
      ? plain
      : allocateProportionally(options.bundleTaxableMinor, plain);
  const lines = input.map((l, i) => {
    const lineTaxableMinor = taxables[i] ?? 0;
    const gst = gstOfLine(
      { unitTaxableMinor: lineTaxableMinor, quantity: 1, gstRateBp: l.gstRateBp },
      options.supply,
    );
    return { ...gst, gstRateBp: options.supply === 'export' ? 0 : l.gstRateBp, lineTaxableMinor };
  });
  const taxableMinor = lines.reduce((s, l) => s + l.lineTaxableMinor, 0);
  const taxMinor = lines.reduce((s, l) => s + l.taxMinor, 0);
  return { lines, taxableMinor, taxMinor, amountMinor: taxableMinor + taxMinor };
}
