import { z } from 'zod';
import { apiRequest } from './client';

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
