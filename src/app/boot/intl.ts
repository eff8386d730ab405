/**
 * ICU's locale data loads with a page's first Intl object, in whichever render formats the first price or date;
 * two objects built first, one per task, take that load in two short parts.
 */
export const LOAD_INTL_DATA: readonly (() => Promise<unknown>)[] = [
  async () => new Intl.Locale('en-IN').maximize(),
  async () => new Intl.Collator('en').compare('a', 'b'),
];
