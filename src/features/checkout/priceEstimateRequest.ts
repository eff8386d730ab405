import { DEFAULT_COUNTRY, type DeliveryOption } from '@contract/constants';
import { STATE_COUNTRIES, type StateCountry } from '@contract/places';
import { stateForWire } from '@/api/places';

/*
 * The price estimate request of spec §3, built from the checkout's selected packages and form inputs, and the
 * query key it is cached under (spec §7: keyed by the selected packages and inputs, never across inputs).
 * The wire shapes below mirror spec §3 (snake_case) locally until the pricing contract lands; align them to it
 * then. deliveryOption travels as shipping_through, as in the order creation payload.
 */

export interface PriceEstimateProductWire {
  product_id: number;
  quantity: number;
}

export interface PriceEstimatePackageWire {
  package_id: number;
  products: PriceEstimateProductWire[];
}

export interface PriceEstimateRequestWire {
  packages: PriceEstimatePackageWire[];
  coupon_code: string | null;
  associate_code: string | null;
  /** The state as sent: India's state_name_enum, other countries' with spaces for underscores. */
  state_name: string | null;
  /** ISO code of a country the shop sells to; IN when unknown (spec §5). */
  country_name: StateCountry;
  shipping_pin_code: string | null;
  /** Only when the self pickup feature is on. */
  shipping_through?: DeliveryOption;
  billing_details: { state_name_enum: string | null; country_name_enum: StateCountry };
}

/** The price view of spec §3's response, amounts in minor units. */
export interface CheckoutPriceEstimate {
  totalPrice: number;
  taxAmount: number;
  shippingCharges: number;
  taxableAmount: number;
  discounts: number;
  pricingType: string;
  couponDiscount: number;
  associationDiscount: number;
  isShippingRequired: boolean;
  emiAmountStartingFrom: number | null;
  otherDiscounts: { discountName: string; discountValue: number }[];
}

/** Spec §3: the default empty estimate, all amounts 0, no shipping and no other discounts. */
export const EMPTY_PRICE_ESTIMATE: CheckoutPriceEstimate = Object.freeze({
  totalPrice: 0,
  taxAmount: 0,
  shippingCharges: 0,
  taxableAmount: 0,
  discounts: 0,
  pricingType: 'FULL_PAYMENT',
  couponDiscount: 0,
  associationDiscount: 0,
  isShippingRequired: false,
  emiAmountStartingFrom: null,
  otherDiscounts: [],
}) as CheckoutPriceEstimate;

/** A cart line as the estimate needs it. */
export interface SelectedLine {
  packageId: number;
  productId: number;
  quantity: number;
}

export interface PriceEstimateInputs {
  /** The cart lines of the packages going to checkout. */
  lines: readonly SelectedLine[];
  couponCode?: string | null;
  associateCode?: string | null;
  /** state_name_enum of the chosen state ('' or null when none yet). */
  stateNameEnum?: string | null;
  /** The country chosen on the form, else the buyer's country. */
  countryCode?: string | null;
  userCountryCode?: string | null;
  pinCode?: string | null;
  deliveryOption: DeliveryOption;
  /** The self pickup feature flag (contract/flags.ts selfPickup). */
  selfPickupEnabled: boolean;
}

const filled = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Spec §5: the country input for pricing falls back to India when unknown. */
export function pricingCountry(...candidates: (string | null | undefined)[]): StateCountry {
  for (const candidate of candidates) {
    const code = filled(candidate)?.toUpperCase();
    if (code && (STATE_COUNTRIES as readonly string[]).includes(code)) return code as StateCountry;
  }
  return DEFAULT_COUNTRY as StateCountry;
}

/** Spec §3: the packages with only their quantities above 0, in a stable order so equal selections key alike. */
export function estimatePackages(lines: readonly SelectedLine[]): PriceEstimatePackageWire[] {
  const byPackage = new Map<number, Map<number, number>>();
  for (const line of lines) {
    if (!(line.quantity > 0)) continue;
    const products = byPackage.get(line.packageId) ?? new Map<number, number>();
    products.set(line.productId, (products.get(line.productId) ?? 0) + line.quantity);
    byPackage.set(line.packageId, products);
  }
  return [...byPackage.entries()]
    .sort(([a], [b]) => a - b)
    .map(([packageId, products]) => ({
      package_id: packageId,
      products: [...products.entries()]
        .sort(([a], [b]) => a - b)
        .map(([productId, quantity]) => ({ product_id: productId, quantity })),
    }));
}

/**
 * Spec §4 step 11: no estimate is asked for when every package has products and every product's quantity is
 * zero (an empty selection prices nothing either); the previous or the default empty estimate stands.
 */
export function isEstimateSkipped(
  packages: readonly { products: readonly { quantity: number }[] }[],
): boolean {
  return packages.every(
    (pkg) => pkg.products.length > 0 && pkg.products.every((product) => product.quantity === 0),
  );
}

/** Groups cart lines into packages with every product (zero quantities kept), for isEstimateSkipped. */
export function selectedPackages(lines: readonly SelectedLine[]): { products: { quantity: number }[] }[] {
  const byPackage = new Map<number, { quantity: number }[]>();
  for (const line of lines) {
    const products = byPackage.get(line.packageId) ?? [];
    products.push({ quantity: line.quantity });
    byPackage.set(line.packageId, products);
  }
  return [...byPackage.values()].map((products) => ({ products }));
}

export function buildPriceEstimateRequest(inputs: PriceEstimateInputs): PriceEstimateRequestWire {
  const country = pricingCountry(inputs.countryCode, inputs.userCountryCode);
  const stateEnum = filled(inputs.stateNameEnum);
  return {
    packages: estimatePackages(inputs.lines),
    coupon_code: filled(inputs.couponCode),
    associate_code: filled(inputs.associateCode),
    state_name: stateEnum === null ? null : stateForWire(stateEnum, country),
    country_name: country,
    // A pickup is not shipped: its charge must not depend on a pincode typed before switching.
    shipping_pin_code: inputs.deliveryOption === 'SELF_PICKUP' ? null : filled(inputs.pinCode),
    ...(inputs.selfPickupEnabled ? { shipping_through: inputs.deliveryOption } : {}),
    billing_details: { state_name_enum: stateEnum, country_name_enum: country },
  };
}

/** The TanStack Query key of an estimate: the whole request, so any changed input is its own entry. */
export function priceEstimateQueryKey(request: PriceEstimateRequestWire) {
  return ['checkout', 'priceEstimate', request] as const;
}

/** Spec §3: subtotal = total price − coupon − association − other discounts (minor units). */
export function estimateSubtotal(estimate: CheckoutPriceEstimate): number {
  const other = estimate.otherDiscounts.reduce((sum, discount) => sum + discount.discountValue, 0);
  return estimate.totalPrice - estimate.couponDiscount - estimate.associationDiscount - other;
}
