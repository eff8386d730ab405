import { DEFAULT_COUNTRY, type DELIVERY_OPTION_LABELS } from '@contract/constants';
import { STATE_COUNTRIES, type StateCountry } from '@contract/places';
import { stateForWire } from '@/api/places';

/*
 * The price estimate request of spec §3, built from the checkout's selected packages and form inputs, and the
 * query key it is cached under (spec §7: keyed by the selected packages and inputs, never across inputs).
 * The types mirror contract/pricing.ts (PriceEstimateRequest) and src/api/priceEstimate.ts (SelectedPackage,
 * PriceEstimateInputs, PriceView) field for field, so either side can replace the other once both are on one
 * branch. deliveryOption travels as shipping_through, as in the order creation payload.
 */

/** contract/pricing.ts DeliveryOption. */
export type DeliveryOption = keyof typeof DELIVERY_OPTION_LABELS;

export interface PriceEstimateRequest {
  packages: { package_id: number; products: { product_id: number; quantity: number }[] }[];
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

/** A package as the checkout selected it (spec selectedPackages); quantities as the cart holds them. */
export interface SelectedPackage {
  packageId: number;
  products: { productId: number; quantity: number }[];
}

export interface PriceEstimateInputs {
  packages: readonly SelectedPackage[];
  couponCode?: string | null;
  associateCode?: string | null;
  /** state_name_enum of the chosen state. */
  stateName?: string | null;
  /** The selected country, otherwise the user's (ISO code). */
  countryName?: string | null;
  shippingPinCode?: string | null;
  deliveryOption?: DeliveryOption | null;
}

export interface EstimateFeatures {
  /** FEATURE_SELF_PICKUP (contract/flags.ts selfPickup): shipping_through is sent only then. */
  selfPickup: boolean;
}

/** Spec §3's price view, in integer minor units (src/api/priceEstimate.ts PriceView). */
export interface CheckoutPriceEstimate {
  totalPrice: number;
  taxableAmount: number;
  taxAmount: number;
  shippingCharges: number;
  couponDiscount: number;
  associationDiscount: number;
  otherDiscounts: { name: string; value: number }[];
  /** Total price less coupon, association and other discounts. */
  subtotal: number;
  pricingType: 'FULL_PAYMENT' | 'NO_COST_EMI';
  emiAmountStartingFrom: number;
  isShippingRequired: boolean;
}

/** Spec §3: the default empty estimate, all amounts 0, no shipping and no other discounts. */
export const EMPTY_PRICE_ESTIMATE: Readonly<CheckoutPriceEstimate> = Object.freeze({
  totalPrice: 0,
  taxableAmount: 0,
  taxAmount: 0,
  shippingCharges: 0,
  couponDiscount: 0,
  associationDiscount: 0,
  otherDiscounts: [],
  subtotal: 0,
  pricingType: 'FULL_PAYMENT',
  emiAmountStartingFrom: 0,
  isShippingRequired: false,
});

/** A cart line as the estimate needs it (src/state/cart.ts CartItem). */
export interface SelectedLine {
  packageId: number;
  productId: number;
  quantity: number;
}

/** The cart's lines as selected packages, every product kept (zero quantities too, for the skip rule). */
export function selectedPackagesFromCart(lines: readonly SelectedLine[]): SelectedPackage[] {
  const byPackage = new Map<number, Map<number, number>>();
  for (const line of lines) {
    const products = byPackage.get(line.packageId) ?? new Map<number, number>();
    products.set(line.productId, (products.get(line.productId) ?? 0) + Math.max(0, line.quantity));
    byPackage.set(line.packageId, products);
  }
  return [...byPackage.entries()].map(([packageId, products]) => ({
    packageId,
    products: [...products.entries()].map(([productId, quantity]) => ({ productId, quantity })),
  }));
}

const filled = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Spec §5: the country input for pricing falls back to India when unknown (blank, or not sold to). */
export function pricingCountry(countryName: string | null | undefined): StateCountry {
  const code = filled(countryName)?.toUpperCase();
  return code && (STATE_COUNTRIES as readonly string[]).includes(code)
    ? (code as StateCountry)
    : (DEFAULT_COUNTRY as StateCountry);
}

/**
 * Spec §4 step 11: no estimate is asked for when every package has products and every product's quantity is
 * zero (an empty selection prices nothing either); the previous or the default empty estimate stands.
 */
export function isEstimateSkipped(
  packages: readonly { products: readonly { quantity: number }[] }[],
): boolean {
  return packages.every(
    (pkg) => pkg.products.length > 0 && pkg.products.every((product) => product.quantity <= 0),
  );
}

/** Spec §3: packages with only their quantities above 0, in id order so equal selections key alike. */
export function buildPriceEstimateRequest(
  inputs: PriceEstimateInputs,
  features: EstimateFeatures,
): PriceEstimateRequest {
  const country = pricingCountry(inputs.countryName);
  const state = filled(inputs.stateName);
  const deliveryOption = inputs.deliveryOption ?? 'SHIPPING_SERVICE';
  return {
    packages: [...inputs.packages]
      .sort((a, b) => a.packageId - b.packageId)
      .map((pkg) => ({
        package_id: pkg.packageId,
        products: pkg.products
          .filter((product) => product.quantity > 0)
          .sort((a, b) => a.productId - b.productId)
          .map((product) => ({ product_id: product.productId, quantity: product.quantity })),
      }))
      .filter((pkg) => pkg.products.length > 0),
    coupon_code: filled(inputs.couponCode),
    associate_code: filled(inputs.associateCode),
    state_name: state === null ? null : stateForWire(state, country),
    country_name: country,
    // A pickup is not shipped: its price must not depend on a pincode typed before switching.
    shipping_pin_code:
      features.selfPickup && deliveryOption === 'SELF_PICKUP' ? null : filled(inputs.shippingPinCode),
    ...(features.selfPickup ? { shipping_through: deliveryOption } : {}),
    billing_details: { state_name_enum: state, country_name_enum: country },
  };
}

/** The TanStack Query key of an estimate: the whole request, so any changed input is its own entry. */
export function priceEstimateQueryKey(request: PriceEstimateRequest) {
  return ['priceEstimate', request] as const;
}
