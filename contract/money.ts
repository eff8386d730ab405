/*
 * Money, the same on the server and in the PWA (zod-free, so it is cheap on the first paint). Inside, amounts
 * are integer minor units (paise, cents); the wire carries major units (DESIGN.md §4). Conversions never go
 * through float multiplication, so 1.005 or 0.1 + 0.2 round as written.
 */

export const CURRENCIES = ['INR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Digits after the decimal point of each currency's minor unit. */
const MINOR_DIGITS: Record<Currency, number> = { INR: 2, USD: 2 };

export function isCurrency(value: unknown): value is Currency {
  return (CURRENCIES as readonly unknown[]).includes(value);
}

/** Minor units in one major unit: 100 paise to the rupee, 100 cents to the dollar. */
export function minorPerMajor(currency: Currency): number {
  return 10 ** MINOR_DIGITS[currency];
}

/** Spec §9: INR for India, USD for every other country (and for an unknown one). */
export function currencyForCountry(iso2: string | null | undefined): Currency {
  return iso2?.trim().toUpperCase() === 'IN' ? 'INR' : 'USD';
}

/**
 * Major units (as a number from the wire or a form) to integer minor units, rounding half up
 * (away from zero, as BigDecimal's HALF_UP). Works on the number's shortest decimal spelling,
 * so 1.005 → 101 and 0.1 + 0.2 (0.30000000000000004) → 30, where `x * 100` would drift.
 */
export function toMinor(major: number, currency: Currency): number {
  if (!Number.isFinite(major)) throw new RangeError(`Not a finite amount: ${major}`);
  const digits = MINOR_DIGITS[currency];
  const negative = major < 0;
  const [mantissa = '0', exponent = '0'] = Math.abs(major).toString().split('e');
  const [intPart = '0', fracPart = ''] = mantissa.split('.');
  const allDigits = intPart + fracPart;
  // Where the decimal point falls in allDigits once shifted to minor units.
  const point = intPart.length + Number(exponent) + digits;

  let whole: number;
  let next: number;
  if (point <= 0) {
    whole = 0;
    next = point === 0 ? Number(allDigits[0] ?? '0') : 0;
  } else {
    const head = allDigits.length >= point ? allDigits.slice(0, point) : allDigits.padEnd(point, '0');
    whole = Number(head);
    next = Number(allDigits[point] ?? '0');
  }
  const rounded = next >= 5 ? whole + 1 : whole;
  if (!Number.isSafeInteger(rounded)) throw new RangeError(`Amount out of range: ${major}`);
  return negative && rounded !== 0 ? -rounded : rounded;
}

/** Integer minor units to major units (for the wire and for <data value>). */
export function toMajor(minor: number, currency: Currency): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Minor units must be an integer: ${minor}`);
  return minor / minorPerMajor(currency);
}

/** n / d for non-negative integers, rounded half up. */
export function divideHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** Spec §9: en-IN for INR (lakh grouping), en-US for USD. */
const LOCALE: Record<Currency, string> = { INR: 'en-IN', USD: 'en-US' };

export function localeForCurrency(currency: Currency): string {
  return LOCALE[currency];
}

// One formatter per currency and digit count: building one is slow, formatting with it is not.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: Currency, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE[currency], {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Builds a currency's formatter before its first price is shown. A page's first Intl.NumberFormat loads ICU's data,
 * a long task on a phone: called in a task of its own, it does not add to the render that shows the prices.
 */
export function prepareMoneyFormat(currency: Currency): void {
  formatter(currency, 0);
}

export interface FormatMoneyOptions {
  /** Always show the minor digits (₹54,999.00), as the operator's price lists do so their columns line up. */
  alwaysFraction?: boolean;
}

/** Spec §9: ₹1,00,000 and $1,299 when the fraction is zero, $12.50 when it is not. */
export function formatMoney(minor: number, currency: Currency, options: FormatMoneyOptions = {}): string {
  const unit = minorPerMajor(currency);
  const fractionDigits = options.alwaysFraction || minor % unit !== 0 ? MINOR_DIGITS[currency] : 0;
  return formatter(currency, fractionDigits).format(toMajor(minor, currency));
}
