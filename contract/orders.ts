import { z } from 'zod';
import { AD_MAX_DEVICES, adBookingSchema, adDateTimeRangeSchema } from './ads';
import {
  countryCodeSchema,
  currencySchema,
  packageTypeSchema,
  paymentServiceSchema,
  productTypeSchema,
  vendorDetailsSchema,
} from './catalogue';
import { GST_TYPES } from './constants';
import { ORDER_STATUSES } from './order-status';
import { DB_INT_MAX, EMAIL_MAX_LENGTH, GSTIN_PATTERN } from './patterns';
import {
  batDesignSchema,
  deliveryOptionSchema,
  discountCodeSchema,
  ESTIMATE_MAX_PACKAGES,
  estimatePackageSchema,
  PRICING_TYPES,
  placeName,
  priceEstimateRequestSchema,
  priceEstimateResponseSchema,
} from './pricing';

/*
 * Orders and payments on the wire (spec §3 Order creation payload, Create-order response, Order; §4 Checkout flow
 * steps 6–10 and Order status polling; §7 Orders, pricing and shipping, Orders and invoicing service).
 * Snake_case as the rest of the API; money in MAJOR units (the server keeps integer minor units).
 */

/* ---- Statuses ---- */

export { ORDER_STATUSES };
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const GAME_KEYS_ASSIGNED_STATUSES = ['NOT_ASSIGNED', 'ASSIGNED'] as const;

/** How long an unpaid order holds its stock. */
export const ORDER_RESERVATION_MINUTES = 30;

/** The `Idempotency-Key` header: what makes a retried create return the same order. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Send an Idempotency-Key of 8 to 128 characters')
  .max(128, 'Send an Idempotency-Key of 8 to 128 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Send an Idempotency-Key of letters, digits, _ . : or -');

/* ---- POST /api/commerce/order/create/v1/, /order/create/multiple_packages/v1/ and /v2/ ---- */

const line = (max: number, message: string) => z.string().trim().max(max, message);
const required = (max: number, message: string) => line(max, message).min(1, message);
const optional = (max: number, message: string) =>
  line(max, message)
    .nullish()
    .transform((v) => v || null);

export const orderGstDetailsSchema = z.object({
  company_name: required(100, 'Enter the company name'),
  gst_in: z.string().trim().toUpperCase().regex(GSTIN_PATTERN, 'Enter a valid GSTIN'),
  gst_type: z.enum(GST_TYPES, { error: 'Choose a GST type' }),
});

/** spec §3 shipping_details (payload): the person and address the order ships to. */
export const orderShippingDetailsSchema = z.object({
  pin_code: required(12, 'enter a valid pincode'),
  first_name: required(50, 'Enter the first name'),
  last_name: optional(50, 'Enter the last name'),
  /** The country dial code followed by the number, e.g. +919876543210. */
  mobile_number: z
    .string()
    .trim()
    .regex(/^\+\d{6,15}$/, 'Enter a valid mobile number'),
  email: z.email('Enter a valid e-mail').max(EMAIL_MAX_LENGTH, 'Enter a valid e-mail'),
  state: required(100, 'Choose a state'),
  country: required(60, 'Choose a country'),
  address_1: required(200, 'Enter the address'),
  address_2: optional(200, 'Enter a shorter address'),
  city: required(100, 'Enter the city'),
});
export type OrderShippingDetails = z.input<typeof orderShippingDetailsSchema>;

/** spec §3 billing_details (payload). */
export const orderBillingDetailsSchema = z.object({
  name: required(100, 'Enter the billing name'),
  address_1: required(200, 'Enter the billing address'),
  address_2: optional(200, 'Enter a shorter address'),
  city: required(100, 'Enter the billing city'),
  state: required(100, 'Choose the billing state'),
  state_name_enum: placeName,
  country_name_enum: countryCodeSchema,
  postal_code: required(12, 'Enter the billing postal code'),
  country: required(60, 'Choose the billing country'),
  gst_details: orderGstDetailsSchema.nullish(),
});
export type OrderBillingDetails = z.input<typeof orderBillingDetailsSchema>;

/** spec §3 ad_event_order_details; datetimes as yyyy-MM-dd HH:mm:ss (spec §9). */
export const adEventOrderDetailsSchema = z.object({
  ad_config_id: z.number().int().positive().max(DB_INT_MAX),
  venue: required(200, 'Choose a venue'),
  device_codes: z.array(required(64, 'Choose a device')).min(1, 'Choose a device').max(AD_MAX_DEVICES),
  datetime_range: adDateTimeRangeSchema,
});

