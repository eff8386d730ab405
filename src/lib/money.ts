import { type Currency, minorPerMajor, toMajor } from '@contract/money';

/*
 * Showing money. The amounts themselves (minor units, conversions, the currency of a country) are
 * contract/money.ts, shared with the server.
 */

/** Spec §9: en-IN for INR (lakh grouping), en-US for USD. */
const LOCALE: Record<Currency, string> = { INR: 'en-IN', USD: 'en-US' };

export function localeForCurrency(currency: Currency): string {
  return LOCALE[currency];
}

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

/** Spec §9: ₹1,00,000 and $1,299 when the fraction is zero, $12.50 when it is not. */
export function formatMoney(minor: number, currency: Currency): string {
  const unit = minorPerMajor(currency);
  const fractionDigits = minor % unit === 0 ? 0 : Math.log10(unit);
  return formatter(currency, fractionDigits).format(toMajor(minor, currency));
}
