import { type BatDesign, designKey } from '@contract/bat-design';
import { pricingCountry } from '@contract/constants';
import { type Currency, toMinor } from '@contract/money';
import type { DeliveryOption, PriceEstimateRequest, PriceEstimateResponse } from '@contract/pricing';
import { queryOptions } from '@tanstack/react-query';
import type { GstSplit } from '@/lib/gst';
import { apiRequest } from './client';
import { stateForWire } from './places';

/*
 * The checkout's price estimate (spec §3 Price estimate request and response, §4 Checkout flow step 11, §7). The
 * server prices everything; the client only says what was chosen. The query runs only when the caller enables it,
 * is not refetched on window focus and is not kept beyond its key, which is built from the selected packages and
 * every input, so a change asks again and a reconnect refetches it; TanStack Query shares a request asked for twice.
 */

/** The contract's schemas load with the first response to check, so zod stays off a page's first load. */
const pricingSchemas = () => import('@contract/pricing');

/** A package as the checkout selected it (spec selectedPackages); quantities as the cart holds them. */
export interface SelectedPackage {
  packageId: number;
  /** A designed product (the custom bat) carries its design: one entry per distinct design. */
  products: { productId: number; quantity: number; customization?: BatDesign | null }[];
}

/** Spec §3 Price estimate request, as the checkout knows it. */
export interface PriceEstimateInputs {
  packages: readonly SelectedPackage[];
  couponCode?: string | null;
  associateCode?: string | null;
  /** The licence and business-kit checkouts' invite code (spec §2), in the referral field's place. */
  inviteCode?: string | null;
  /** state_name_enum of the chosen state. */
  stateName?: string | null;
  /** The selected country, otherwise the user's (ISO code). */
  countryName?: string | null;
  shippingPinCode?: string | null;
  deliveryOption?: DeliveryOption | null;
}

