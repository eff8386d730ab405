import type { PickupLocation } from '@contract/places';
import { describe, expect, it } from 'vitest';
import { type AnyStateNode, createActor, fromPromise, type StateValue } from 'xstate';
import type { ClientProfile } from '@/api/account';
import { ApiError } from '@/api/errors';
import type { PostOffice } from '@/api/postal';
import { emptyPriceView, type PriceView } from '@/api/priceEstimate';
import { type CheckoutFormValues, EMPTY_CHECKOUT_FORM } from './checkoutForm';
import { checkoutMachine } from './checkoutMachine';
import { type checkoutPayment, codeCheck, orderReconciliation } from './checkoutSetup';
import type {
  CheckoutEvent,
  CheckoutInput,
  CheckoutOrderDetails,
  EstimateRequest,
  LocationFoundEmitted,
  StateNameOf,
} from './checkoutTypes';
import { type Deferred, deferred } from './machines.test-helpers';
import { CREATE_FAILED_MESSAGE } from './paymentErrors';
import type { PaymentInput, PaymentOutput, Reconciliation } from './paymentMachine';

const profile: ClientProfile = {
  name: 'Asha Kumar',
  email: 'asha@example.in',
  isEmailVerified: true,
  phoneNumber: '9876543210',
  dialCode: '+91',
  phoneNumberWithCountryCode: '+919876543210',
};

const estimate: PriceView = {
  ...emptyPriceView(),
  totalPrice: 1_249_900,
  taxAmount: 190_662,
  taxableAmount: 1_059_238,
  shippingCharges: 0,
  isShippingRequired: true,
};

const pickup: PickupLocation = {
  pickup_location_id: 7,
  address1: '12 MG Road',
  address2: null,
  city: 'Bengaluru',
  state: 'KARNATAKA',
  country: 'IN',
  pincode: '560001',
  maps_location_id: null,
  mobile_number: '+919876543210',
  start_datetime: '2026-01-01T10:00:00+05:30',
  end_datetime: '2026-01-01T19:00:00+05:30',
};

const office: PostOffice = {
  Name: 'Bangalore G.P.O.',
  Description: null,
  BranchType: 'Head Post Office',
  DeliveryStatus: 'Delivery',
  Circle: 'Karnataka',
  District: 'Bangalore',
  Division: 'Bangalore East',
  Region: 'Bangalore HQ',
  Block: 'Bangalore North',
  State: 'Karnataka',
  Country: 'India',
  Pincode: '560001',
};

const order = (overrides: Partial<CheckoutOrderDetails> = {}): CheckoutOrderDetails => ({
  orderId: 'ord-1',
  pinCode: null,
  countryCode: 'IN',
  shippingThrough: null,
  prefill: {},
  ...overrides,
});

/** The form as the buyer filled it: valid, the terms accepted, Bengaluru's pincode. */
const draft = (overrides: Partial<CheckoutFormValues> = {}): CheckoutFormValues => ({
  ...EMPTY_CHECKOUT_FORM,
  fullName: 'Asha',
  email: 'asha@example.in',
  address1: '12 MG Road',
  postalCode: '560001',
  city: 'Bengaluru',
  tAndC: true,
  ...overrides,
});

const baseInput: CheckoutInput = {
  countryCode: 'IN',
  isShippingRequired: true,
  storedOrderId: null,
  packages: [
    {
      packageId: 1,
      products: [
        { productId: 11, quantity: 1 },
        { productId: 12, quantity: 0 },
      ],
    },
  ],
  selfPickupEnabled: false,
};

/** Nothing to buy: every quantity zero (spec §4 step 11). */
const noQuantities = [{ packageId: 1, products: [{ productId: 11, quantity: 0 }] }];

type ActorName =
  | 'fetchProfile'
  | 'fetchOrderDetails'
  | 'fetchDeliveryDetails'
  | 'fetchShippingCost'
  | 'lookupLocation'
  | 'fetchPriceEstimate'
  | 'checkCode'
  | 'fetchStateNames'
  | 'payment'
  | 'reconcileOrder';

/** Lets the promise callbacks the actors wait on run; no clock involved. */
async function flush() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

function harness(overrides: Partial<CheckoutInput> = {}) {
  const calls: Record<ActorName, { input: unknown; d: Deferred<unknown> }[]> = {
    fetchProfile: [],
    fetchOrderDetails: [],
    fetchDeliveryDetails: [],
    fetchShippingCost: [],
    lookupLocation: [],
    fetchPriceEstimate: [],
    checkCode: [],
    fetchStateNames: [],
    payment: [],
    reconcileOrder: [],
  };
  const fake =
    <T, I>(name: ActorName) =>
    ({ input }: { input: I }) => {
      const d = deferred<unknown>();
      calls[name].push({ input, d });
      return d.promise as Promise<T>;
    };
  const machine = checkoutMachine.provide({
    actors: {
      fetchProfile: fromPromise<ClientProfile, void>(fake('fetchProfile')),
      fetchOrderDetails: fromPromise<CheckoutOrderDetails, { orderId: string }>(fake('fetchOrderDetails')),
      fetchDeliveryDetails: fromPromise<PickupLocation[], void>(fake('fetchDeliveryDetails')),
      fetchShippingCost: fromPromise<number, { pinCode: string; countryCode: string }>(
        fake('fetchShippingCost'),
      ),
      lookupLocation: fromPromise<PostOffice | undefined, { pinCode: string }>(fake('lookupLocation')),
      // The tests answer with the price view; a coupon refusal is answered whole ({ view, couponError }).
      fetchPriceEstimate: fromPromise(async (args: { input: EstimateRequest }) => {
        const answer = (await fake<unknown, EstimateRequest>('fetchPriceEstimate')(args)) as object;
        return 'view' in answer
          ? (answer as { view: PriceView; couponError: unknown })
          : {
              view: answer as PriceView,
              couponError: null,
            };
      }),
      checkCode: codeCheck(async (request) => ({
        view: (await fake<PriceView, EstimateRequest>('checkCode')({ input: request })) as PriceView,
        couponError: null,
      })),
      fetchStateNames: fromPromise<StateNameOf, { countries: string[] }>(fake('fetchStateNames')),
      // The payment answered as a whole (its own table is paymentMachine.test.ts): same input, same output.
      payment: fromPromise<PaymentOutput, PaymentInput>(fake('payment')) as unknown as typeof checkoutPayment,
      reconcileOrder: orderReconciliation((orderId) =>
        fake<Reconciliation, { orderId: string }>('reconcileOrder')({ input: { orderId } }),
      ),
    },
  });
  const actor = createActor(machine, { input: { ...baseInput, ...overrides } });
  const emitted: LocationFoundEmitted[] = [];
  actor.on('locationFound', (event) => emitted.push(event));
  actor.start();
  const last = (name: ActorName) => {
    const call = calls[name].at(-1);
    if (!call) throw new Error(`${name} was not called`);
    return call;
  };
  return {
    actor,
    calls,
    emitted,
    send: (event: CheckoutEvent) => actor.send(event),
    snapshot: () => actor.getSnapshot(),
    async resolve(name: ActorName, value: unknown) {
      last(name).d.resolve(value);
      await flush();
    },
    async reject(name: ActorName, error: unknown = new Error('offline')) {
      last(name).d.reject(error);
      await flush();
    },
  };
}
type Harness = ReturnType<typeof harness>;

