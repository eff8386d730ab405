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

/** A design as the product page hands it to the cart: what it adds to a unit before tax, and its words. */
export interface DesignChoice {
  design: BatDesign;
  extraMinor: number;
  description: string;
}
