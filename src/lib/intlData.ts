/*
 * A page's first Intl object loads ICU's locale data: one task of 15–20 ms on a desktop, four times that on a phone,
 * inside whichever render formats the first price, list or date. Two objects built first, each in a task of its own
 * (`importInSteps`), take that load in two parts of under 10 ms each (the locale, then the collation and the data the
 * formatters share); a price, list or date formatter then takes 1–3 ms.
 */
export const LOAD_INTL_DATA: readonly (() => Promise<unknown>)[] = [
  async () => new Intl.Locale('en-IN').maximize(),
  async () => new Intl.Collator('en').compare('a', 'b'),
];
