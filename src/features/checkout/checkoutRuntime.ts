import { STATE_COUNTRIES, type StateCountry } from '@contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import { subscribe } from 'valtio';
import { type ActorRefFrom, type AnyActorRef, fromCallback, fromPromise } from 'xstate';
import { profileQuery } from '@/api/account';
import { isApiError, reportError } from '@/api/errors';
import { isOnline, subscribeOnline } from '@/api/online';
import {
  fetchAndUpdatePaymentStatus,
  fetchOrderDetails,
  fetchOrderStatus,
  type WireOrderDetails,
} from '@/api/orders';
import { pickupLocationsQuery, stateForWire, statesQuery } from '@/api/places';
import { fetchPostOffice } from '@/api/postal';
import {
  type EstimateFeatures,
  type PriceEstimateInputs,
  priceEstimateQuery,
  toPriceView,
} from '@/api/priceEstimate';
import { SITE_NAME } from '@/lib/site';
import { adBookingStore } from '@/state/adBooking';
import { cartStore } from '@/state/cart';
import { countryStore } from '@/state/country';
import { writeCheckoutEstimate } from '@/storage/checkoutDraft';
import { type CheckoutTrack, type CodeAppliedEmitted, trackCodeApplied, trackOnce } from './analytics';
import { checkoutMachine } from './checkoutMachine';
import { checkoutPayment, codeCheck, estimateKeyOf, orderReconciliation } from './checkoutSetup';
import { type CheckoutSource, checkoutSelection } from './checkoutSource';
import type {
  CheckoutEvent,
  CheckoutOrderDetails,
  CouponRef,
  EstimateAnswer,
  EstimateRequest,
  ReferralRef,
  WatchedInputs,
} from './checkoutTypes';
import { paymentLogic } from './payment/paymentRuntime';
import { type paymentMachine, reconcileInterruptedOrder } from './paymentMachine';
import type { PreviousOrderPrefill } from './prefill';

/*
 * The checkout machine with the real calls: the query client's cache and de-duplication for every read, the device's
 * stores for the cart, the country and the connection, the payment's code loaded when the buyer pays.
 */

export interface CheckoutRuntime {
  client: QueryClient;
  userId: string;
  features: EstimateFeatures;
  /** What is bought: the cart (default), or the ad booking. */
  source?: CheckoutSource;
  /** The page's analytics, read when an event happens. */
  track: () => CheckoutTrack | undefined;
}

/** What the form reads of a stored order (spec §3 "Previous order data reused to prefill the form"). */
function previousOrderPrefill(order: WireOrderDetails): PreviousOrderPrefill {
  const shipping = order.shipping_details;
  const billing = order.billing_details;
  const gst = billing?.gst_details;
  const value = (text: string | null | undefined) => text ?? undefined;
  return {
    countryCode: value(order.country_name_enum),
    shippingDetails: shipping
      ? {
          mobileNumber: value(shipping.mobile_number),
          address1: value(shipping.address_1),
          address2: value(shipping.address_2),
          pinCode: value(shipping.pin_code),
          city: value(shipping.city),
        }
      : undefined,
    billingDetails: billing
      ? {
          iHaveGSTDetails: Boolean(gst?.gst_in),
          gstDetails: gst
            ? { companyName: value(gst.company_name), gstType: value(gst.gst_type), gstIn: value(gst.gst_in) }
            : undefined,
          billingPersonName: value(billing.name),
          billingAddress1: value(billing.address_1),
          billingAddress2: value(billing.address_2),
          billingPostalCode: value(billing.postal_code),
          billingCity: value(billing.city),
        }
      : undefined,
  };
}

function checkoutOrderDetails(order: WireOrderDetails): CheckoutOrderDetails {
  return {
    orderId: order.order_id,
    pinCode: order.shipping_details?.pin_code ?? null,
    countryCode: order.country_name_enum ?? null,
    shippingThrough: order.shipping_through ?? null,
    prefill: previousOrderPrefill(order),
  };
}

