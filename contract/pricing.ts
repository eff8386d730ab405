import { z } from 'zod';
import {
  BAT_ENGRAVING_MAX_LENGTH,
  BAT_ENGRAVING_MESSAGE,
  BAT_ENGRAVING_PATTERN,
  BAT_OPTION_CODE_PATTERN,
  BAT_OPTION_GROUP_NAMES,
} from './bat-design';
import { availabilityTypeSchema, currencySchema, packageTypeSchema, productTypeSchema } from './catalogue';
import { PRICING_TYPES, SUPPLY_TYPES } from './constants';
import { DB_INT_MAX } from './patterns';

/*
 * The price estimate on the wire (spec §3 Price estimate request and response, §7 Orders, pricing and shipping).
 * Snake_case throughout, as the catalogue: the spec's package-level totalAmount… is `price_estimate.total_amount`,
 * the product-level isOutOfStock is `is_out_of_stock`. Money is in MAJOR units; the server computes in minor units.
 */

/** Spec §5 delivery options: SELF_PICKUP ("Self Pickup") and SHIPPING_SERVICE ("Delivery"). */
export const DELIVERY_OPTIONS = ['SELF_PICKUP', 'SHIPPING_SERVICE'] as const;
export const deliveryOptionSchema = z.enum(DELIVERY_OPTIONS, {
  error: 'Choose SELF_PICKUP or SHIPPING_SERVICE',
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

export { PRICING_TYPES, type PricingType, SUPPLY_TYPES, type SupplyType } from './constants';

export const ESTIMATE_MAX_PACKAGES = 20;
export const ESTIMATE_MAX_PRODUCTS_PER_PACKAGE = 20;
/** The most of one product a line may ask for (an ad line counts days × devices). */
export const ESTIMATE_MAX_QUANTITY = 1000;
export const DISCOUNT_CODE_MAX_LENGTH = 32;

const idSchema = (what: string) =>
  z
    .number({ error: `Give the ${what} id as a number` })
    .int(`Give the ${what} id as a whole number`)
    .positive(`Unknown ${what}`)
    .max(DB_INT_MAX, `Unknown ${what}`);

const optionCode = (group: keyof typeof BAT_OPTION_GROUP_NAMES) => {
  const message = `Choose a ${BAT_OPTION_GROUP_NAMES[group].toLowerCase()} from the list`;
  return z.string({ error: message }).regex(BAT_OPTION_CODE_PATTERN, message);
};

/** A designed bat's choices: option codes the server prices from the catalogue, and the engraved name. */
export const batDesignSchema = z.object({
  willow: optionCode('willow'),
  size: optionCode('size'),
  weight: optionCode('weight'),
  handle: optionCode('handle'),
  grip: optionCode('grip'),
  engraving: z
    .string({ error: BAT_ENGRAVING_MESSAGE })
    .trim()
    .max(BAT_ENGRAVING_MAX_LENGTH, BAT_ENGRAVING_MESSAGE)
    .regex(BAT_ENGRAVING_PATTERN, BAT_ENGRAVING_MESSAGE)
    .default(''),
});

export const estimateProductSchema = z.object({
  product_id: idSchema('product'),
  quantity: z
    .number({ error: 'Give the quantity as a number' })
    .int('Give the quantity as a whole number')
    .min(0, 'The quantity cannot be negative')
    .max(ESTIMATE_MAX_QUANTITY, `Choose at most ${ESTIMATE_MAX_QUANTITY} of a product`),
  /** The design of a product made to order (the custom bat); a product may be listed once per distinct design. */
  customization: batDesignSchema.nullish(),
});

export const estimatePackageSchema = z.object({
  package_id: idSchema('package'),
  products: z
    .array(estimateProductSchema)
    .max(ESTIMATE_MAX_PRODUCTS_PER_PACKAGE, 'Too many products in one package'),
});
export type EstimatePackage = z.infer<typeof estimatePackageSchema>;

/** A coupon or associate code as typed: blank means none; upper-cased. */
export const discountCodeSchema = (message: string) =>
  z
    .string()
    .trim()
    .max(DISCOUNT_CODE_MAX_LENGTH, message)
    .regex(/^[A-Za-z0-9_-]*$/, message)
    .transform((v) => (v === '' ? null : v.toUpperCase()))
    .nullish();

/** Free text the buyer chose from a list (state, country): bounded, never trusted beyond a lookup. */
export const placeName = z.string().trim().max(100, 'Choose a value from the list').nullish();

export const estimateBillingDetailsSchema = z.object({
  state_name_enum: placeName,
  country_name_enum: placeName,
});

export const priceEstimateRequestSchema = z.object({
  packages: z
    .array(estimatePackageSchema)
    .min(1, 'Choose at least one package')
    .max(ESTIMATE_MAX_PACKAGES, `Choose at most ${ESTIMATE_MAX_PACKAGES} packages`),
  coupon_code: discountCodeSchema('Enter a valid coupon code'),
  associate_code: discountCodeSchema('Enter a valid referral code'),
  /** The licence and business-kit checkouts' invite code (spec §2): checked here as the buyer applies it. */
  invite_code: discountCodeSchema('Enter a valid invite code'),
  /** The buyer's state as shown (spec stateName); billing_details.state_name_enum wins when both are sent. */
  state_name: placeName,
  /** The buyer's country (spec countryName); falls back to India when unknown (spec §5). */
  country_name: placeName,
  shipping_pin_code: z
    .string()
    .trim()
    .max(12, 'enter a valid pincode')
    .regex(/^[A-Za-z0-9 -]*$/, 'enter a valid pincode')
    .nullish(),
  /** Sent only when self pickup is enabled (spec §3); absent means delivery. */
  shipping_through: deliveryOptionSchema.nullish(),
  billing_details: estimateBillingDetailsSchema.nullish(),
});
export type PriceEstimateRequest = z.input<typeof priceEstimateRequestSchema>;

const money = z.number().finite().nonnegative();

export const namedDiscountSchema = z.object({ discount_name: z.string(), discount_value: money });
export type NamedDiscount = z.infer<typeof namedDiscountSchema>;

export const estimateLineDetailsSchema = z.object({
  quantity: z.number().int().nonnegative(),
  total_amount: money,
  total_taxable_amount: money,
  total_tax: money,
  total_discount: money,
});

export const estimateProductResultSchema = z.object({
  product_id: z.number().int().positive(),
  product_code: z.string(),
  name: z.string(),
  product_type: productTypeSchema,
  availability_type: availabilityTypeSchema,
  available_quantity: z.number().int(),
  /** Spec §5, and also when more are asked for than a LIMITED product has. */
  is_out_of_stock: z.boolean(),
  /** One unit before tax and discounts. */
  taxable_amount: money,
  quantity: z.number().int().nonnegative(),
  /** The GST rate in percent charged on this line (0 on export). */
  gst_rate: z.number().nonnegative(),
  applicable_discounts: z.array(namedDiscountSchema),
  price_estimate_details: estimateLineDetailsSchema,
  /** The design this line was priced for (its options included in taxable_amount), and its description. */
  customization: batDesignSchema.nullish(),
  customization_description: z.string().nullish(),
});
export type EstimateProductResult = z.infer<typeof estimateProductResultSchema>;

export const estimatePackageResultSchema = z.object({
  package_id: z.number().int().positive(),
  package_code: z.string(),
  name: z.string(),
  package_type: packageTypeSchema,
  /** How many of a fixed package (its contents times this); 1 for the others. */
  quantity: z.number().int().positive(),
  is_out_of_stock: z.boolean(),
  is_shipping_required: z.boolean(),
  price_estimate: estimateLineDetailsSchema.omit({ quantity: true }),
  products: z.array(estimateProductResultSchema),
});
export type EstimatePackageResult = z.infer<typeof estimatePackageResultSchema>;

export const priceEstimateResponseSchema = z.object({
  country_code: z.string(),
  currency: currencySchema,
  /** The order before discounts: goods with GST, plus shipping. */
  total_price: money,
  taxable_amount: money,
  tax_amount: money,
  shipping_charges: money,
  /** coupon + association + other discounts. */
  discounts: money,
  coupon_discount: money,
  association_discount: money,
  other_discounts: z.array(namedDiscountSchema),
  /** What the buyer pays: total_price − discounts = taxable + tax + shipping (spec §5's subtotal). */
  amount_payable: money,
  pricing_type: z.enum(PRICING_TYPES),
  /** The lowest monthly no-cost EMI instalment; 0 with FULL_PAYMENT. */
  emi_amount_starting_from: money,
  /** Months of the longest no-cost EMI offered; null with FULL_PAYMENT. */
  emi_tenure_months: z.number().int().positive().nullable(),
  is_shipping_required: z.boolean(),
  is_out_of_stock: z.boolean(),
  /** The GST parts: CGST + SGST within the seller's state, IGST across states, none on export. */
  gst: z.object({
    supply: z.enum(SUPPLY_TYPES),
    cgst: money,
    sgst: money,
    igst: money,
  }),
  /** The codes applied (upper-cased), null when none. */
  coupon_code: z.string().nullable(),
  associate_code: z.string().nullable(),
  associate_name: z.string().nullable(),
  packages: z.array(estimatePackageResultSchema),
});
export type PriceEstimateResponse = z.infer<typeof priceEstimateResponseSchema>;
