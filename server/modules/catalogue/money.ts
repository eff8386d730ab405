/*
 * Money inside the server is integer minor units (paise, cents); both INR and USD have two
 * decimals. Major units appear only at the edges: the wire (response mapper) and operator input.
 */

export const MINOR_PER_MAJOR = 100;

function assertSafe(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} is out of range: ${value}`);
  return value;
}

/** 54999 → 5499900; 12.5 → 1250. Throws for more than two decimals or a negative amount. */
export function toMinor(major: number): number {
  const minor = Math.round(major * MINOR_PER_MAJOR);
  if (!Number.isFinite(major) || major < 0 || Math.abs(major * MINOR_PER_MAJOR - minor) > 1e-6) {
    throw new RangeError(`Not an amount with at most two decimals: ${major}`);
  }
  return assertSafe(minor, 'amount');
}

/** 1250 → 12.5, for the wire. */
export function toMajor(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

/** Whether a major-unit amount has at most two decimals (operator input). */
export function hasAtMostTwoDecimals(major: number): boolean {
  return Math.abs(major * MINOR_PER_MAJOR - Math.round(major * MINOR_PER_MAJOR)) < 1e-6;
}

/** n / d for non-negative integers, rounded half up. */
export function divideHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** GST on one line: taxable × quantity × rate, rounded half up to the minor unit. */
export function lineTaxMinor(unitTaxableMinor: number, quantity: number, gstRateBp: number): number {
  return divideHalfUp(assertSafe(unitTaxableMinor * quantity * gstRateBp, 'line tax'), 10_000);
}

/**
 * The largest taxable amount whose GST-inclusive total does not exceed `inclusiveMinor`:
 * how a shop turns a GST-inclusive shelf price (MRP) into the taxable amount it stores.
 */
export function taxableFromInclusive(inclusiveMinor: number, gstRateBp: number): number {
  let taxable = divideHalfUp(inclusiveMinor * 10_000, 10_000 + gstRateBp);
  while (taxable > 0 && taxable + lineTaxMinor(taxable, 1, gstRateBp) > inclusiveMinor) taxable--;
  while (taxable + 1 + lineTaxMinor(taxable + 1, 1, gstRateBp) <= inclusiveMinor) taxable++;
  return taxable;
}

/** A monthly instalment: the total over the months, rounded up to a whole major unit. */
export function monthlyInstalmentMinor(totalMinor: number, months: number): number {
  return Math.ceil(totalMinor / (months * MINOR_PER_MAJOR)) * MINOR_PER_MAJOR;
}

/**
 * Splits `total` over lines in proportion to their weights (largest remainder), so the parts
 * are whole minor units and add up exactly: a fixed package's own (bundle) price spread over
 * its lines, each then taxed at its own rate.
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
