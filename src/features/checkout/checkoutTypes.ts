import type { PaymentService } from '@contract/catalogue';
import type { PickupLocation } from '@contract/places';
import type { DeliveryOption } from '@contract/pricing';
import type { ActorRefFrom } from 'xstate';
import type { ClientProfile } from '@/api/account';
import type { PostOffice } from '@/api/postal';
import type { PriceEstimateInputs, PriceView, SelectedPackage } from '@/api/priceEstimate';
import type { CheckoutFormValues } from './checkoutForm';
import type { AdBookingOrder } from './checkoutSource';
import type { couponMachine } from './couponMachine';
import type { emailVerificationMachine } from './emailVerificationMachine';
import type { OrderRequestInput } from './payment/orderRequest';
import type { PaymentOutput, Reconciliation, UnsettledAttempt } from './paymentMachine';
import type { PreviousOrderPrefill } from './prefill';
import type { referralMachine } from './referralMachine';
import type { CheckoutVariant } from './variants';

/* What the checkout machine (./checkoutMachine.ts) starts from, keeps, hears and says. */

/** What the checkout reads of the stored order's details (spec §3 Order). */
export interface CheckoutOrderDetails {
  orderId: string;
  /** shipping_details.pin_code, null without shipping details. */
  pinCode: string | null;
  /** country_name_enum. */
  countryCode: string | null;
  shippingThrough: DeliveryOption | null;
  /** What the form reuses of it (spec §3 "Previous order data reused to prefill the form"). */
  prefill: PreviousOrderPrefill;
}

export interface CheckoutInput {
  /** The country selected on the form, else the buyer's (ISO code). */
  countryCode: string;
  /** Whether the selected packages hold something to ship (the cart's; the estimate's answer replaces it). */
  isShippingRequired: boolean;
  /** The last order id in cookies or local storage. */
  storedOrderId: string | null;
  /** The selected packages with every product's quantity (spec §4 step 11). */
  packages: readonly SelectedPackage[];
  variant?: CheckoutVariant;
  selfPickupEnabled: boolean;
  deliveryOption?: DeliveryOption;
  stateNameEnum?: string;
  pinCode?: string;
  /** The last estimate known (a draft's), used while a new one is skipped. */
  previousEstimate?: PriceView | null;
  /** A coupon code from the page address or the draft: shown in its field, not applied. */
  couponCode?: string;
  /** A referral (or invite) code from the page address or the draft: applied on load. */
  referralCode?: string | null;
  /** The draft's e-mail, when it differs from the profile's. */
  draftEmail?: string;
  online?: boolean;
  /** The ad booking this checkout buys (its devices, dates and creative); null for the cart's checkout. */
  adBooking?: AdBookingOrder | null;
}

export type CouponRef = ActorRefFrom<typeof couponMachine>;
export type ReferralRef = ActorRefFrom<typeof referralMachine>;
type EmailRef = ActorRefFrom<typeof emailVerificationMachine>;

/** Where the price shown stands. */
export type EstimateState = 'loading' | 'ready' | 'failed';