/* Ways to reach each state the table starts from. */
const reach = {
  fetchingProfile: async (input: Partial<CheckoutInput> = {}) => harness(input),
  fetchingProfileFailed: async () => {
    const h = harness();
    await h.reject('fetchProfile');
    return h;
  },
  fetchingOrderDetails: async (input: Partial<CheckoutInput> = {}) => {
    const h = harness({ storedOrderId: 'ord-1', ...input });
    await h.resolve('fetchProfile', profile);
    return h;
  },
  shippingEdit: async (valid: boolean, input: Partial<CheckoutInput> = {}) => {
    const h = harness(input);
    await h.resolve('fetchProfile', profile);
    if (valid) h.send({ type: 'VALID' });
    return h;
  },
  deliveryEdit: async (valid: boolean, input: Partial<CheckoutInput> = {}) => {
    const h = harness({ isShippingRequired: false, ...input });
    await h.resolve('fetchProfile', profile);
    if (valid) h.send({ type: 'VALID' });
    return h;
  },
  fetchingShippingCost: async (input: Partial<CheckoutInput> = {}) => {
    const h = await reach.shippingEdit(true, input);
    h.send({ type: 'APPLY_PIN_CODE', pinCode: '560001' });
    return h;
  },
  fetchingShippingCostFailed: async () => {
    const h = await reach.fetchingShippingCost();
    await h.reject('fetchShippingCost');
    return h;
  },
  fetchingLocation: async (input: Partial<CheckoutInput> = {}) => {
    const h = await reach.deliveryEdit(true, input);
    h.send({ type: 'APPLY_PIN_CODE', pinCode: '560001' });
    return h;
  },
  fetchingLocationFailed: async () => {
    const h = await reach.fetchingLocation();
    await h.resolve('lookupLocation', undefined);
    return h;
  },
  fetchingPriceEstimate: async (input: Partial<CheckoutInput> = {}) => {
    const h = await reach.fetchingShippingCost(input);
    await h.resolve('fetchShippingCost', 9_900);
    return h;
  },
  fetchingPriceEstimateFailed: async () => {
    const h = await reach.fetchingPriceEstimate();
    await h.reject('fetchPriceEstimate');
    return h;
  },
  readyToPurchase: async (input: Partial<CheckoutInput> = {}) => {
    const h = await reach.fetchingPriceEstimate(input);
    await h.resolve('fetchPriceEstimate', estimate);
    return h;
  },
  /** Priced, with the buyer's draft the order is built from. */
  readyToPay: async () => {
    const h = await reach.readyToPurchase();
    h.send({ type: 'FORM_CHANGED', values: draft(), valid: true });
    return h;
  },
  /** Ready to pay for a stored order still open. */
  readyWithStoredOrder: async () => {
    const h = await reach.fetchingOrderDetails();
    await h.resolve('fetchOrderDetails', order({ pinCode: '560001' }));
    await h.resolve('fetchPriceEstimate', estimate);
    h.send({ type: 'FORM_CHANGED', values: draft(), valid: true });
    return h;
  },
  orderInProgress: async () => {
    const h = await reach.readyWithStoredOrder();
    h.send(proceed());
    return h;
  },
  proceedingToPay: async () => {
    const h = await reach.readyToPay();
    h.send(proceed());
    return h;
  },
  paying: async () => {
    const h = await reach.proceedingToPay();
    await h.resolve('fetchStateNames', (_country: string, state: string) => `name of ${state}`);
    return h;
  },
};

const proceed = (): CheckoutEvent => ({ type: 'PROCEED_TO_PAY' });

const backToEstimate = (
  over: Partial<Extract<PaymentOutput, { kind: 'backToEstimate' }>> = {},
): PaymentOutput => ({
  kind: 'backToEstimate',
  orderId: null,
  priorOrderCancelled: false,
  error: null,
  createError: null,
  unsettledAttempt: null,
  ...over,
});

/** The e-mail's verification, a child of the checkout from the profile on. */
const email = (h: Harness) => {
  const child = h.snapshot().context.email;
  if (!child) throw new Error('no e-mail verification yet');
  return child;
};

interface Row {
  /** The state node the transition leaves, as a path ('shippingEdit.form.valid'). */
  from: string;
  /** The event, or 'done' / 'error' for an invoked call's answer, or 'always' for an eventless transition. */
  event: string;
  /** What the row does, for the test's name. */
  what: string;
  start: () => Promise<Harness>;
  act?: (h: Harness) => Promise<void> | void;
  to: StateValue;
  check?: (h: Harness) => void;
}

