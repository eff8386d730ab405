import type { PaymentService } from '@contract/catalogue';
import type { GstType } from '@contract/constants';
import type { OrderCreateRequest } from '@contract/orders';
import { type PriceEstimateInputs, toEstimateRequest } from '@/api/priceEstimate';
import { countryName } from '@/lib/countries';
import { cleanPhoneNumber, dialCodeOf, isPhoneCountry } from '@/lib/phone';
import {
  billingFieldsShown,
  type CheckoutFormValues,
  gstFieldsShown,
  isShipped,
  TERMS_MESSAGE,
} from '../checkoutForm';

/*
 * The order creation payload (spec §3) from the details form: billing details (the billing address when a
 * different one was given, else the delivery address), shipping details when the order is shipped (the mobile as
 * dial code + number), the first pickup location when collected, shipping_through only with self pickup enabled,
 * the applied codes, the estimate's country and state and the chosen payment service. The server prices it; the
 * total the buyer was shown goes along only for the server to check.
 */

export interface OrderRequestInput {
  values: CheckoutFormValues;
  /**
   * What the estimate the buyer saw was asked with: its packages, the applied codes (not merely typed), its
   * country and state. The order carries the same, so the server prices it the same.
   */
  pricing: PriceEstimateInputs;
  /** The total the buyer was shown (major units): the server refuses the order if its own differs. */
  expectedTotal: number | null;
  paymentService: PaymentService;
  /** The estimate's is_shipping_required. */
  isShippingRequired: boolean;
  selfPickupEnabled: boolean;
  /** The first pickup location's id (spec §3). */
  pickupLocationId: number | null;
  /** The state's name for its enum (the states list's label). */
  stateName: (countryCode: string, stateNameEnum: string) => string;
  /** An ad booking's devices and dates (spec §3 ad_event_order_details): the order holds them. */
  adEventOrderDetails?: OrderCreateRequest['ad_event_order_details'];
}

const trimmed = (value: string) => value.trim();
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** +91 followed by the national number, for the country the number belongs to. */
export function mobileWithDialCode(number: string, countryCode: string): string {
  const national = cleanPhoneNumber(number).replace(/^\+/, '');
  const iso = countryCode.trim().toUpperCase();
  const dial = isPhoneCountry(iso) ? dialCodeOf(iso) : '+91';
  return `${dial}${national}`;
}

export function buildOrderCreateRequest(input: OrderRequestInput): OrderCreateRequest {
  const { values, isShippingRequired } = input;
  if (!values.tAndC) throw new Error(TERMS_MESSAGE);
  const country = values.country.trim().toUpperCase();
  const pickup = input.selfPickupEnabled && values.deliveryOption === 'SELF_PICKUP';
  const shipped = isShipped(values, isShippingRequired) && !pickup;
  const separateBilling = billingFieldsShown(values, isShippingRequired);
  const billingCountry = separateBilling ? values.billingCountry.trim().toUpperCase() : country;
  const billingState = separateBilling ? values.billingState : values.state;
  const buyerName = [values.fullName, values.lastName].map(trimmed).filter(Boolean).join(' ');

  const priced = toEstimateRequest(input.pricing, { selfPickup: false });

  return {
    packages: priced.packages,
    accepted_terms_and_conditions: true,
    coupon_code: priced.coupon_code ?? null,
    associate_code: priced.associate_code ?? null,
    ...(priced.invite_code ? { invite_code: priced.invite_code } : {}),
    state_name: priced.state_name ?? null,
    country_name: priced.country_name ?? null,
    expected_total: input.expectedTotal,
    payment_service: input.paymentService,
    ...(input.selfPickupEnabled ? { shipping_through: pickup ? 'SELF_PICKUP' : 'SHIPPING_SERVICE' } : {}),
    billing_details: {
      name: separateBilling ? trimmed(values.billingPersonName) : buyerName,
      address_1: trimmed(separateBilling ? values.billingAddress1 : values.address1),
      address_2: orNull(separateBilling ? values.billingAddress2 : values.address2),
      city: trimmed(separateBilling ? values.billingCity : values.city),
      state: input.stateName(billingCountry, billingState),
      state_name_enum: billingState,
      country_name_enum: billingCountry,
      postal_code: trimmed(separateBilling ? values.billingPostalCode : values.postalCode),
      country: countryName(billingCountry),
      gst_details: gstFieldsShown(values, isShippingRequired)
        ? {
            company_name: trimmed(values.companyName),
            gst_in: trimmed(values.GSTIN).toUpperCase(),
            gst_type: values.gstType as GstType,
          }
        : null,
    },
    shipping_details: shipped
      ? {
          pin_code: trimmed(values.postalCode),
          first_name: trimmed(values.fullName),
          last_name: orNull(values.lastName),
          mobile_number: mobileWithDialCode(values.shippingMobileNumber, country),
          email: trimmed(values.email),
          state: input.stateName(country, values.state),
          country: countryName(country),
          address_1: trimmed(values.address1),
          address_2: orNull(values.address2),
          city: trimmed(values.city),
        }
      : null,
    self_pickup_shipping_details:
      pickup && input.pickupLocationId !== null ? { pickup_location_id: input.pickupLocationId } : null,
    ...(input.adEventOrderDetails ? { ad_event_order_details: input.adEventOrderDetails } : {}),
  };
}
