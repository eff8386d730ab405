import {
  BAT_OPTION_GROUP_NAMES,
  BAT_OPTION_GROUPS,
  type BatDesign,
  describeDesign,
  designKey,
} from '@contract/bat-design';
import type { Currency } from '@contract/money';
import type { CatalogueProduct } from '../catalogue/repo';
import { refuse } from './rules';

export interface PricedDesign {
  design: BatDesign;
  key: string;
  /** What the chosen options add to one unit before tax. */
  deltaMinor: number;
  description: string;
}

/**
 * A line's design checked against the product's options in the catalogue and priced from them: a product made to
 * a design needs one, any other product takes none, and every choice must be one the catalogue offers.
 */
export function priceDesign(
  product: CatalogueProduct,
  design: BatDesign | null | undefined,
  currency: Currency,
  field: string,
): PricedDesign | null {
  if (product.options.length === 0) {
    if (design) throw refuse(`${product.name} is not made to a design`, `${field}.customization`);
    return null;
  }
  if (!design) {
    throw refuse(
      `Design your ${product.name}: choose its willow grade, size, weight, handle and grip`,
      `${field}.customization`,
    );
  }
  let deltaMinor = 0;
  const labels = new Map<string, string>();
  for (const group of BAT_OPTION_GROUPS) {
    const option = product.options.find((o) => o.group === group && o.code === design[group]);
    if (!option) {
      throw refuse(
        `Choose a ${BAT_OPTION_GROUP_NAMES[group].toLowerCase()} from the list`,
        `${field}.customization.${group}`,
      );
    }
    deltaMinor += option.deltaMinor[currency];
    labels.set(group, option.label);
  }
  return {
    design,
    key: designKey(design),
    deltaMinor,
    description: describeDesign(design, (group) => labels.get(group) ?? ''),
  };
}