const rows: Row[] = [
  // Step 1: the profile.
  {
    from: 'fetchingProfile',
    event: 'done',
    what: 'profile loaded with an order id stored',
    start: () => reach.fetchingProfile({ storedOrderId: 'ord-1' }),
    act: (h) => h.resolve('fetchProfile', profile),
    to: 'fetchingOrderDetails',
    check: (h) => expect(h.calls.fetchOrderDetails[0]?.input).toEqual({ orderId: 'ord-1' }),
  },
  {
    from: 'fetchingProfile',
    event: 'error',
    what: 'profile failed',
    start: () => reach.fetchingProfile(),
    act: (h) => h.reject('fetchProfile'),
    to: 'fetchingProfileFailed',
  },
  {
    from: 'fetchingProfileFailed',
    event: 'RETRY',
    what: 'retry the profile',
    start: reach.fetchingProfileFailed,
    act: (h) => h.send({ type: 'RETRY' }),
    to: 'fetchingProfile',
    check: (h) => expect(h.calls.fetchProfile).toHaveLength(2),
  },
  {
    from: 'fetchingProfile',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'a country chosen while the profile loads is the one routed by',
    start: () => reach.fetchingProfile(),
    act: async (h) => {
      h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'US' });
      await h.resolve('fetchProfile', profile);
    },
    to: { shippingEdit: { form: 'invalid', deliveryDetails: 'idle' } },
    check: (h) => expect(h.snapshot().context.countryCode).toBe('US'),
  },
  {
    from: 'fetchingProfileFailed',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'a country chosen after the profile failed is kept for the retry',
    start: reach.fetchingProfileFailed,
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'GB' }),
    to: 'fetchingProfileFailed',
    check: (h) => expect(h.snapshot().context.countryCode).toBe('GB'),
  },
  {
    from: 'fetchingOrderDetails',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'a country chosen while the stored order loads is kept',
    start: () => reach.fetchingOrderDetails(),
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'AU' }),
    to: 'fetchingOrderDetails',
    check: (h) => expect(h.snapshot().context.countryCode).toBe('AU'),
  },
  // Step 2: after the profile, in the spec's order.
  {
    from: 'routing',
    event: 'always',
    what: 'no order id, shipping required → shipping edit',
    start: () => reach.fetchingProfile(),
    act: (h) => h.resolve('fetchProfile', profile),
    to: { shippingEdit: { form: 'invalid', deliveryDetails: 'idle' } },
  },
  {
    from: 'routing',
    event: 'always',
    what: 'no order id, nothing to ship, India → delivery edit',
    start: () => reach.fetchingProfile({ isShippingRequired: false }),
    act: (h) => h.resolve('fetchProfile', profile),
    to: { deliveryEdit: { form: 'invalid' } },
  },
  {
    from: 'routing',
    event: 'always',
    what: 'shipping required but collected (a self pickup draft) → delivery edit',
    start: () => reach.fetchingProfile({ selfPickupEnabled: true, deliveryOption: 'SELF_PICKUP' }),
    act: (h) => h.resolve('fetchProfile', profile),
    to: { deliveryEdit: { form: 'invalid', deliveryDetails: 'fetching' } },
  },
  {
    from: 'routing',
    event: 'always',
    what: 'no order id, nothing to ship, abroad → price estimate',
    start: () => reach.fetchingProfile({ isShippingRequired: false, countryCode: 'US' }),
    act: (h) => h.resolve('fetchProfile', profile),
    to: 'fetchingPriceEstimate',
    check: (h) =>
      expect(h.calls.fetchPriceEstimate.at(-1)?.input).toEqual({
        inputs: {
          packages: baseInput.packages,
          couponCode: null,
          associateCode: null,
          countryName: 'US',
          stateName: '',
          shippingPinCode: '',
          deliveryOption: 'SHIPPING_SERVICE',
        },
        retryWithoutCoupon: true,
      }),
  },
  // Step 11: every quantity zero: no call, the previous estimate stands.
  {
    from: 'priceEstimate',
    event: 'always',
    what: 'every product quantity zero → skipped, previous estimate kept',
    start: () =>
      reach.fetchingProfile({
        isShippingRequired: false,
        countryCode: 'US',
        packages: [...noQuantities, { packageId: 2, products: [{ productId: 21, quantity: 0 }] }],
        previousEstimate: estimate,
      }),
    act: (h) => h.resolve('fetchProfile', profile),
    to: 'readyToPurchase',
    check: (h) => {
      expect(h.calls.fetchPriceEstimate).toHaveLength(0);
      expect(h.snapshot().context.estimate).toEqual(estimate);
    },
  },
  // Step 3: the order details.
  {
    from: 'fetchingOrderDetails',
    event: 'done',
    what: 'order with a valid pincode → ready to pay, once priced',
    start: () => reach.fetchingOrderDetails(),
    act: async (h) => {
      await h.resolve('fetchOrderDetails', order({ pinCode: '560001' }));
      expect(h.snapshot().value).toBe('fetchingPriceEstimate');
      await h.resolve('fetchPriceEstimate', estimate);
    },
    to: 'readyToPurchase',
    check: (h) => {
      expect(h.snapshot().context.pinCode).toBe('560001');
      expect(h.snapshot().context.estimate).toEqual(estimate);
    },
  },
  {
    from: 'fetchingOrderDetails',
    event: 'done',
    what: 'self-pickup order → India delivery edit',
    start: () => reach.fetchingOrderDetails({ selfPickupEnabled: true }),
    act: (h) => h.resolve('fetchOrderDetails', order({ shippingThrough: 'SELF_PICKUP' })),
    to: { deliveryEdit: { form: 'invalid' } },
    check: (h) => expect(h.snapshot().context.deliveryOption).toBe('SELF_PICKUP'),
  },
  {
    from: 'fetchingOrderDetails',
    event: 'done',
    what: 'order with a bad pincode, shipping required → shipping edit',
    start: () => reach.fetchingOrderDetails(),
    act: (h) => h.resolve('fetchOrderDetails', order({ pinCode: '5600' })),
    to: { shippingEdit: { form: 'invalid' } },
  },
  {
    from: 'fetchingOrderDetails',
    event: 'done',
    what: 'order without a pincode, India, nothing to ship → delivery edit',
    start: () => reach.fetchingOrderDetails({ isShippingRequired: false }),
    act: (h) => h.resolve('fetchOrderDetails', order()),
    to: { deliveryEdit: { form: 'invalid' } },
  },
  {
    from: 'fetchingOrderDetails',
    event: 'done',
    what: 'order without a pincode, abroad, nothing to ship → price estimate',
    start: () => reach.fetchingOrderDetails({ isShippingRequired: false, countryCode: 'GB' }),
    act: (h) => h.resolve('fetchOrderDetails', order({ countryCode: 'GB' })),
    to: 'fetchingPriceEstimate',
  },
  {
    from: 'fetchingOrderDetails',
    event: 'error',
    what: 'order details failed → the profile choice (shipping edit)',
    start: () => reach.fetchingOrderDetails(),
    act: (h) => h.reject('fetchOrderDetails'),
    to: { shippingEdit: { form: 'invalid' } },
  },
  {
    from: 'fetchingOrderDetailsFailed',
    event: 'always',
    what: 'order details failed, India, nothing to ship → delivery edit',
    start: () => reach.fetchingOrderDetails({ isShippingRequired: false }),
    act: (h) => h.reject('fetchOrderDetails'),
    to: { deliveryEdit: { form: 'invalid' } },
  },
  // Step 4: shipping edit.
  {
    from: 'shippingEdit.form.invalid',
    event: 'VALID',
    what: 'the form became valid',
    start: () => reach.shippingEdit(false),
    act: (h) => h.send({ type: 'VALID' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  {
    from: 'shippingEdit.form.valid',
    event: 'INVALID',
    what: 'the form became invalid',
    start: () => reach.shippingEdit(true),
    act: (h) => h.send({ type: 'INVALID' }),
    to: { shippingEdit: { form: 'invalid' } },
  },
  {
    from: 'shippingEdit.form.invalid',
    event: 'APPLY_PIN_CODE',
    what: 'a pincode applied on an invalid form is ignored',
    start: () => reach.shippingEdit(false),
    act: (h) => h.send({ type: 'APPLY_PIN_CODE', pinCode: '560001' }),
    to: { shippingEdit: { form: 'invalid' } },
    check: (h) => expect(h.calls.fetchShippingCost).toHaveLength(0),
  },
  {
    from: 'shippingEdit.form.valid',
    event: 'APPLY_PIN_CODE',
    what: 'a 4-digit Indian pincode is not looked up',
    start: () => reach.shippingEdit(true),
    act: (h) => h.send({ type: 'APPLY_PIN_CODE', pinCode: '5600' }),
    to: { shippingEdit: { form: 'valid' } },
    check: (h) => expect(h.calls.fetchShippingCost).toHaveLength(0),
  },
  {
    from: 'shippingEdit.form.valid',
    event: 'APPLY_PIN_CODE',
    what: 'a valid pincode → shipping-cost fetch',
    start: () => reach.shippingEdit(true),
    act: (h) => h.send({ type: 'APPLY_PIN_CODE', pinCode: ' 560001 ' }),
    to: 'fetchingShippingCost',
    check: (h) =>
      expect(h.calls.fetchShippingCost[0]?.input).toEqual({ pinCode: '560001', countryCode: 'IN' }),
  },
  {
    from: 'shippingEdit.form.invalid',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'the country changes in the invalid sub-state',
    start: () => reach.shippingEdit(false),
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'AU' }),
    to: { shippingEdit: { form: 'invalid' } },
    check: (h) => expect(h.snapshot().context.countryCode).toBe('AU'),
  },
  {
    from: 'shippingEdit.form.valid',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'the country changes in the valid sub-state; a postal code abroad needs only a value',
    start: () => reach.shippingEdit(true),
    act: (h) => {
      h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'GB' });
      expect(h.snapshot().matches({ shippingEdit: { form: 'valid' } })).toBe(true);
      h.send({ type: 'APPLY_PIN_CODE', pinCode: 'SW1A 1AA' });
    },
    to: 'fetchingShippingCost',
    check: (h) =>
      expect(h.calls.fetchShippingCost[0]?.input).toEqual({ pinCode: 'SW1A 1AA', countryCode: 'GB' }),
  },
  {
    from: 'shippingEdit',
    event: 'UPDATE_STATE',
    what: 'the state is kept while editing',
    start: () => reach.shippingEdit(true),
    act: (h) => h.send({ type: 'UPDATE_STATE', stateNameEnum: 'KARNATAKA' }),
    to: { shippingEdit: { form: 'valid' } },
    check: (h) => expect(h.snapshot().context.stateNameEnum).toBe('KARNATAKA'),
  },
  {
    from: 'shippingEdit',
    event: 'UPDATE_DELIVERY_OPTION',
    what: 'self pickup chosen → India delivery edit, validity kept',
    start: () => reach.shippingEdit(true, { selfPickupEnabled: true }),
    act: (h) => h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SELF_PICKUP' }),
    to: { deliveryEdit: { form: 'valid' } },
  },
  {
    from: 'shippingEdit',
    event: 'UPDATE_DELIVERY_OPTION',
    what: 'delivery chosen again stays in shipping edit',
    start: () => reach.shippingEdit(true),
    act: (h) => h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SHIPPING_SERVICE' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  // Step 4: the pickup locations, beside the editing.
  {
    from: 'shippingEdit.deliveryDetails.idle',
    event: 'always',
    what: 'self pickup on → pickup locations fetched',
    start: () => reach.fetchingProfile({ selfPickupEnabled: true }),
    act: (h) => h.resolve('fetchProfile', profile),
    to: { shippingEdit: { form: 'invalid', deliveryDetails: 'fetching' } },
  },
  {
    from: 'shippingEdit.deliveryDetails.fetching',
    event: 'done',
    what: 'pickup locations fetched',
    start: () => reach.shippingEdit(false, { selfPickupEnabled: true }),
    act: (h) => h.resolve('fetchDeliveryDetails', [pickup]),
    to: { shippingEdit: { form: 'invalid', deliveryDetails: 'idle' } },
    check: (h) => expect(h.snapshot().context.pickupLocations).toEqual([pickup]),
  },
  {
    from: 'shippingEdit.deliveryDetails.fetching',
    event: 'error',
    what: 'pickup locations failed',
    start: () => reach.shippingEdit(true, { selfPickupEnabled: true }),
    act: (h) => h.reject('fetchDeliveryDetails'),
    to: { shippingEdit: { form: 'valid', deliveryDetails: 'failed' } },
  },
  {
    from: 'shippingEdit.deliveryDetails.failed',
    event: 'RETRY',
    what: 'pickup locations retried',
    start: async () => {
      const h = await reach.shippingEdit(true, { selfPickupEnabled: true });
      await h.reject('fetchDeliveryDetails');
      return h;
    },
    act: (h) => h.send({ type: 'RETRY' }),
    to: { shippingEdit: { form: 'valid', deliveryDetails: 'fetching' } },
    check: (h) => expect(h.calls.fetchDeliveryDetails).toHaveLength(2),
  },
  {
    from: 'deliveryEdit.deliveryDetails.idle',
    event: 'always',
    what: 'pickup locations already known are not fetched again',
    start: async () => {
      const h = await reach.shippingEdit(true, { selfPickupEnabled: true });
      await h.resolve('fetchDeliveryDetails', [pickup]);
      return h;
    },
    act: (h) => h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SELF_PICKUP' }),
    to: { deliveryEdit: { form: 'valid', deliveryDetails: 'idle' } },
    check: (h) => expect(h.calls.fetchDeliveryDetails).toHaveLength(1),
  },
  {
    from: 'deliveryEdit.deliveryDetails.fetching',
    event: 'done',
    what: 'pickup locations fetched in delivery edit',
    start: () => reach.deliveryEdit(false, { selfPickupEnabled: true }),
    act: (h) => h.resolve('fetchDeliveryDetails', [pickup]),
    to: { deliveryEdit: { form: 'invalid', deliveryDetails: 'idle' } },
  },
  {
    from: 'deliveryEdit.deliveryDetails.fetching',
    event: 'error',
    what: 'pickup locations failed in delivery edit',
    start: () => reach.deliveryEdit(false, { selfPickupEnabled: true }),
    act: (h) => h.reject('fetchDeliveryDetails'),
    to: { deliveryEdit: { form: 'invalid', deliveryDetails: 'failed' } },
  },
  {
    from: 'deliveryEdit.deliveryDetails.failed',
    event: 'RETRY',
    what: 'pickup locations retried in delivery edit',
    start: async () => {
      const h = await reach.deliveryEdit(false, { selfPickupEnabled: true });
      await h.reject('fetchDeliveryDetails');
      return h;
    },
    act: (h) => h.send({ type: 'RETRY' }),
    to: { deliveryEdit: { form: 'invalid', deliveryDetails: 'fetching' } },
  },
  // Step 4: delivery edit.
  {
    from: 'deliveryEdit.form.invalid',
    event: 'VALID',
    what: 'the form became valid',
    start: () => reach.deliveryEdit(false),
    act: (h) => h.send({ type: 'VALID' }),
    to: { deliveryEdit: { form: 'valid' } },
  },
  {
    from: 'deliveryEdit.form.valid',
    event: 'INVALID',
    what: 'the form became invalid',
    start: () => reach.deliveryEdit(true),
    act: (h) => h.send({ type: 'INVALID' }),
    to: { deliveryEdit: { form: 'invalid' } },
  },
  {
    from: 'deliveryEdit.form.valid',
    event: 'APPLY_PIN_CODE',
    what: 'a valid pincode → location auto-fill',
    start: () => reach.deliveryEdit(true),
    act: (h) => h.send({ type: 'APPLY_PIN_CODE', pinCode: '560001' }),
    to: 'fetchingLocation',
    check: (h) => expect(h.calls.lookupLocation[0]?.input).toEqual({ pinCode: '560001' }),
  },
  {
    from: 'deliveryEdit.form.invalid',
    event: 'always',
    what: 'an edit state re-entered with a valid form starts valid',
    start: () => reach.fetchingLocation(),
    act: (h) => h.send({ type: 'CLEAR' }),
    to: { deliveryEdit: { form: 'valid' } },
  },
  {
    from: 'deliveryEdit',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'India again stays in delivery edit',
    start: () => reach.deliveryEdit(true),
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'IN' }),
    to: { deliveryEdit: { form: 'valid' } },
  },
  {
    from: 'deliveryEdit',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'abroad with nothing to ship → price estimate',
    start: () => reach.deliveryEdit(false),
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'US' }),
    to: 'fetchingPriceEstimate',
  },
  {
    from: 'deliveryEdit',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'abroad while collecting a shipped order → shipping edit (no pickup abroad)',
    start: async () => {
      const h = await reach.shippingEdit(true, { selfPickupEnabled: true });
      h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SELF_PICKUP' });
      return h;
    },
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'CA' }),
    to: { shippingEdit: { form: 'valid' } },
    check: (h) => expect(h.snapshot().context.deliveryOption).toBe('SHIPPING_SERVICE'),
  },
  {
    from: 'deliveryEdit',
    event: 'UPDATE_STATE',
    what: 'the state is kept while editing',
    start: () => reach.deliveryEdit(false),
    act: (h) => h.send({ type: 'UPDATE_STATE', stateNameEnum: 'GOA' }),
    to: { deliveryEdit: { form: 'invalid' } },
    check: (h) => expect(h.snapshot().context.stateNameEnum).toBe('GOA'),
  },
  {
    from: 'deliveryEdit',
    event: 'UPDATE_DELIVERY_OPTION',
    what: 'delivery chosen for a shipped order → shipping edit',
    start: async () => {
      const h = await reach.shippingEdit(true, { selfPickupEnabled: true });
      h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SELF_PICKUP' });
      return h;
    },
    act: (h) => h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SHIPPING_SERVICE' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  {
    from: 'deliveryEdit',
    event: 'UPDATE_DELIVERY_OPTION',
    what: 'delivery chosen with nothing to ship stays in delivery edit',
    start: () => reach.deliveryEdit(true, { selfPickupEnabled: true }),
    act: (h) => h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SHIPPING_SERVICE' }),
    to: { deliveryEdit: { form: 'valid' } },
  },
  // Step 5: the shipping cost.
  {
    from: 'fetchingShippingCost',
    event: 'done',
    what: 'shipping cost fetched → price estimate with it',
    start: () => reach.fetchingShippingCost(),
    act: (h) => h.resolve('fetchShippingCost', 9_900),
    to: 'fetchingPriceEstimate',
    check: (h) =>
      expect(h.calls.fetchPriceEstimate.at(-1)?.input).toMatchObject({
        inputs: { shippingPinCode: '560001' },
      }),
  },
  {
    from: 'fetchingShippingCost',
    event: 'error',
    what: 'shipping cost failed',
    start: () => reach.fetchingShippingCost(),
    act: (h) => h.reject('fetchShippingCost'),
    to: 'fetchingShippingCostFailed',
  },
  {
    from: 'fetchingShippingCost',
    event: 'CLEAR',
    what: 'cleared while fetching → editing, answer ignored',
    start: () => reach.fetchingShippingCost(),
    act: async (h) => {
      h.send({ type: 'CLEAR' });
      await h.resolve('fetchShippingCost', 9_900);
    },
    to: { shippingEdit: { form: 'valid' } },
    check: (h) => expect(h.snapshot().context.shippingCharges).toBeNull(),
  },
  {
    from: 'fetchingShippingCost',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'the country changes while fetching → editing again',
    start: () => reach.fetchingShippingCost(),
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'US' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  {
    from: 'fetchingShippingCostFailed',
    event: 'RETRY',
    what: 'shipping cost retried',
    start: reach.fetchingShippingCostFailed,
    act: (h) => h.send({ type: 'RETRY' }),
    to: 'fetchingShippingCost',
    check: (h) => expect(h.calls.fetchShippingCost).toHaveLength(2),
  },
  {
    from: 'shippingEdit.form.invalid',
    event: 'always',
    what: 'shipping edit re-entered with a valid form starts valid',
    start: reach.fetchingShippingCostFailed,
    act: (h) => h.send({ type: 'CLEAR' }),
    to: { shippingEdit: { form: 'valid', deliveryDetails: 'idle' } },
  },
  {
    from: 'fetchingShippingCostFailed',
    event: 'CLEAR',
    what: 'cleared after a failure → editing',
    start: reach.fetchingShippingCostFailed,
    act: (h) => h.send({ type: 'CLEAR' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  {
    from: 'fetchingShippingCostFailed',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'the country changes after a failure → editing',
    start: reach.fetchingShippingCostFailed,
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'AU' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  // Step 4 and 14: the location auto-fill.
  {
    from: 'fetchingLocation',
    event: 'done',
    what: 'an office found → auto-fill and price estimate',
    start: () => reach.fetchingLocation(),
    act: (h) => h.resolve('lookupLocation', office),
    to: 'fetchingPriceEstimate',
    check: (h) => {
      expect(h.emitted).toEqual([{ type: 'locationFound', postOffice: office }]);
      expect(h.snapshot().context.postOffice).toEqual(office);
    },
  },
  {
    from: 'fetchingLocation',
    event: 'done',
    what: 'no office and no state → waits in the failure state',
    start: () => reach.fetchingLocation(),
    act: (h) => h.resolve('lookupLocation', undefined),
    to: 'fetchingLocationFailed',
    check: (h) => expect(h.emitted).toEqual([]),
  },
  {
    from: 'fetchingLocationFailed',
    event: 'always',
    what: 'no office but a state chosen → the failure is silent',
    start: () => reach.fetchingLocation({ stateNameEnum: 'KARNATAKA' }),
    act: (h) => h.resolve('lookupLocation', undefined),
    to: 'fetchingPriceEstimate',
  },
  {
    from: 'fetchingLocation',
    event: 'error',
    what: 'lookup failed',
    start: () => reach.fetchingLocation(),
    act: (h) => h.reject('lookupLocation'),
    to: 'fetchingLocationFailed',
  },
  {
    from: 'fetchingLocation',
    event: 'CLEAR',
    what: 'cleared while looking up',
    start: () => reach.fetchingLocation(),
    act: (h) => h.send({ type: 'CLEAR' }),
    to: { deliveryEdit: { form: 'valid' } },
  },
  {
    from: 'fetchingLocation',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'abroad while looking up → price estimate',
    start: () => reach.fetchingLocation(),
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'US' }),
    to: 'fetchingPriceEstimate',
  },
  {
    from: 'fetchingLocationFailed',
    event: 'RETRY',
    what: 'lookup retried',
    start: reach.fetchingLocationFailed,
    act: (h) => h.send({ type: 'RETRY' }),
    to: 'fetchingLocation',
  },
  {
    from: 'fetchingLocationFailed',
    event: 'CLEAR',
    what: 'cleared after the lookup failed',
    start: reach.fetchingLocationFailed,
    act: (h) => h.send({ type: 'CLEAR' }),
    to: { deliveryEdit: { form: 'valid' } },
  },
  {
    from: 'fetchingLocationFailed',
    event: 'UPDATE_STATE',
    what: 'the state picked by hand → price estimate',
    start: reach.fetchingLocationFailed,
    act: (h) => h.send({ type: 'UPDATE_STATE', stateNameEnum: 'KERALA' }),
    to: 'fetchingPriceEstimate',
    check: (h) =>
      expect(h.calls.fetchPriceEstimate.at(-1)?.input).toMatchObject({ inputs: { stateName: 'KERALA' } }),
  },
  {
    from: 'fetchingLocationFailed',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'abroad after the lookup failed → price estimate',
    start: reach.fetchingLocationFailed,
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'GB' }),
    to: 'fetchingPriceEstimate',
  },
  // Price estimate, steps 11, 12 and 14.
  {
    from: 'fetchingPriceEstimate',
    event: 'done',
    what: 'estimate received → ready to purchase',
    start: () => reach.fetchingPriceEstimate(),
    act: (h) => h.resolve('fetchPriceEstimate', estimate),
    to: 'readyToPurchase',
    check: (h) => expect(h.snapshot().context.estimate).toEqual(estimate),
  },
  {
    from: 'fetchingPriceEstimate',
    event: 'error',
    what: 'estimate failed',
    start: () => reach.fetchingPriceEstimate(),
    act: (h) => h.reject('fetchPriceEstimate'),
    to: 'fetchingPriceEstimateFailed',
  },
  {
    from: 'fetchingPriceEstimate',
    event: 'REFRESH_ESTIMATE',
    what: 'new inputs while fetching → a new call; the old answer is dropped',
    start: () => reach.fetchingPriceEstimate(),
    act: async (h) => {
      const asked = h.calls.fetchPriceEstimate.length;
      const first = h.calls.fetchPriceEstimate.at(-1);
      h.send({ type: 'REFRESH_ESTIMATE' });
      expect(h.calls.fetchPriceEstimate).toHaveLength(asked + 1);
      first?.d.resolve({ ...estimate, totalPrice: 1 });
      await Promise.resolve();
    },
    to: 'fetchingPriceEstimate',
    check: (h) => expect(h.snapshot().context.estimate.totalPrice).not.toBe(1),
  },
  {
    from: 'fetchingPriceEstimate',
    event: 'REFRESH_ESTIMATE',
    what: 'the packages emptied while fetching → skipped',
    start: () => reach.fetchingPriceEstimate(),
    act: (h) => h.send({ type: 'CART_CHANGED', packages: noQuantities, variant: 'default' }),
    to: 'readyToPurchase',
    check: (h) => expect(h.snapshot().context.estimate).toEqual(emptyPriceView()),
  },
  {
    from: 'fetchingPriceEstimate',
    event: 'UPDATE_STATE',
    what: 'the state changes → estimate refreshed (step 12)',
    start: () => reach.fetchingPriceEstimate(),
    act: (h) => h.send({ type: 'UPDATE_STATE', stateNameEnum: 'MAHARASHTRA' }),
    to: 'fetchingPriceEstimate',
    check: (h) =>
      expect(h.calls.fetchPriceEstimate.at(-1)?.input).toMatchObject({
        inputs: { stateName: 'MAHARASHTRA' },
      }),
  },
  {
    from: 'fetchingPriceEstimate',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'the country changes → the route is chosen again',
    start: () => reach.fetchingPriceEstimate(),
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'US' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  {
    from: 'fetchingPriceEstimate',
    event: 'UPDATE_DELIVERY_OPTION',
    what: 'self pickup chosen → estimate refreshed',
    start: () => reach.fetchingPriceEstimate({ selfPickupEnabled: true }),
    act: (h) => h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SELF_PICKUP' }),
    to: 'fetchingPriceEstimate',
    check: (h) =>
      expect(h.calls.fetchPriceEstimate.at(-1)?.input).toMatchObject({
        inputs: { deliveryOption: 'SELF_PICKUP' },
      }),
  },
  {
    from: 'fetchingPriceEstimate',
    event: 'UPDATE_DELIVERY_OPTION',
    what: 'delivery chosen for a shipped order → shipping edit',
    start: () => reach.fetchingPriceEstimate(),
    act: (h) => h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SHIPPING_SERVICE' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  {
    from: 'fetchingPriceEstimate',
    event: 'CLEAR',
    what: 'cleared while fetching → editing',
    start: () => reach.fetchingPriceEstimate(),
    act: (h) => h.send({ type: 'CLEAR' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  {
    from: 'fetchingPriceEstimateFailed',
    event: 'RETRY',
    what: 'estimate retried',
    start: reach.fetchingPriceEstimateFailed,
    act: (h) => {
      const asked = h.calls.fetchPriceEstimate.length;
      h.send({ type: 'RETRY' });
      expect(h.calls.fetchPriceEstimate).toHaveLength(asked + 1);
    },
    to: 'fetchingPriceEstimate',
  },
  {
    from: 'fetchingPriceEstimateFailed',
    event: 'REFRESH_ESTIMATE',
    what: 'back online after a failure → estimate again',
    start: reach.fetchingPriceEstimateFailed,
    act: (h) => h.send({ type: 'REFRESH_ESTIMATE' }),
    to: 'fetchingPriceEstimate',
  },
  {
    from: 'fetchingPriceEstimateFailed',
    event: 'UPDATE_STATE',
    what: 'the state changes after a failure → estimate again',
    start: reach.fetchingPriceEstimateFailed,
    act: (h) => h.send({ type: 'UPDATE_STATE', stateNameEnum: 'GOA' }),
    to: 'fetchingPriceEstimate',
  },
  {
    from: 'fetchingPriceEstimateFailed',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'the country changes after a failure → route chosen again',
    start: reach.fetchingPriceEstimateFailed,
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'GB' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  {
    from: 'fetchingPriceEstimateFailed',
    event: 'UPDATE_DELIVERY_OPTION',
    what: 'the delivery option changes after a failure',
    start: reach.fetchingPriceEstimateFailed,
    act: (h) => h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SELF_PICKUP' }),
    to: 'fetchingPriceEstimate',
  },
  {
    from: 'fetchingPriceEstimateFailed',
    event: 'UPDATE_DELIVERY_OPTION',
    what: 'delivery chosen after a failure → shipping edit',
    start: reach.fetchingPriceEstimateFailed,
    act: (h) => h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SHIPPING_SERVICE' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  {
    from: 'fetchingPriceEstimateFailed',
    event: 'CLEAR',
    what: 'cleared after a failure → editing',
    start: reach.fetchingPriceEstimateFailed,
    act: (h) => h.send({ type: 'CLEAR' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  // Step 6 and 15: ready to purchase.
  {
    from: 'readyToPurchase',
    event: 'PROCEED_TO_PAY',
    what: 'the profile e-mail, already verified and unchanged, no order id → the payment, its states named',
    start: () => reach.readyToPay(),
    act: (h) => h.send(proceed()),
    to: 'proceedingToPay',
    check: (h) => expect(h.calls.fetchStateNames.at(-1)?.input).toEqual({ countries: ['IN', 'IN'] }),
  },
  {
    from: 'readyToPurchase',
    event: 'PROCEED_TO_PAY',
    what: 'a new e-mail the buyer verified → the payment',
    start: async () => {
      const h = await reach.readyToPay();
      email(h).send({ type: 'EMAIL_VERIFIED', email: 'new@example.in' });
      return h;
    },
    act: (h) => h.send(proceed()),
    to: 'proceedingToPay',
  },
  {
    from: 'readyToPurchase',
    event: 'PROCEED_TO_PAY',
    what: 'a changed, unverified e-mail → stays',
    start: async () => {
      const h = await reach.readyToPay();
      email(h).send({ type: 'UPDATE', email: 'new@example.in' });
      return h;
    },
    act: (h) => h.send(proceed()),
    to: 'readyToPurchase',
  },
  {
    from: 'readyToPurchase',
    event: 'PROCEED_TO_PAY',
    what: 'the terms not accepted (no draft to order from) → stays',
    start: async () => {
      const h = await reach.readyToPay();
      h.send({ type: 'FORM_CHANGED', values: draft({ tAndC: false }), valid: true });
      return h;
    },
    act: (h) => h.send(proceed()),
    to: 'readyToPurchase',
    check: (h) => expect(h.calls.fetchStateNames).toHaveLength(0),
  },
  {
    from: 'readyToPurchase',
    event: 'PROCEED_TO_PAY',
    what: 'an order id stored → the "in progress" choice',
    start: reach.readyWithStoredOrder,
    act: (h) => h.send(proceed()),
    to: 'orderInProgress',
  },
  {
    from: 'readyToPurchase',
    event: 'CLEAR',
    what: 'shipping required → shipping edit',
    start: () => reach.readyToPurchase(),
    act: (h) => h.send({ type: 'CLEAR' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  {
    from: 'readyToPurchase',
    event: 'CLEAR',
    what: 'India with nothing to ship → delivery edit',
    start: async () => {
      const h = await reach.fetchingLocation();
      await h.resolve('lookupLocation', office);
      await h.resolve('fetchPriceEstimate', { ...estimate, isShippingRequired: false });
      return h;
    },
    act: (h) => h.send({ type: 'CLEAR' }),
    to: { deliveryEdit: { form: 'valid' } },
  },
  {
    from: 'readyToPurchase',
    event: 'CLEAR',
    what: 'abroad with nothing to ship → stays',
    start: async () => {
      const h = await reach.fetchingProfile({ isShippingRequired: false, countryCode: 'US' });
      await h.resolve('fetchProfile', profile);
      await h.resolve('fetchPriceEstimate', { ...estimate, isShippingRequired: false });
      return h;
    },
    act: (h) => h.send({ type: 'CLEAR' }),
    to: 'readyToPurchase',
  },
  {
    from: 'readyToPurchase',
    event: 'REFRESH_ESTIMATE',
    what: 'a code applied → estimate again',
    start: () => reach.readyToPurchase(),
    act: (h) => h.send({ type: 'REFRESH_ESTIMATE' }),
    to: 'fetchingPriceEstimate',
  },
  {
    from: 'readyToPurchase',
    event: 'UPDATE_STATE',
    what: 'the state changes → estimate refreshed (step 12)',
    start: () => reach.readyToPurchase(),
    act: (h) => h.send({ type: 'UPDATE_STATE', stateNameEnum: 'DELHI' }),
    to: 'fetchingPriceEstimate',
  },
  {
    from: 'readyToPurchase',
    event: 'UPDATE_COUNTRY_CODE',
    what: 'the country changes → route chosen again (step 12)',
    start: () => reach.readyToPurchase(),
    act: (h) => h.send({ type: 'UPDATE_COUNTRY_CODE', countryCode: 'US' }),
    to: { shippingEdit: { form: 'valid' } },
    check: (h) => expect(h.snapshot().context.shippingCharges).toBeNull(),
  },
  {
    from: 'readyToPurchase',
    event: 'UPDATE_DELIVERY_OPTION',
    what: 'self pickup chosen → estimate refreshed',
    start: () => reach.readyToPurchase({ selfPickupEnabled: true }),
    act: (h) => h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SELF_PICKUP' }),
    to: 'fetchingPriceEstimate',
  },
  {
    from: 'readyToPurchase',
    event: 'UPDATE_DELIVERY_OPTION',
    what: 'delivery chosen for a shipped order → shipping edit',
    start: () => reach.readyToPurchase(),
    act: (h) => h.send({ type: 'UPDATE_DELIVERY_OPTION', deliveryOption: 'SHIPPING_SERVICE' }),
    to: { shippingEdit: { form: 'valid' } },
  },
  {
    from: 'orderInProgress',
    event: 'GO_BACK',
    what: 'back from the "in progress" choice',
    start: reach.orderInProgress,
    act: (h) => h.send({ type: 'GO_BACK' }),
    to: 'readyToPurchase',
  },
  {
    from: 'orderInProgress',
    event: 'PROCEED_TO_PAY',
    what: 'go on by cancelling the prior order',
    start: reach.orderInProgress,
    act: async (h) => {
      h.send(proceed());
      await h.resolve('fetchStateNames', (_: string, state: string) => state);
    },
    to: 'paying',
    check: (h) => expect(h.calls.payment.at(-1)?.input).toMatchObject({ priorOrderIdToCancel: 'ord-1' }),
  },
  {
    from: '',
    event: 'ORDER_SETTLED',
    what: 'a stored order reconciled as settled → paying hands over without the "in progress" choice',
    start: reach.readyWithStoredOrder,
    act: async (h) => {
      h.send({ type: 'ORDER_SETTLED' });
      h.send(proceed());
      await h.resolve('fetchStateNames', (_: string, state: string) => state);
    },
    to: 'paying',
    check: (h) => expect(h.calls.payment.at(-1)?.input).toMatchObject({ priorOrderIdToCancel: null }),
  },
  // The draft: the form's values go to the flow as the spec's events.
  {
    from: '',
    event: 'FORM_CHANGED',
    what: "the draft's state and validity go to the flow; an incomplete pincode is not applied",
    start: () => reach.shippingEdit(false),
    act: (h) =>
      h.send({
        type: 'FORM_CHANGED',
        values: draft({ state: 'KARNATAKA', postalCode: '5600' }),
        valid: true,
      }),
    to: { shippingEdit: { form: 'valid' } },
    check: (h) => {
      expect(h.snapshot().context.stateNameEnum).toBe('KARNATAKA');
      expect(h.snapshot().context.draft?.postalCode).toBe('5600');
      expect(h.calls.fetchShippingCost).toHaveLength(0);
    },
  },
  {
    from: 'shippingEdit.form.valid',
    event: 'always',
    what: "a valid draft's pincode is applied as APPLY_PIN_CODE is → shipping cost",
    start: () => reach.shippingEdit(false),
    act: (h) => h.send({ type: 'FORM_CHANGED', values: draft(), valid: true }),
    to: 'fetchingShippingCost',
    check: (h) =>
      expect(h.calls.fetchShippingCost.at(-1)?.input).toEqual({ pinCode: '560001', countryCode: 'IN' }),
  },
  {
    from: 'deliveryEdit.form.valid',
    event: 'always',
    what: "a valid draft's pincode is applied → the postal lookup",
    start: () => reach.deliveryEdit(false),
    act: (h) => h.send({ type: 'FORM_CHANGED', values: draft(), valid: true }),
    to: 'fetchingLocation',
    check: (h) => expect(h.calls.lookupLocation.at(-1)?.input).toEqual({ pinCode: '560001' }),
  },
  ...(['fetchingShippingCost', 'fetchingShippingCostFailed'] as const).map(
    (from): Row => ({
      from,
      event: 'FORM_SETTLED',
      what: 'the draft now holds another pincode → back to shipping edit',
      start: reach[from],
      act: (h) => h.send({ type: 'FORM_CHANGED', values: draft({ postalCode: '5600' }), valid: true }),
      to: { shippingEdit: { form: 'valid' } },
    }),
  ),
  ...(['fetchingLocation', 'fetchingLocationFailed'] as const).map(
    (from): Row => ({
      from,
      event: 'FORM_SETTLED',
      what: 'the draft now holds another pincode → back to delivery edit',
      start: reach[from],
      act: (h) => h.send({ type: 'FORM_CHANGED', values: draft({ postalCode: '5600' }), valid: true }),
      to: { deliveryEdit: { form: 'valid' } },
    }),
  ),
  ...(['fetchingPriceEstimate', 'fetchingPriceEstimateFailed', 'readyToPurchase'] as const).map(
    (from): Row => ({
      from,
      event: 'FORM_SETTLED',
      what: 'priced for another pincode than the draft holds → CLEAR, back to editing (step 6)',
      start: () => reach[from](),
      act: (h) => h.send({ type: 'FORM_CHANGED', values: draft({ postalCode: '5600' }), valid: true }),
      to: { shippingEdit: { form: 'valid' } },
    }),
  ),
  {
    from: '',
    event: 'FORM_SETTLED',
    what: 'the draft holds the pincode priced → stays ready',
    start: () => reach.readyToPurchase(),
    act: (h) => h.send({ type: 'FORM_CHANGED', values: draft({ fullName: 'Asha K' }), valid: true }),
    to: 'readyToPurchase',
  },
  // While the address is edited the order is priced without its pincode.
  ...(['shippingEdit', 'deliveryEdit'] as const).flatMap((edit): Row[] => {
    const start = () => (edit === 'shippingEdit' ? reach.shippingEdit(false) : reach.deliveryEdit(false));
    return [
      {
        from: `${edit}.estimate.pricing`,
        event: 'always',
        what: 'editing: the order priced without its pincode',
        start,
        to: { [edit]: { estimate: 'fetching' } },
        check: (h) => {
          expect(h.calls.fetchPriceEstimate.at(-1)?.input).toMatchObject({
            inputs: { shippingPinCode: null },
          });
          expect(h.snapshot().context.estimateState).toBe('loading');
        },
      },
      {
        from: `${edit}.estimate.pricing`,
        event: 'always',
        what: 'editing with nothing to buy: no call',
        start: () =>
          edit === 'shippingEdit'
            ? reach.shippingEdit(false, { packages: noQuantities })
            : reach.deliveryEdit(false, { packages: noQuantities }),
        to: { [edit]: { estimate: 'done' } },
        check: (h) => expect(h.calls.fetchPriceEstimate).toHaveLength(0),
      },
      {
        from: `${edit}.estimate.fetching`,
        event: 'done',
        what: 'editing: the price shown while the address is edited',
        start,
        act: (h) => h.resolve('fetchPriceEstimate', estimate),
        to: { [edit]: { estimate: 'done' } },
        check: (h) => {
          expect(h.snapshot().context.estimate).toEqual(estimate);
          expect(h.snapshot().context.estimateState).toBe('ready');
        },
      },
      {
        from: `${edit}.estimate.fetching`,
        event: 'error',
        what: 'editing: the price failed',
        start,
        act: (h) => h.reject('fetchPriceEstimate'),
        to: { [edit]: { estimate: 'failed' } },
        check: (h) => expect(h.snapshot().context.estimateState).toBe('failed'),
      },
      {
        from: `${edit}.estimate.failed`,
        event: 'RETRY',
        what: 'editing: the price asked again',
        start: async () => {
          const h = await start();
          await h.reject('fetchPriceEstimate');
          return h;
        },
        act: (h) => h.send({ type: 'RETRY' }),
        to: { [edit]: { estimate: 'fetching' } },
      },
      {
        from: `${edit}.estimate`,
        event: 'REFRESH_ESTIMATE',
        what: 'editing: a state chosen → priced again',
        start,
        act: (h) => h.send({ type: 'UPDATE_STATE', stateNameEnum: 'GOA' }),
        to: { [edit]: { estimate: 'fetching' } },
        check: (h) =>
          expect(h.calls.fetchPriceEstimate.at(-1)?.input).toMatchObject({ inputs: { stateName: 'GOA' } }),
      },
    ];
  }),
  // The cart, the connection and the stored order, told to the machine.
  {
    from: '',
    event: 'CART_CHANGED',
    what: 'a quantity changed in the sheet → priced again with the new lines',
    start: () => reach.readyToPurchase(),
    act: (h) =>
      h.send({
        type: 'CART_CHANGED',
        packages: [{ packageId: 1, products: [{ productId: 11, quantity: 2 }] }],
        variant: 'default',
      }),
    to: 'fetchingPriceEstimate',
    check: (h) =>
      expect(h.calls.fetchPriceEstimate.at(-1)?.input).toMatchObject({
        inputs: { packages: [{ packageId: 1, products: [{ productId: 11, quantity: 2 }] }] },
      }),
  },
  {
    from: '',
    event: 'OFFLINE',
    what: 'offline: the price stays, said to be the last known by the page',
    start: () => reach.readyToPurchase(),
    act: (h) => h.send({ type: 'OFFLINE' }),
    to: 'readyToPurchase',
    check: (h) => expect(h.snapshot().context.online).toBe(false),
  },
  {
    from: '',
    event: 'ONLINE',
    what: 'back online: a failed estimate is asked again',
    start: async () => {
      const h = await reach.fetchingPriceEstimateFailed();
      h.send({ type: 'OFFLINE' });
      return h;
    },
    act: (h) => h.send({ type: 'ONLINE' }),
    to: 'fetchingPriceEstimate',
    check: (h) => expect(h.snapshot().context.online).toBe(true),
  },
  {
    from: '',
    event: 'ORDER_RECONCILED',
    what: 'the stored order turned out paid → its result',
    start: () => reach.fetchingOrderDetails(),
    act: (h) => h.resolve('reconcileOrder', 'paid'),
    to: 'storedOrderPaid',
    check: (h) => {
      expect(h.snapshot().status).toBe('done');
      expect(h.snapshot().output).toEqual({ kind: 'success', orderId: 'ord-1' });
    },
  },
  {
    from: '',
    event: 'ORDER_RECONCILED',
    what: 'the stored order settled (failed, cancelled, expired) → nothing in progress to cancel',
    start: () => reach.fetchingOrderDetails(),
    act: (h) => h.resolve('reconcileOrder', 'settled'),
    to: 'fetchingOrderDetails',
    check: (h) =>
      expect(h.snapshot().context).toMatchObject({ reconciling: false, storedOrderSettled: true }),
  },
  {
    from: '',
    event: 'ORDER_RECONCILED',
    what: 'the stored order could not be told → paying asks to cancel it first',
    start: () => reach.fetchingOrderDetails(),
    act: (h) => h.reject('reconcileOrder'),
    to: 'fetchingOrderDetails',
    check: (h) =>
      expect(h.snapshot().context).toMatchObject({ reconciling: false, storedOrderSettled: false }),
  },
  {
    from: '',
    event: 'PROFILE_CHANGED',
    what: "the e-mail's verification answered a new profile → the checkout's",
    start: () => reach.readyToPurchase(),
    act: (h) => h.send({ type: 'PROFILE_CHANGED', profile: { ...profile, email: 'new@example.in' } }),
    to: 'readyToPurchase',
    check: (h) => expect(h.snapshot().context.profile?.email).toBe('new@example.in'),
  },
  // The code machines ask the checkout to price their code (CHECK_CODE), and hear the answer.
  {
    from: '',
    event: 'CHECK_CODE',
    what: 'a coupon applied in its field → priced with the order, the refusal kept',
    start: () => reach.readyToPurchase(),
    act: (h) => {
      const coupon = h.snapshot().context.coupon;
      coupon.send({ type: 'UPDATE_COUPON_CODE', code: ' WELCOME10 ' });
      coupon.send({ type: 'APPLY_COUPON' });
    },
    to: 'readyToPurchase',
    check: (h) =>
      expect(h.calls.checkCode.at(-1)?.input).toMatchObject({
        inputs: { couponCode: 'WELCOME10', shippingPinCode: '560001' },
        retryWithoutCoupon: false,
      }),
  },
  {
    from: '',
    event: 'CODE_CHECKED',
    what: 'the coupon priced → verified with its saving, and the order priced with it',
    start: async () => {
      const h = await reach.readyToPurchase();
      h.snapshot().context.coupon.send({ type: 'UPDATE_COUPON_CODE', code: 'WELCOME10' });
      h.snapshot().context.coupon.send({ type: 'APPLY_COUPON' });
      return h;
    },
    act: (h) => h.resolve('checkCode', { ...estimate, couponDiscount: 50_000 }),
    to: 'fetchingPriceEstimate',
    check: (h) => {
      expect(h.snapshot().context.coupon.getSnapshot().context).toMatchObject({
        appliedCode: 'WELCOME10',
        saving: 50_000,
      });
      expect(h.calls.fetchPriceEstimate.at(-1)?.input).toMatchObject({ inputs: { couponCode: 'WELCOME10' } });
    },
  },
  {
    from: '',
    event: 'CODE_REFUSED',
    what: "a referral code refused → the server's message on its field, the price unchanged",
    start: async () => {
      const h = await reach.readyToPurchase();
      const referral = h.snapshot().context.referral;
      referral.send({ type: 'UPDATE', code: 'NOBODY' });
      referral.send({ type: 'APPLY' });
      return h;
    },
    act: (h) =>
      h.reject(
        'checkCode',
        new ApiError({
          message: 'No such code',
          response: 'No such code',
          resStatus: 'BAD_REQUEST',
          httpStatusCode: 400,
        }),
      ),
    to: 'readyToPurchase',
    check: (h) => {
      const referral = h.snapshot().context.referral.getSnapshot();
      expect(referral.value).toBe('applyingReferralCodeFailed');
      expect(referral.context.error).toBe('No such code');
    },
  },
  // Steps 7–10: the payment, run by the checkout.
  {
    from: 'proceedingToPay',
    event: 'done',
    what: 'the states named → the payment, with the order built from the draft and the estimate shown',
    start: reach.proceedingToPay,
    act: (h) => h.resolve('fetchStateNames', (_: string, state: string) => `name of ${state}`),
    to: 'paying',
    check: (h) => {
      const input = h.calls.payment.at(-1)?.input as PaymentInput;
      expect(input.priorOrderIdToCancel).toBeNull();
      expect(input.prefill).toEqual({ name: 'Asha', email: 'asha@example.in', contact: '+919876543210' });
      expect(input.request).toMatchObject({
        packages: [{ package_id: 1, products: [{ product_id: 11, quantity: 1 }] }],
        coupon_code: null,
        country_name: 'IN',
        expected_total: estimate.subtotal / 100,
        payment_service: 'CARD_MODAL',
        shipping_details: { pin_code: '560001', city: 'Bengaluru' },
      });
    },
  },
  {
    from: 'proceedingToPay',
    event: 'error',
    what: 'the payment could not start → back, the reason said above the pay action',
    start: reach.proceedingToPay,
    act: (h) => h.reject('fetchStateNames'),
    to: 'readyToPurchase',
    check: (h) => expect(h.snapshot().context.paymentError).toBe(CREATE_FAILED_MESSAGE),
  },
  {
    from: 'paying',
    event: 'done',
    what: 'paid → the checkout ends with the order',
    start: reach.paying,
    act: (h) => h.resolve('payment', { kind: 'success', orderId: 'ord-9' }),
    to: 'paid',
    check: (h) => expect(h.snapshot().output).toEqual({ kind: 'success', orderId: 'ord-9' }),
  },
  {
    from: 'paying',
    event: 'done',
    what: 'not settled within the polls → ends unsettled, the order page keeps asking',
    start: reach.paying,
    act: (h) => h.resolve('payment', { kind: 'unsettled', orderId: 'ord-9' }),
    to: 'unsettled',
    check: (h) => expect(h.snapshot().output).toEqual({ kind: 'unsettled', orderId: 'ord-9' }),
  },
  {
    from: 'paying',
    event: 'done',
    what: 'cancelled in the window → back to ready; the order it created is the stored one, paying again offers to cancel it',
    start: reach.paying,
    act: async (h) => {
      await h.resolve('payment', backToEstimate({ orderId: 'ord-2' }));
      h.send(proceed());
    },
    to: 'orderInProgress',
    check: (h) => expect(h.snapshot().context.paymentError).toBeNull(),
  },
  {
    from: 'paying',
    event: 'done',
    what: 'no order created and the prior one cancelled on the way → paying again goes straight on',
    start: async () => {
      const h = await reach.orderInProgress();
      h.send(proceed());
      await h.resolve('fetchStateNames', (_: string, state: string) => state);
      return h;
    },
    act: async (h) => {
      await h.resolve(
        'payment',
        backToEstimate({ priorOrderCancelled: true, error: new Error('no answer') }),
      );
      h.send(proceed());
    },
    to: 'proceedingToPay',
  },
  {
    from: 'paying',
    event: 'done',
    what: "a refused creation → back, the server's message above the pay action",
    start: reach.paying,
    act: (h) =>
      h.resolve(
        'payment',
        backToEstimate({
          createError: new ApiError({
            message: 'Out of stock',
            response: 'Out of stock',
            resStatus: 'OUT_OF_STOCK',
            httpStatusCode: 409,
          }),
        }),
      ),
    to: 'readyToPurchase',
    check: (h) => expect(h.snapshot().context.paymentError).toBe('Out of stock'),
  },
  {
    from: 'paying',
    event: 'done',
    what: 'the total changed since the estimate → priced again before paying again',
    start: reach.paying,
    act: (h) =>
      h.resolve(
        'payment',
        backToEstimate({
          createError: new ApiError({
            message: 'Price changed',
            response: 'Price changed',
            resStatus: 'PRICE_CHANGED',
            httpStatusCode: 409,
            body: { data: { total_amount: 13_000, currency: 'INR' } },
          }),
        }),
      ),
    to: 'fetchingPriceEstimate',
    check: (h) =>
      expect(h.snapshot().context.paymentError).toBe('The total changed to ₹13,000. Check it and pay again.'),
  },
  {
    from: 'paying',
    event: 'error',
    what: 'the payment broke → back, the generic reason said',
    start: reach.paying,
    act: (h) => h.reject('payment'),
    to: 'readyToPurchase',
    check: (h) => expect(h.snapshot().context.paymentError).toBe(CREATE_FAILED_MESSAGE),
  },
  {
    from: 'paying',
    event: 'PAYMENT_FAILED',
    what: 'the failure card → the checkout ends failed',
    start: reach.paying,
    act: (h) => h.send({ type: 'PAYMENT_FAILED', orderId: 'ord-9' }),
    to: 'failed',
    check: (h) => expect(h.snapshot().output).toEqual({ kind: 'failure', orderId: 'ord-9' }),
  },
  // Validity heard outside the edit states is remembered.
  {
    from: '',
    event: 'VALID',
    what: 'VALID while fetching the profile is remembered',
    start: () => reach.fetchingProfile(),
    act: async (h) => {
      h.send({ type: 'VALID' });
      await h.resolve('fetchProfile', profile);
    },
    to: { shippingEdit: { form: 'valid' } },
  },
  {
    from: '',
    event: 'INVALID',
    what: 'INVALID while fetching the estimate is remembered',
    start: () => reach.fetchingPriceEstimate(),
    act: (h) => {
      h.send({ type: 'INVALID' });
      h.send({ type: 'CLEAR' });
    },
    to: { shippingEdit: { form: 'invalid' } },
  },
];

describe('checkout machine (spec §4 Checkout flow, steps 1–6 and 11–15)', () => {
  it.each(rows.map((row) => [`${row.from || '(any)'} --${row.event}--> ${row.what}`, row] as const))(
    '%s',
    async (_, row) => {
      const h = await row.start();
      // The row really starts where it says (a transient state cannot be stood in).
      if (row.from !== '' && row.event !== 'always')
        expect(h.snapshot().matches(stateValueOf(row.from) as never)).toBe(true);
      await row.act?.(h);
      if (typeof row.to === 'string') expect(h.snapshot().value).toBe(row.to);
      else expect(h.snapshot().value).toMatchObject(row.to);
      row.check?.(h);
    },
  );

  it('the table walks every transition the machine declares', () => {
    const declared = new Set<string>();
    const visit = (node: AnyStateNode) => {
      const path = node.path.join('.');
      for (const key of node.transitions.keys()) {
        const event = key.startsWith('xstate.done.actor')
          ? 'done'
          : key.startsWith('xstate.error.actor')
            ? 'error'
            : key;
        declared.add(`${path}|${event}`);
      }
      if (node.always?.length) declared.add(`${path}|always`);
      for (const child of Object.values(node.states)) visit(child);
    };
    visit(checkoutMachine.root);
    const missing = [...declared].filter((entry) => {
      const [path, event] = entry.split('|') as [string, string];
      return !rows.some(
        (row) => row.event === event && (path === '' || row.from === path || row.from.startsWith(`${path}.`)),
      );
    });
    expect(missing).toEqual([]);
  });
});

/** 'shippingEdit.form.valid' → { shippingEdit: { form: 'valid' } }. */
function stateValueOf(path: string): StateValue {
  const keys = path.split('.');
  const leaf = keys.pop() as string;
  return keys.reduceRight<StateValue>((value, key) => ({ [key]: value }), leaf);
}

describe('a coupon and a referral code are never both applied (spec §2)', () => {
  /** Priced with the coupon WELCOME10 applied (the estimate it asked for answered). */
  async function withCoupon() {
    const h = await reach.readyToPurchase();
    const coupon = h.snapshot().context.coupon;
    coupon.send({ type: 'UPDATE_COUPON_CODE', code: 'WELCOME10' });
    coupon.send({ type: 'APPLY_COUPON' });
    await h.resolve('checkCode', { ...estimate, couponDiscount: 50_000 });
    await h.resolve('fetchPriceEstimate', { ...estimate, couponDiscount: 50_000 });
    expect(coupon.getSnapshot().context.appliedCode).toBe('WELCOME10');
    return h;
  }

  it('a referral code applied after a coupon is checked alone, then empties the coupon', async () => {
    const h = await withCoupon();
    const referral = h.snapshot().context.referral;
    referral.send({ type: 'UPDATE', code: 'FRIEND10' });
    referral.send({ type: 'APPLY' });
    expect(h.calls.checkCode.at(-1)?.input).toMatchObject({
      inputs: { couponCode: null, associateCode: 'FRIEND10' },
    });
    await h.resolve('checkCode', { ...estimate, associationDiscount: 20_000 });
    const coupon = h.snapshot().context.coupon.getSnapshot();
    expect(coupon.value).toBe('editing');
    expect(coupon.context).toMatchObject({ code: '', appliedCode: null, saving: 0 });
    expect(referral.getSnapshot().context.appliedCode).toBe('FRIEND10');
    expect(h.calls.fetchPriceEstimate.at(-1)?.input).toMatchObject({
      inputs: { couponCode: null, associateCode: 'FRIEND10' },
    });
  });

  it('a coupon applied after a referral code empties the referral field, even one still being checked', async () => {
    const h = await reach.readyToPurchase({ referralCode: 'FRIEND10' });
    await h.resolve('checkCode', { ...estimate, associationDiscount: 20_000 });
    await h.resolve('fetchPriceEstimate', estimate);
    const referral = h.snapshot().context.referral;
    expect(referral.getSnapshot().context.appliedCode).toBe('FRIEND10');

    const coupon = h.snapshot().context.coupon;
    coupon.send({ type: 'UPDATE_COUPON_CODE', code: 'WELCOME10' });
    coupon.send({ type: 'APPLY_COUPON' });
    expect(h.calls.checkCode.at(-1)?.input).toMatchObject({
      inputs: { couponCode: 'WELCOME10', associateCode: null },
    });
    // The buyer types another referral code meanwhile: the coupon's answer empties it too.
    referral.send({ type: 'UPDATE', code: 'OTHER1' });
    referral.send({ type: 'APPLY' });
    const [couponCheck, referralCheck] = h.calls.checkCode.slice(-2);
    couponCheck?.d.resolve({ ...estimate, couponDiscount: 50_000 });
    // The referral's answer comes late: its check was stopped, it applies nothing.
    referralCheck?.d.resolve({ ...estimate, associationDiscount: 20_000 });
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(referral.getSnapshot().value).toBe('idle');
    expect(referral.getSnapshot().context).toMatchObject({ code: '', appliedCode: null });
    expect(coupon.getSnapshot().context.appliedCode).toBe('WELCOME10');
    expect(h.calls.fetchPriceEstimate.at(-1)?.input).toMatchObject({
      inputs: { couponCode: 'WELCOME10', associateCode: null },
    });
  });
});