export const orderCreateRequestSchema = z.object({
  packages: z
    .array(estimatePackageSchema)
    .min(1, 'Choose at least one package')
    .max(ESTIMATE_MAX_PACKAGES, `Choose at most ${ESTIMATE_MAX_PACKAGES} packages`),
  accepted_terms_and_conditions: z.literal(true, { error: 'Accept the terms and conditions' }),
  coupon_code: discountCodeSchema('Enter a valid coupon code'),
  associate_code: discountCodeSchema('Enter a valid referral code'),
  /** Needed by an order holding a business licence or business kit (spec §2); one use is taken per order. */
  invite_code: discountCodeSchema('Enter a valid invite code'),
  /**
   * Where the order is priced: the state_name and country_name its price estimate was asked with, so the order
   * costs what the buyer saw. Absent: the billing address's state and country.
   */
  state_name: priceEstimateRequestSchema.shape.state_name,
  country_name: priceEstimateRequestSchema.shape.country_name,
  /**
   * The total the buyer was shown (amount payable, major units). When the server's differs the order is refused
   * with 409 PRICE_CHANGED (RES_STATUS) and the new total; absent (older clients), the order is priced as it stands.
   */
  expected_total: z
    .number({ error: 'Send the total you were shown as a number' })
    .finite()
    .nonnegative()
    .max(100_000_000, 'Send the total you were shown')
    .nullish(),
  payment_service: paymentServiceSchema,
  /** Sent only when self pickup is enabled (spec §3); absent means delivery. */
  shipping_through: deliveryOptionSchema.nullish(),
  billing_details: orderBillingDetailsSchema,
  /** Required when something ships and the buyer did not choose self pickup. */
  shipping_details: orderShippingDetailsSchema.nullish(),
  self_pickup_shipping_details: z
    .object({ pickup_location_id: z.number().int().positive().max(DB_INT_MAX) })
    .nullish(),
  ad_event_order_details: adEventOrderDetailsSchema.nullish(),
});
export type OrderCreateRequest = z.input<typeof orderCreateRequestSchema>;

/** spec §3 Create-order response: the card provider's key and order id, or the hosted link. */
export const paymentDetailsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('modal'),
    provider: z.string(),
    key: z.string(),
    provider_order_id: z.string(),
    /** The provider's checkout script, loaded the way its documentation says. */
    checkout_script_url: z.string(),
    /** What the modal charges, in MINOR units as providers take them. */
    amount_minor: z.number().int().nonnegative(),
    currency: currencySchema,
    /** The sandbox's short-lived proof that this buyer opened it, passed to its checkout as `token`. */
    checkout_token: z.string().optional(),
  }),
  z.object({
    kind: z.literal('redirect'),
    provider: z.string(),
    provider_order_id: z.string(),
    payment_link: z.string(),
  }),
]);
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

export const orderCreateResponseSchema = z.object({
  order_id: z.string(),
  customer_order_id: z.string(),
  order_status: orderStatusSchema,
  total_amount: z.number().nonnegative(),
  currency: currencySchema,
  payment_service: paymentServiceSchema,
  /** Null when nothing is to be paid (a 0 total): the order is SUCCESS already (spec §4 step 9). */
  payment_details: paymentDetailsSchema.nullable(),
});
export type OrderCreateResponse = z.infer<typeof orderCreateResponseSchema>;

/* ---- The order as read (spec §3 Order) ---- */

const money = z.number().finite().nonnegative();

export const orderProductSchema = z.object({
  product_id: z.number().int().positive(),
  product_code: z.string(),
  name: z.string(),
  description: z.string(),
  pic_url: z.string(),
  product_type: productTypeSchema,
  quantity: z.number().int().nonnegative(),
  /** The line's total with GST after its discounts. */
  total_amount_for_each_product: money,
  vendor_details: vendorDetailsSchema,
  category: z.object({ category_code: z.string() }).nullish(),
  /** A designed product's choices and their description as they were when the order was placed. */
  customization: batDesignSchema.nullish(),
  customization_description: z.string().nullish(),
});
export type OrderProduct = z.infer<typeof orderProductSchema>;

export const orderPackageSchema = z.object({
  package_id: z.number().int().positive(),
  package_code: z.string(),
  quantity: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  pic_url: z.string(),
  package_type: packageTypeSchema,
  products: z.array(orderProductSchema),
});

const text = z.string().nullable();