export interface EstimateFeatures {
  /** FEATURE_SELF_PICKUP: shipping_through is sent only then (spec §3). */
  selfPickup: boolean;
  /** FEATURE_INTERNATIONAL_USERS: the v2 estimate is used then (spec §7). */
  internationalUsers: boolean;
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

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * The request body (spec §3): only quantities above 0, packages and products in id order so equal selections key
 * alike; the country falls back to India when unknown (spec §5); shipping_through only with self pickup enabled.
 */
export function toEstimateRequest(
  inputs: PriceEstimateInputs,
  features: Pick<EstimateFeatures, 'selfPickup'>,
): PriceEstimateRequest {
  const country = pricingCountry(inputs.countryName);
  const state = blankToNull(inputs.stateName);
  const deliveryOption = inputs.deliveryOption ?? 'SHIPPING_SERVICE';
  const pickup = features.selfPickup && deliveryOption === 'SELF_PICKUP';
  return {
    packages: [...inputs.packages]
      .sort((a, b) => a.packageId - b.packageId)
      .map((pkg) => ({
        package_id: pkg.packageId,
        products: pkg.products
          .filter((product) => product.quantity > 0)
          .map((product) => ({
            ...product,
            key: product.customization ? designKey(product.customization) : '',
          }))
          .sort((a, b) => a.productId - b.productId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
          .map((product) => ({
            product_id: product.productId,
            quantity: product.quantity,
            ...(product.customization ? { customization: product.customization } : {}),
          })),
      }))
      .filter((pkg) => pkg.products.length > 0),
    coupon_code: blankToNull(inputs.couponCode),
    associate_code: blankToNull(inputs.associateCode),
    ...(blankToNull(inputs.inviteCode) === null ? {} : { invite_code: blankToNull(inputs.inviteCode) }),
    // Spec §5: an international state name with an underscore is sent with a space.
    state_name: state === null ? null : stateForWire(state, country),
    country_name: country,
    // A pickup is not shipped: its price must not depend on a pincode typed before switching.
    shipping_pin_code: pickup ? null : blankToNull(inputs.shippingPinCode),
    ...(features.selfPickup ? { shipping_through: deliveryOption } : {}),
    billing_details: { state_name_enum: state, country_name_enum: country },
  };
}

/** Which estimate: v2 when international users are enabled, else v1 for one package and multiple v1 for more. */
export function estimatePath(packageCount: number, features: EstimateFeatures): string {
  if (features.internationalUsers) return '/orders/price_estimate/multiple_packages/v2/';
  return packageCount === 1 ? '/orders/price_estimate/v1/' : '/orders/price_estimate/multiple_packages/v1/';
}

/** POST the estimate; signed in when a token is kept (a coupon's uses are counted per buyer). */
export function fetchPriceEstimate(
  inputs: PriceEstimateInputs,
  features: EstimateFeatures,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PriceEstimateResponse> {
  const body = toEstimateRequest(inputs, features);
  return apiRequest({
    service: 'commerce',
    path: estimatePath(body.packages.length, features),
    method: 'POST',
    body,
    schema: () => pricingSchemas().then((schemas) => schemas.priceEstimateResponseSchema),
    optionalAuth: true,
    signal,
  });
}

export const priceEstimateKeys = {
  all: ['priceEstimate'] as const,
  /** Keyed by the selected packages and every input that changes the price. */
  estimate: (inputs: PriceEstimateInputs, features: EstimateFeatures) =>
    [
      'priceEstimate',
      toEstimateRequest(inputs, features),
      estimatePath(inputs.packages.length, features),
    ] as const,
};

/**
 * Spec §7's rules as query options, one query per input key whoever asks (the cart, the checkout's machine): enabled
 * only when the caller says so and something has a quantity; no refetch on focus; always stale, so a remount asks
 * again; kept only while shown unless the caller keeps it longer (the cart's last answer, shown offline).
 */
export function priceEstimateQuery(
  inputs: PriceEstimateInputs,
  { enabled, ...features }: EstimateFeatures & { enabled: boolean },
  { gcTime = 0 }: { gcTime?: number } = {},
) {
  return queryOptions({
    queryKey: priceEstimateKeys.estimate(inputs, features),
    queryFn: ({ signal }) => fetchPriceEstimate(inputs, features, { signal }),
    enabled: enabled && !isEstimateSkipped(inputs.packages),
    refetchOnWindowFocus: false,
    refetchOnReconnect: true,
    staleTime: 0,
    gcTime,
    // A refused code or product is an answer to show under its field, not a fault to retry.
    retry: false,
  });
}

/** Spec §3's price view, in integer minor units of the estimate's currency. */
export interface PriceView {
  currency: Currency;
  totalPrice: number;
  taxableAmount: number;
  taxAmount: number;
  shippingCharges: number;
  couponDiscount: number;
  associationDiscount: number;
  otherDiscounts: { name: string; value: number }[];
  /** Spec §5: total price less coupon, association and other discounts. */
  subtotal: number;
  pricingType: PriceEstimateResponse['pricing_type'];
  emiAmountStartingFrom: number;
  /** The no-cost EMI's longest tenure, null on full payment. */
  emiTenureMonths: number | null;
  isShippingRequired: boolean;
  /** The tax in its parts as the invoice will show it; null until the server has priced the order. */
  gst: GstSplit | null;
}

/** Spec §3: the default empty estimate has every amount 0, no shipping and no other discounts. */
export function emptyPriceView(currency: Currency = 'INR'): PriceView {
  return {
    currency,
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
    emiTenureMonths: null,
    isShippingRequired: false,
    gst: null,
  };
}

export function toPriceView(estimate: PriceEstimateResponse): PriceView {
  const minor = (major: number) => toMinor(major, estimate.currency);
  const totalPrice = minor(estimate.total_price);
  const couponDiscount = minor(estimate.coupon_discount);
  const associationDiscount = minor(estimate.association_discount);
  const otherDiscounts = estimate.other_discounts.map((d) => ({
    name: d.discount_name,
    value: minor(d.discount_value),
  }));
  const others = otherDiscounts.reduce((sum, d) => sum + d.value, 0);
  return {
    currency: estimate.currency,
    totalPrice,
    taxableAmount: minor(estimate.taxable_amount),
    taxAmount: minor(estimate.tax_amount),
    shippingCharges: minor(estimate.shipping_charges),
    couponDiscount,
    associationDiscount,
    otherDiscounts,
    subtotal: totalPrice - couponDiscount - associationDiscount - others,
    pricingType: estimate.pricing_type,
    emiAmountStartingFrom: minor(estimate.emi_amount_starting_from),
    emiTenureMonths: estimate.emi_tenure_months,
    isShippingRequired: estimate.is_shipping_required,
    gst: {
      supply: estimate.gst.supply,
      cgst: minor(estimate.gst.cgst),
      sgst: minor(estimate.gst.sgst),
      igst: minor(estimate.gst.igst),
    },
  };
}