export interface CheckoutContext {
  countryCode: string;
  isShippingRequired: boolean;
  orderId: string | null;
  packages: readonly SelectedPackage[];
  variant: CheckoutVariant;
  /** The ad booking the order holds, null for the cart's. */
  adBooking: AdBookingOrder | null;
  selfPickupEnabled: boolean;
  deliveryOption: DeliveryOption;
  stateNameEnum: string;
  pinCode: string;
  /** The last VALID / INVALID heard: an edit state re-entered starts in the matching sub-state. */
  formValid: boolean;
  /** The order draft: the form's values as last reported. */
  draft: CheckoutFormValues | null;
  profile: ClientProfile | null;
  draftEmail: string | undefined;
  orderDetails: CheckoutOrderDetails | null;
  pickupLocations: PickupLocation[] | null;
  postOffice: PostOffice | null;
  /** Minor units; null until fetched for the current pincode. */
  shippingCharges: number | null;
  estimate: PriceView;
  estimateState: EstimateState;
  /** When the estimate shown was received (epoch ms); null before any answer. */
  estimateReceivedAt: number | null;
  online: boolean;
  coupon: CouponRef;
  referral: ReferralRef;
  email: EmailRef | null;
  paymentService: PaymentService;
  /** The states' names by their enums, loaded as the buyer pays (the order names them). */
  stateName: StateNameOf | null;
  /** The message above the pay action after an attempt that went back to the estimate. */
  paymentError: string | null;
  /** A create that got no answer: the same request retried reuses its key. */
  previousAttempt: UnsettledAttempt | null;
  /** Set when the buyer chose to go on by cancelling the stored order. */
  cancelPriorOrder: boolean;
  /** The stored order turned out paid, failed, cancelled or expired: nothing is in progress to cancel. */
  storedOrderSettled: boolean;
  /** The stored order is being reconciled: paying waits for it. */
  reconciling: boolean;
  /** Where the checkout ended (the page goes to its result). */
  end: PaymentEnd | null;
  error: unknown;
}

/** Where the checkout ended: the page goes to the order's result. */
export type PaymentEnd = Exclude<PaymentOutput, { kind: 'backToEstimate' }>;

export type CodeKind = 'coupon' | 'referral';

export type CheckoutEvent =
  | { type: 'RETRY' }
  | { type: 'VALID' }
  | { type: 'INVALID' }
  | { type: 'APPLY_PIN_CODE'; pinCode: string }
  | { type: 'UPDATE_COUNTRY_CODE'; countryCode: string }
  | { type: 'UPDATE_STATE'; stateNameEnum: string }
  | { type: 'UPDATE_DELIVERY_OPTION'; deliveryOption: DeliveryOption }
  | { type: 'REFRESH_ESTIMATE' }
  | {
      type: 'CART_CHANGED';
      packages: readonly SelectedPackage[];
      variant: CheckoutVariant;
      adBooking?: AdBookingOrder | null;
    }
  | { type: 'FORM_CHANGED'; values: CheckoutFormValues; valid: boolean }
  | { type: 'CLEAR' }
  | { type: 'PROCEED_TO_PAY'; paymentService?: PaymentService }
  | { type: 'GO_BACK' }
  | { type: 'CHECK_CODE'; kind: CodeKind; code: string }
  | { type: 'CODE_CHECKED'; kind: CodeKind; view: PriceView }
  | { type: 'CODE_REFUSED'; kind: CodeKind; error: unknown }
  | { type: 'ORDER_RECONCILED'; outcome: Reconciliation | 'unknown' }
  | { type: 'PROFILE_CHANGED'; profile: ClientProfile }
  /** The payment's failure card (spec §4 step 8), for the order it created. */
  | { type: 'PAYMENT_FAILED'; orderId: string }
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  /** The stored order was reconciled and holds nothing in progress (its details still prefill the form). */
  | { type: 'ORDER_SETTLED' }
  /** The form's draft was compared with what is priced (raised by FORM_CHANGED). */
  | { type: 'FORM_SETTLED' };

/** Emitted when the postal lookup chose an office: the form fills city and state from it. */
export interface LocationFoundEmitted {
  type: 'locationFound';
  postOffice: PostOffice;
}

export interface EstimateRequest {
  inputs: PriceEstimateInputs;
  /** A coupon the server refuses is dropped and the order priced without it (a code check keeps the refusal). */
  retryWithoutCoupon: boolean;
}

export interface EstimateAnswer {
  view: PriceView;
  /** The server's refusal of the coupon the order was asked with, when it was priced without it. */
  couponError: unknown;
}

/** The state's name for its enum (the states list's label). */
export type StateNameOf = OrderRequestInput['stateName'];

/** What the machine was started with, for the watcher of the cart and the country to compare against. */
export interface WatchedInputs {
  countryCode: string;
  packages: readonly SelectedPackage[];
  adBooking?: AdBookingOrder | null;
}
