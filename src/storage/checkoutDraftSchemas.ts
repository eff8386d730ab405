import { PRICING_TYPES, SUPPLY_TYPES } from '@contract/constants';
import { CURRENCIES } from '@contract/money';
import { z } from 'zod';

/* The schemas of the checkout's local records (./checkoutDraft), loaded with the first record to check. */

/** The longest value a draft field keeps: a form field, not a document. */
const FIELD_MAX_LENGTH = 500;

export const checkoutDraftSchema = z.object({
  /** The form's values by field name (the one-time code is never kept). */
  values: z.record(z.string().max(64), z.union([z.string().max(FIELD_MAX_LENGTH), z.boolean()])),
  useDifferentBillingAddress: z.boolean(),
  /** state_name_enum of the chosen state, '' when none. */
  state: z.string().max(100),
});
export type CheckoutDraft = z.infer<typeof checkoutDraftSchema>;

const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** The checkout's last estimate as its price view (minor units), for the order it priced. */
export const checkoutEstimateSchema = z.object({
  /** Which order it priced (its lines and country): shown again only for the same. */
  key: z.string().max(20_000),
  receivedAt: z.number().int().min(0),
  view: z.object({
    currency: z.enum(CURRENCIES),
    totalPrice: amount,
    taxableAmount: amount,
    taxAmount: amount,
    shippingCharges: amount,
    couponDiscount: amount,
    associationDiscount: amount,
    otherDiscounts: z.array(z.object({ name: z.string().max(200), value: amount })).max(20),
    subtotal: amount,
    pricingType: z.enum(PRICING_TYPES),
    emiAmountStartingFrom: amount,
    emiTenureMonths: z.number().int().positive().nullable(),
    isShippingRequired: z.boolean(),
    // Kept before the tax was split: shown as one GST row.
    gst: z
      .object({ supply: z.enum(SUPPLY_TYPES), cgst: amount, sgst: amount, igst: amount })
      .nullable()
      .default(null),
  }),
});
export type CheckoutEstimateRecord = z.infer<typeof checkoutEstimateSchema>;

export const lastOrderDetailsSchema = z.object({
  orderId: z.string().min(1).max(100),
  /** 'ad': the order books the ad booking (paid, it clears that booking, not the cart). */
  booking: z.literal('ad').optional(),
});
export type LastOrderDetails = z.infer<typeof lastOrderDetailsSchema>;
