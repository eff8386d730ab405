import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useDeferredValue, useRef } from 'react';
import { useIsOnline } from '@/api/online';
import { type PaymentServiceOption, paymentServicesQuery } from '@/api/paymentServices';
import { ErrorView } from '@/ui/ErrorView';
import { CheckoutLoading, type CheckoutPageProps, useLoadedChunk } from './CheckoutShell';
import type { CheckoutBoot } from './checkoutBoot';
import { type CheckoutController, useCheckout } from './useCheckout';

/* The checkout's machines and the calls they make; the form and the sheet load beside them, in their own chunk. */

const loadReady = () => import('./CheckoutReady');

export function CheckoutFlow(props: CheckoutPageProps & { boot: CheckoutBoot }) {
  // Asked for beside the profile, and awaited with it: the page mounts once, in one transition.
  const ready = useLoadedChunk(loadReady);
  const controller = useCheckout({
    userId: props.userId,
    boot: props.boot,
    presetCouponCode: props.presetCouponCode,
    presetReferralCode: props.presetReferralCode,
    track: props.track,
    features: props.features,
    source: props.source,
  });
  const { checkout } = controller;
  const deferredController = useDeferredValue(controller);
  const stage = useSelector(checkout, (s) => {
    if (s.matches('fetchingProfileFailed')) return 'failed' as const;
    if (s.matches('fetchingProfile') || s.matches('fetchingOrderDetails')) return 'loading' as const;
    return 'ready' as const;
  });
  const loadedProfile = useSelector(checkout, (s) => s.context.profile);
  const profile = useDeferredValue(stage === 'ready' ? loadedProfile : null);
  // Asked beside the profile, and awaited with it: a payment choice appearing later would move the pay action.
  // Deferred like the profile: whichever answer comes last, the page mounts in a transition React can slice.
  const services = useDeferredValue(usePaymentServices(controller));
  if (stage === 'failed') {
    return (
      <ErrorView
        title="We could not load your details"
        message="Check your connection and try again. Nothing in your cart is lost."
        onRetry={() => checkout.send({ type: 'RETRY' })}
      />
    );
  }
  if (!profile || !services || !ready) return <CheckoutLoading />;
  return (
    <ready.CheckoutReady
      {...props}
      controller={deferredController}
      profile={profile}
      draft={props.boot.draft}
      services={services}
    />
  );
}

/**
 * The payment services every chosen package takes (spec §3); undefined while the first answer is on its way. With
 * no answer (offline, refused) none is offered and the card modal is used. A new country keeps the last answer on
 * screen until its own arrives.
 */
function usePaymentServices(controller: CheckoutController): readonly PaymentServiceOption[] | undefined {
  const enabled = useIsOnline() && controller.packageCodes.length > 0;
  const query = useQuery({
    ...paymentServicesQuery(controller.packageCodes, controller.countryCode),
    enabled,
    placeholderData: keepPreviousData,
  });
  // Only the first answer is waited for: the page is never taken down again for a later one.
  const settled = useRef(false);
  if (query.data) settled.current = true;
  if (query.data) return query.data;
  if (!settled.current && enabled && !query.isError) return undefined;
  settled.current = true;
  return NO_SERVICES;
}

const NO_SERVICES: readonly PaymentServiceOption[] = [];