export const orderSchema = z.object({
  order_id: z.string(),
  customer_order_id: z.string(),
  order_status: orderStatusSchema,
  /** ISO 8601. */
  creation_datetime: z.string(),
  success_datetime: z.string().nullable(),
  /** When an unpaid order releases its stock. */
  expires_at: z.string(),
  total_taxable_amount: money,
  total_taxes: money,
  /** total_taxes in the parts the invoice shows (as the estimate's gst); null on orders placed before it was kept. */
  gst: priceEstimateResponseSchema.shape.gst.nullable(),
  total_amount: money,
  coupon_discount: money,
  association_discount: money,
  other_discounts: z.array(z.object({ discount_name: z.string(), discount_value: money })),
  coupon_code: z.string().nullable(),
  associate_code: z.string().nullable(),
  currency: currencySchema,
  country_name_enum: z.string(),
  pricing_type: z.enum(PRICING_TYPES),
  payment_service: paymentServiceSchema,
  shipping_through: deliveryOptionSchema.nullable(),
  self_pickup_shipping_details: z
    .object({
      pickup_location: z.object({
        pickup_location_id: z.number().int(),
        consolidated_address: z.string(),
      }),
    })
    .nullable(),
  /** Tracking is present exactly when shipping details are. */
  shipping_details: z
    .object({
      shipping_charges: money,
      tracking_id: z.string().nullable(),
      first_name: z.string(),
      last_name: text,
      mobile_number: z.string(),
      email: z.string(),
      address_1: z.string(),
      address_2: text,
      city: z.string(),
      state: z.string(),
      country: z.string(),
      pin_code: z.string(),
    })
    .nullable(),
  billing_details: z.object({
    name: z.string(),
    postal_code: z.string(),
    address_1: z.string(),
    address_2: text,
    city: z.string(),
    state_name: z.string(),
    state_name_enum: text,
    country: z.string(),
    mobile_number: text,
    gst_details: z.object({ company_name: z.string(), gst_in: z.string(), gst_type: z.string() }).nullable(),
  }),
  order_game_keys_status: z.object({
    is_game_keys_required: z.boolean(),
    game_keys_assigned_status: z.enum(GAME_KEYS_ASSIGNED_STATUSES),
  }),
  /** The game keys assigned on payment (shown to the buyer and kept with the order). */
  game_keys: z.array(z.string()),
  /** The payment provider's id of the payment that paid the order (spec §1's transaction_id); null until paid. */
  payment_id: z.string().nullable(),
  packages: z.array(orderPackageSchema),
  /** The ad booking an ad package's order holds (its venue, devices, dates and creative); null for other orders. */
  ad_booking: adBookingSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/* ---- Reads and actions on one order ---- */

/** `{id}` in /order/{id}/… and /orders/{id}/…: the order_id of the create response. */
export const orderParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'Unknown order')
    .max(64, 'Unknown order')
    .regex(/^[A-Za-z0-9_-]+$/, 'Unknown order'),
});
export const orderDetailsQuerySchema = z.object({ order_id: orderParamsSchema.shape.id });

/** GET /order/{id}/status/v1/ (spec §3 Order status response). */
export const orderStatusResponseSchema = z.object({
  order_id: z.string(),
  order_status: orderStatusSchema,
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

/**
 * GET /order/{id}/cancel/v1/: an unpaid order is cancelled and its stock released; a paid one is refused (409). A
 * payment that still settles on it is refunded: `payment_in_flight` says the provider holds one that may.
 */
export const orderCancelResponseSchema = orderStatusResponseSchema.extend({
  payment_in_flight: z.boolean(),
});
export type OrderCancelResponse = z.infer<typeof orderCancelResponseSchema>;

/** GET /order/details/v1/?order_id= and GET /api/invoicing/orders/{id}/v1/. */
export const orderResponseSchema = z.object({ order: orderSchema });

/** GET /user/orders/v1/: the buyer's orders, newest first. */
export const userOrdersResponseSchema = z.object({ orders: z.array(orderSchema) });

/**
 * POST /api/invoicing/orders/{id}/fetch_and_update_payment_status/v1/. With the card provider's signed result (the
 * browser's shortcut) the server verifies the signature against the stored provider order id; without one it asks
 * the provider. Either way the answer is the order's status after reconciling.
 */
export const paymentResultSchema = z.object({
  provider_order_id: z.string().trim().min(1).max(128),
  provider_payment_id: z.string().trim().min(1).max(128),
  signature: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/i, 'Invalid payment signature'),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;
export const fetchAndUpdatePaymentStatusRequestSchema = z
  .object({ payment_result: paymentResultSchema.nullish() })
  .default({});
export const fetchAndUpdatePaymentStatusResponseSchema = orderStatusResponseSchema;
