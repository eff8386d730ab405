import type { BatOptions } from './catalogue';
import { type Currency, toMinor } from './money';

/*
 * A designed bat (the custom bat's choices), zod-free so the product page, the cart and the server describe and
 * key a design the same way without loading zod. The options themselves, with their prices, are the catalogue's.
 */

/** The choices a bat maker asks for, in the order a design is described. */
export const BAT_OPTION_GROUPS = ['willow', 'size', 'weight', 'handle', 'grip'] as const;
export type BatOptionGroup = (typeof BAT_OPTION_GROUPS)[number];

/** What each choice is called where the buyer makes it. */
export const BAT_OPTION_GROUP_NAMES: Record<BatOptionGroup, string> = {
  willow: 'Willow grade',
  size: 'Size',
  weight: 'Weight',
  handle: 'Handle shape',
  grip: 'Grip',
};

/** The longest name a bat maker engraves on the back of a blade. */
export const BAT_ENGRAVING_MAX_LENGTH = 12;
/** Letters, spaces, full stops, apostrophes and hyphens: what the engraver's tool cuts. */
export const BAT_ENGRAVING_PATTERN = /^[A-Za-z .'-]*$/;
export const BAT_ENGRAVING_MESSAGE = `Use up to ${BAT_ENGRAVING_MAX_LENGTH} letters, spaces, full stops, apostrophes or hyphens`;
/** An option's code as the catalogue stores it. */
export const BAT_OPTION_CODE_PATTERN = /^[A-Z0-9_]{1,32}$/;

/** A design as the buyer chose it: an option code per group and the engraved name ('' for none). */
export type BatDesign = Record<BatOptionGroup, string> & { engraving: string };

/** The same design always keys alike: a cart line per distinct design. */
export function designKey(design: BatDesign): string {
  return [...BAT_OPTION_GROUPS.map((group) => design[group]), design.engraving].join('|');
}

/** "English willow grade 1, SH, 2lb 8oz–2lb 10oz, oval handle, chevron grip, engraved 'ASHA'". */
export function describeDesign(design: BatDesign, labelOf: (group: BatOptionGroup, code: string) => string) {
  const parts = BAT_OPTION_GROUPS.map((group) => labelOf(group, design[group]));
  if (design.engraving !== '') parts.push(`engraved '${design.engraving}'`);
  return parts.join(', ');
}

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

/** A design as the product page hands it to the cart: what it adds to a unit before tax, and its words. */
export interface DesignChoice {
  design: BatDesign;
  extraMinor: number;
  description: string;
}
