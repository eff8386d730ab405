import { BAT_OPTION_GROUPS, type BatDesign, type BatOptionGroup, describeDesign } from './bat-design';
import type { BatOptions } from './catalogue';
import { type Currency, toMinor } from './money';

/*
 * A design priced and described from the catalogue's options: apart from bat-design.ts so a page's first load, which
 * only keys designs, does not carry it.
 */

/** The option a design chose in a group, as the catalogue offers it; undefined when it offers it no more. */
function chosen(options: BatOptions, design: BatDesign, group: BatOptionGroup) {
  return options.groups.find((g) => g.group === group)?.options.find((o) => o.code === design[group]);
}

/** Each group's first option: the design a designer starts from (the catalogue lists the plainest first). */
export function firstDesign(options: BatOptions): BatDesign | null {
  const design = { engraving: '' } as BatDesign;
  for (const group of BAT_OPTION_GROUPS) {
    const first = options.groups.find((g) => g.group === group)?.options[0];
    if (!first) return null;
    design[group] = first.code;
  }
  return design;
}

/**
 * What the design adds to one unit before tax, in minor units, as the catalogue prices it (the server prices the
 * order the same way); null when the catalogue no longer offers one of its choices.
 */
export function designDeltaMinor(options: BatOptions, design: BatDesign, currency: Currency): number | null {
  let sum = 0;
  for (const group of BAT_OPTION_GROUPS) {
    const option = chosen(options, design, group);
    if (!option) return null;
    sum += toMinor(option.price_delta, currency);
  }
  return sum;
}

/** The design in the catalogue's words, or null when one of its choices is no longer offered. */
export function designDescription(options: BatOptions, design: BatDesign): string | null {
  if (BAT_OPTION_GROUPS.some((group) => !chosen(options, design, group))) return null;
  return describeDesign(design, (group) => chosen(options, design, group)?.label ?? '');
}
