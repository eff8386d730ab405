import { pricingCountry } from '@contract/constants';
import { type Currency, currencyForCountry } from '@contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ActorRefFrom } from 'xstate';
import { isOnline } from '@/api/online';
import type { EstimateFeatures } from '@/api/priceEstimate';
import type { AdBookingChoice } from '@/state/adBooking';
import { adBookingStore } from '@/state/adBooking';
import { cartStore } from '@/state/cart';
import { cartEstimateFeatures } from '@/state/cartSelection';
import { countryStore } from '@/state/country';
import type { CheckoutEstimateRecord } from '@/storage/checkoutDraft';
import { keptReferralCode } from '@/storage/referralCode';
import type { CheckoutTrack } from './analytics';
import type { CheckoutBoot } from './checkoutBoot';
import type { CheckoutSnapshot, checkoutMachine } from './checkoutMachine';
import { checkoutLogic } from './checkoutRuntime';
import { estimateKeyOf } from './checkoutSetup';
import { type CheckoutSource, checkoutSelection } from './checkoutSource';
import { draftFitsCountry } from './prefill';
import type { CheckoutSummaryState, EstimateStatus } from './summary/types';
import type { CheckoutVariant } from './variants';

/* The checkout's machine for the page: started once from what the device keeps, read by the screens. */

export interface CheckoutFeatures extends EstimateFeatures {
  /** FEATURE_BUSINESS_T_AND_C: the business terms box. */
  businessTandC: boolean;
}

export interface UseCheckoutOptions {
  userId: string;
  boot: CheckoutBoot;
  /** ?coupon_code= from the page address: shown in the field. */
  presetCouponCode?: string | null;
  /** ?referral_code= from the page address (else the one the visit arrived with): applied on load (spec §4 Referral). */
  presetReferralCode?: string | null;
  track?: CheckoutTrack;
  features?: CheckoutFeatures;
  /** What is bought: the cart (default), or the ad booking. */
  source?: CheckoutSource;
}

const DEFAULT_FEATURES: CheckoutFeatures = { ...cartEstimateFeatures, businessTandC: false };

export interface CheckoutController {
  checkout: ActorRefFrom<typeof checkoutMachine>;
  countryCode: string;
  currency: Currency;
  variant: CheckoutVariant;
  packageCodes: readonly string[];
  productCodes: readonly string[];
  features: CheckoutFeatures;
  /** The summary's state, without the code forms the page places in it. */
  summaryState: Omit<CheckoutSummaryState, 'codeForms'>;
}

type ShownEstimate = Pick<CheckoutSummaryState, 'estimate' | 'status' | 'receivedAt'>;

/** The price the summary shows: the machine's, or offline the last one this device received for the same order. */
export function shownEstimate(
  snapshot: CheckoutSnapshot,
  lastKnown: CheckoutEstimateRecord | null,
): ShownEstimate {
  const { estimate, estimateState, estimateReceivedAt, online, packages } = snapshot.context;
  const status: EstimateStatus = packages.length === 0 ? 'ready' : estimateState;
  if (online) return { estimate, status, receivedAt: estimateReceivedAt };
  if (estimateReceivedAt === null && lastKnown?.key === estimateKeyOf(snapshot.context))
    return { estimate: lastKnown.view, status: 'lastKnown', receivedAt: lastKnown.receivedAt };
  return { estimate, status: 'lastKnown', receivedAt: estimateReceivedAt };
}

const sameShown = (a: ShownEstimate, b: ShownEstimate) =>
  a.estimate === b.estimate && a.status === b.status && a.receivedAt === b.receivedAt;

export function useCheckout({
  userId,
  boot,
  presetCouponCode,
  presetReferralCode,
  track,
  features = DEFAULT_FEATURES,
  source = 'cart',
}: UseCheckoutOptions): CheckoutController {
  const client = useQueryClient();
  const { items } = useSnapshot(cartStore);
  const { choice } = useSnapshot(adBookingStore);
  const { countryCode } = useSnapshot(countryStore);
  const currency = currencyForCountry(pricingCountry(countryCode));
  const selection = useMemo(
    () => checkoutSelection(source, { items, adBooking: choice as AdBookingChoice | null }, countryCode),
    [source, items, choice, countryCode],
  );
  const { packageCodes, productCodes, variant } = selection;
  const trackRef = useRef(track);
  trackRef.current = track;
  const [logic] = useState(() =>
    checkoutLogic({ client, userId, features, source, track: () => trackRef.current }),
  );

  const draft = boot.draft?.values;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  // A draft for another country has none of this one's states or pickup points.
  const fits = draftFitsCountry(boot.draft, countryCode);
  // Codes come only from the address or the visit, never from a draft: each belongs to the order it was applied to.
  // The licence and business-kit checkouts take an invite only: no referral or coupon is preset there.
  const presetCodes =
    variant === 'default'
      ? {
          couponCode: presetCouponCode?.trim() ?? '',
          referralCode: presetReferralCode?.trim() || keptReferralCode(),
        }
      : { couponCode: '', referralCode: null };
  const checkout = useActorRef(logic, {
    input: {
      countryCode,
      isShippingRequired: selection.isShippingRequired,
      storedOrderId: boot.storedOrderId,
      packages: selection.packages,
      variant,
      adBooking: selection.adBooking,
      selfPickupEnabled: features.selfPickup,
      deliveryOption: fits && draft?.deliveryOption === 'SELF_PICKUP' ? 'SELF_PICKUP' : 'SHIPPING_SERVICE',
      stateNameEnum: fits ? (boot.draft?.state ?? '') : '',
      ...presetCodes,
      draftEmail: text(draft?.email),
      online: isOnline(),
    },
  });
  const shown = useSelector(checkout, (s) => shownEstimate(s, boot.lastEstimate), sameShown);

  return {
    checkout,
    countryCode,
    currency,
    variant,
    packageCodes,
    productCodes,
    features,
    summaryState: {
      ...shown,
      onRetry: () => checkout.send({ type: 'RETRY' }),
      variant,
      packageCodes,
      productCodes,
    },
  };
}
