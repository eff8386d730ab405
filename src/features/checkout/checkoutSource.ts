import type { AdAsset } from '@contract/ads';
import { pricingCountry } from '@contract/constants';
import { currencyForCountry } from '@contract/money';
import type { OrderCreateRequest } from '@contract/orders';
import type { SelectedPackage } from '@/api/priceEstimate';
import {
  type AdBookingChoice,
  adAssetsOf,
  adBookingSelectedPackages,
  adEventOrderDetailsOf,
} from '@/state/adBooking';
import type { CartItem } from '@/state/cart';
import { cartNeedsShipping, cartSelectedPackages } from '@/state/cartSelection';
import { type CheckoutVariant, checkoutVariantFor } from './variants';

/*
 * What a checkout buys: the cart's lines, or the ad booking being chosen (/checkout?booking=ad), which never enters
 * the cart and leaves it as it is. Both are read the same way, so the machine and the page need not know which.
 */

export type CheckoutSource = 'cart' | 'adBooking';

/** An ad booking's devices and dates (held by the order's creation) and its creative (recorded once it exists). */
export interface AdBookingOrder {
  details: NonNullable<OrderCreateRequest['ad_event_order_details']>;
  assets: AdAsset[];
}

export interface CheckoutSelection {
  countryCode: string;
  packages: SelectedPackage[];
  variant: CheckoutVariant;
  packageCodes: string[];
  productCodes: string[];
  isShippingRequired: boolean;
  adBooking: AdBookingOrder | null;
}

export function adBookingOrderOf(choice: AdBookingChoice | null): AdBookingOrder | null {
  const details = adEventOrderDetailsOf(choice);
  const assets = adAssetsOf(choice);
  return details && assets ? { details, assets } : null;
}

export function checkoutSelection(
  source: CheckoutSource,
  stores: { items: readonly CartItem[]; adBooking: AdBookingChoice | null },
  countryCode: string,
): CheckoutSelection {
  if (source === 'adBooking') {
    const choice = stores.adBooking;
    const packages = adBookingSelectedPackages(choice);
    const codes = packages.length > 0 && choice ? [choice.packageCode] : [];
    return {
      countryCode,
      packages,
      variant: checkoutVariantFor(codes),
      packageCodes: codes,
      productCodes: [],
      isShippingRequired: false,
      adBooking: adBookingOrderOf(choice),
    };
  }
  const live = stores.items.filter((line) => line.quantity > 0);
  const packageCodes = [...new Set(live.map((line) => line.packageCode))];
  return {
    countryCode,
    packages: cartSelectedPackages(stores.items, currencyForCountry(pricingCountry(countryCode))),
    variant: checkoutVariantFor(packageCodes),
    packageCodes,
    productCodes: [...new Set(live.map((line) => line.productCode))],
    isShippingRequired: cartNeedsShipping(stores.items),
    adBooking: null,
  };
}