/** The estimate; a coupon the server now refuses (the cart changed, it ran out) goes, and the order is priced without it. */
export async function priceOrder(
  fetchEstimate: (inputs: PriceEstimateInputs) => Promise<EstimateAnswer['view']>,
  { inputs, retryWithoutCoupon }: EstimateRequest,
): Promise<EstimateAnswer> {
  try {
    return { view: await fetchEstimate(inputs), couponError: null };
  } catch (error) {
    if (!retryWithoutCoupon || !inputs.couponCode || !isApiError(error) || error.field !== 'coupon_code')
      throw error;
    return { view: await fetchEstimate({ ...inputs, couponCode: null }), couponError: error };
  }
}

async function stateNames(client: QueryClient, countries: readonly string[]) {
  const isStateCountry = (country: string): country is StateCountry =>
    (STATE_COUNTRIES as readonly string[]).includes(country);
  const names = new Map<string, string>();
  for (const country of new Set(countries)) {
    if (!isStateCountry(country)) continue;
    const states = await client.fetchQuery(statesQuery(country)).catch(() => []);
    for (const state of states) names.set(`${country}:${state.state_name_enum}`, state.state_name);
  }
  return (country: string, stateEnum: string) =>
    names.get(`${country}:${stateEnum}`) ?? stateForWire(stateEnum, isStateCountry(country) ? country : 'IN');
}

/** The cart's lines (or the ad booking) and the shop's country, as the checkout prices them. */
function currentSelection(source: CheckoutSource) {
  return checkoutSelection(
    source,
    { items: cartStore.items, adBooking: adBookingStore.choice },
    countryStore.countryCode,
  );
}

/** A code machine's applied code goes to the page's analytics. */
function observeCodes(actor: CouponRef | ReferralRef, runtime: CheckoutRuntime) {
  const send = (emitted: CodeAppliedEmitted) => {
    const track = runtime.track();
    if (track) trackCodeApplied(emitted, track);
  };
  actor.on('coupon_applied', send);
  actor.on('referral_code_applied', send);
}

/** The payment's order, its failures and its dismissal go to the page's analytics and error reports. */
function observePayment(payment: ActorRefFrom<typeof paymentMachine>, runtime: CheckoutRuntime) {
  const track = (event: Parameters<CheckoutTrack>[0], properties?: Parameters<CheckoutTrack>[1]) =>
    runtime.track()?.(event, properties);
  payment.on('orderCreated', ({ order }) => {
    const send = runtime.track();
    if (!send) return;
    const properties = {
      order_id: order.order_id,
      customer_order_id: order.customer_order_id,
      total_amount: order.total_amount,
      currency: order.currency,
      payment_service: order.payment_service,
    };
    trackOnce(send, 'order_created', order.order_id, properties);
    trackOnce(send, 'checkout_initiated', order.order_id, properties);
  });
  payment.on('orderCreateFailed', ({ error }) =>
    track('order_failed', {
      reason: 'create_failed',
      message: isApiError(error) ? error.message : String(error),
    }),
  );
  payment.on('paymentDismissed', ({ orderId }) => track('payment_modal_dismissed', { order_id: orderId }));
  payment.on('gatewayFailed', ({ orderId, error }) =>
    reportError('The payment provider could not be opened', { orderId, error: String(error) }),
  );
}

