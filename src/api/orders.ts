import { RES_STATUS } from '@contract/constants';
import { type Currency, isCurrency } from '@contract/money';
import {
  fetchAndUpdatePaymentStatusResponseSchema,
  type Order,
  type OrderCreateRequest,
  type OrderCreateResponse,
  orderCancelResponseSchema,
  orderCreateResponseSchema,
  orderResponseSchema,
  orderStatusResponseSchema,
  type PaymentResult,
  userOrdersResponseSchema,
} from '@contract/orders';
import { z } from 'zod';
import { apiRequest } from './client';
import { isApiError } from './errors';

/*
 * The stored order's details (spec §3 Order, §7 GET /order/details/v1/), as the checkout reads them to route its
 * flow (spec §4 step 3) and to prefill the form (spec §3 "Previous order data reused to prefill the form").
 * Only what the checkout reads is checked; the rest of the order is left to the order screens.
 */

const text = z.string().max(500).nullish();

const orderDetailsSchema = z.object({
  order_id: z.union([z.string(), z.number()]).transform(String),
  country_name_enum: text,
  shipping_through: z.enum(['SELF_PICKUP', 'SHIPPING_SERVICE']).nullish(),
  shipping_details: z
    .object({
      mobile_number: text,
      address_1: text,
      address_2: text,
      city: text,
      pin_code: text,
    })
    .nullish(),
  billing_details: z
    .object({
      name: text,
      postal_code: text,
      address_1: text,
      address_2: text,
      city: text,
      gst_details: z.object({ company_name: text, gst_in: text, gst_type: text }).nullish(),
    })
    .nullish(),
});
const orderDetailsResponseSchema = z.union([z.object({ order: orderDetailsSchema }), orderDetailsSchema]);
export type WireOrderDetails = z.infer<typeof orderDetailsSchema>;

/** GET /api/commerce/order/details/v1/?order_id=…: the signed-in buyer's order. */
export async function fetchOrderDetails(
  orderId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<WireOrderDetails> {
  const answer = await apiRequest({
    service: 'commerce',
    path: '/order/details/v1/',
    query: { order_id: orderId },
    auth: 'main',
    schema: orderDetailsResponseSchema,
    signal,
  });
  return 'order' in answer ? answer.order : answer;
}

/*
 * Orders and payments (spec §7): create, status, cancel, history, and the payment status reconciliation. Every call
 * is the signed-in buyer's; the server refuses another buyer's order.
 */

/** A create refused 409 PRICE_CHANGED: the order's total now (major units), for the buyer to check. */
export function changedTotalOf(error: unknown): { totalAmount: number; currency: Currency } | null {
  if (!isApiError(error) || error.resStatus !== RES_STATUS.PRICE_CHANGED) return null;
  const data = (error.body as { data?: { total_amount?: unknown; currency?: unknown } } | undefined)?.data;
  const currency = data?.currency;
  return typeof data?.total_amount === 'number' && isCurrency(currency)
    ? { totalAmount: data.total_amount, currency }
    : null;
}

/** POST /order/create/…: `idempotencyKey` makes a retry of the same attempt return the same order. */
export function createOrder(
  request: OrderCreateRequest,
  {
    idempotencyKey,
    international,
    signal,
  }: { idempotencyKey: string; international: boolean; signal?: AbortSignal },
): Promise<OrderCreateResponse> {
  return apiRequest({
    service: 'commerce',
    path: international ? '/order/create/multiple_packages/v2/' : '/order/create/multiple_packages/v1/',
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: orderCreateResponseSchema,
    signal,
  });
}

const orderPath = (orderId: string, rest: string) => `/order/${encodeURIComponent(orderId)}/${rest}`;

/** GET /order/{id}/status/v1/ (spec §4 Order status polling). */
export function fetchOrderStatus(orderId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest({
    service: 'commerce',
    path: orderPath(orderId, 'status/v1/'),
    schema: orderStatusResponseSchema,
    signal,
  });
}

/** GET /order/{id}/cancel/v1/: releases an unpaid order's stock. */
export function cancelOrder(orderId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest({
    service: 'commerce',
    path: orderPath(orderId, 'cancel/v1/'),
    schema: orderCancelResponseSchema,
    signal,
  });
}

/** GET /user/orders/v1/: the buyer's orders, newest first. */
export async function fetchUserOrders({ signal }: { signal?: AbortSignal } = {}): Promise<Order[]> {
  const answer = await apiRequest({
    service: 'commerce',
    path: '/user/orders/v1/',
    schema: userOrdersResponseSchema,
    signal,
  });
  return answer.orders;
}

/** GET /api/invoicing/orders/{id}/v1/: one order in full. */
export async function fetchOrder(orderId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Order> {
  const answer = await apiRequest({
    service: 'invoicing',
    path: `/orders/${encodeURIComponent(orderId)}/v1/`,
    schema: orderResponseSchema,
    signal,
  });
  return answer.order;
}

/**
 * POST /api/invoicing/orders/{id}/fetch_and_update_payment_status/v1/: with the card provider's signed result the
 * server verifies it; without, it asks the provider. Answers the order's status after reconciling.
 */
export function fetchAndUpdatePaymentStatus(
  orderId: string,
  paymentResult: PaymentResult | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest({
    service: 'invoicing',
    path: `/orders/${encodeURIComponent(orderId)}/fetch_and_update_payment_status/v1/`,
    method: 'POST',
    body: { payment_result: paymentResult },
    schema: fetchAndUpdatePaymentStatusResponseSchema,
    signal,
  });
}