export function checkoutLogic(runtime: CheckoutRuntime) {
  const { client, userId, features } = runtime;
  const fetchEstimate = async (inputs: PriceEstimateInputs) =>
    toPriceView(await client.fetchQuery(priceEstimateQuery(inputs, { ...features, enabled: true })));
  const observed = new WeakSet<AnyActorRef>();
  return checkoutMachine.provide({
    actors: {
      fetchProfile: fromPromise(async () => {
        const query = profileQuery(userId);
        // Offline a fetch would wait for the network: the profile kept on the device serves, however old; without
        // one the failure screen shows, and the way back online retries.
        if (!isOnline()) {
          const known = client.getQueryData(query.queryKey);
          if (known) return known;
          throw new Error('offline, and no profile kept on the device');
        }
        return client.fetchQuery(query);
      }),
      fetchOrderDetails: fromPromise(async ({ input, signal }) =>
        checkoutOrderDetails(await fetchOrderDetails(input.orderId, { signal })),
      ),
      fetchDeliveryDetails: fromPromise(() => client.fetchQuery(pickupLocationsQuery())),
      lookupLocation: fromPromise(
        async ({ input }) => (await fetchPostOffice(client, input.pinCode)) ?? undefined,
      ),
      fetchPriceEstimate: fromPromise(({ input }) => priceOrder(fetchEstimate, input)),
      fetchStateNames: fromPromise(({ input }) => stateNames(client, input.countries)),
      payment: paymentLogic(checkoutPayment, {
        international: features.internationalUsers,
        shopName: SITE_NAME,
      }),
      reconcileOrder: orderReconciliation((orderId) =>
        reconcileInterruptedOrder(orderId, {
          fetchAndUpdatePaymentStatus: (id) => fetchAndUpdatePaymentStatus(id, null),
          fetchOrderStatus: (id) => fetchOrderStatus(id),
        }),
      ),
      checkCode: codeCheck((request) => priceOrder(fetchEstimate, request)),
      // Compared with what the machine was started with, not with the stores at start: a country or a line changed
      // between the page's first render and the machine's start is still told.
      watchInputs: fromCallback<CheckoutEvent, WatchedInputs>(({ sendBack, input }) => {
        let last = { countryCode: input.countryCode };
        let lastKey = JSON.stringify(input.packages);
        let lastBooking = JSON.stringify(input.adBooking);
        const changed = () => {
          const now = currentSelection(runtime.source ?? 'cart');
          if (now.countryCode !== last.countryCode)
            sendBack({ type: 'UPDATE_COUNTRY_CODE', countryCode: now.countryCode });
          const key = JSON.stringify(now.packages);
          const booking = JSON.stringify(now.adBooking);
          if (key !== lastKey || booking !== lastBooking)
            sendBack({
              type: 'CART_CHANGED',
              packages: now.packages,
              variant: now.variant,
              adBooking: now.adBooking,
            });
          last = now;
          lastKey = key;
          lastBooking = booking;
        };
        changed();
        const stops = [
          subscribe(runtime.source === 'adBooking' ? adBookingStore : cartStore, changed),
          subscribe(countryStore, changed),
          subscribeOnline((online) => sendBack({ type: online ? 'ONLINE' : 'OFFLINE' })),
        ];
        return () => {
          for (const stop of stops) stop();
        };
      }),
    },
    actions: {
      rememberEstimate: ({ context }) => {
        if (!context.online || context.estimateReceivedAt === null) return;
        void writeCheckoutEstimate({
          key: estimateKeyOf(context),
          receivedAt: context.estimateReceivedAt,
          view: context.estimate,
        }).catch(() => undefined);
      },
      // The server's new profile (a new e-mail, or it verified) is the profile every screen reads.
      storeProfile: (_, { profile }) => client.setQueryData(profileQuery(userId).queryKey, profile),
      observeChildren: ({ context, self }) => {
        for (const child of [context.coupon, context.referral]) {
          if (observed.has(child)) continue;
          observed.add(child);
          observeCodes(child, runtime);
        }
        // The payment is invoked as its state is entered: it is among the children once this step is over.
        queueMicrotask(() => {
          const payment = self.getSnapshot().children.payment as
            | ActorRefFrom<typeof paymentMachine>
            | undefined;
          if (!payment || observed.has(payment)) return;
          observed.add(payment);
          observePayment(payment, runtime);
        });
      },
    },
  });
}
