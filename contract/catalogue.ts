import { z } from 'zod';

/*
 * The catalogue on the wire (spec §3 Package, Category, Product; §5 Stock; §7 Orders, pricing and shipping).
 * Field names are the spec's snake_case. Money is in MAJOR units as JSON numbers (₹7,999 → 7999, $12.50 → 12.5);
 * the server stores and computes integer minor units and converts only at this boundary.
 */

/** ISO 3166-1 alpha-2 country code, upper case (the spec's country_name_enum; default IN). */
export const countryCodeSchema = z
  .string()
  .trim()
  .length(2, 'Use a two-letter country code such as IN or US')
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(COUNTRY_CODE_PATTERN, 'Use a two-letter country code such as IN or US'));
export { DEFAULT_COUNTRY } from './constants';

import { BAT_OPTION_GROUPS } from './bat-design';
import { DEFAULT_COUNTRY } from './constants';
import { CURRENCIES } from './money';
import { COUNTRY_CODE_PATTERN, DB_INT_MAX, EMAIL_MAX_LENGTH } from './patterns';

/** A package, product or category code as a caller names it. */
const codeSchema = z.string().min(1).max(64);

export { CURRENCIES };
export const currencySchema = z.enum(CURRENCIES);

export const PACKAGE_TYPES = ['fixed', 'customizable', 'ad'] as const;
export const packageTypeSchema = z.enum(PACKAGE_TYPES, { error: 'Invalid package type' });
export type PackageType = z.infer<typeof packageTypeSchema>;

export const PRODUCT_TYPES = ['game', 'default', 'ad'] as const;
export const productTypeSchema = z.enum(PRODUCT_TYPES, { error: 'Invalid product type' });
export type ProductType = z.infer<typeof productTypeSchema>;

/** A product is out of stock when its availability type is not UNLIMITED and its available quantity is not above 0. */
export const AVAILABILITY_TYPES = ['UNLIMITED', 'LIMITED'] as const;
export const availabilityTypeSchema = z.enum(AVAILABILITY_TYPES);
export type AvailabilityType = z.infer<typeof availabilityTypeSchema>;

export {
  LICENCE_PRODUCT_CODE_LIST,
  LICENCE_PRODUCT_CODES,
  PACKAGE_CODES,
  SINGLE_QUANTITY_PRODUCT_CODES,
} from './constants';

/** Payment services: one for the card provider (modal), one for the hosted-link provider (spec §3). */
export const PAYMENT_SERVICES = ['CARD_MODAL', 'PAYMENT_LINK'] as const;
export const paymentServiceSchema = z.enum(PAYMENT_SERVICES);
export type PaymentService = z.infer<typeof paymentServiceSchema>;

/** An amount in major units, as the wire carries it. */
const money = z.number().finite().nonnegative();

export { money as majorAmountSchema };

export const vendorDetailsSchema = z.discriminatedUnion('vendor_type', [
  z.object({ vendor_type: z.literal('SELF'), vendor_name: z.string() }),
  z.object({ vendor_type: z.literal('OTHER'), name: z.string() }),
]);
export type VendorDetails = z.infer<typeof vendorDetailsSchema>;

/** Per-line estimate (spec §3 Product-level estimate: price_estimate_details). */
export const priceEstimateDetailsSchema = z.object({
  quantity: z.number().int().nonnegative(),
  total_amount: money,
  total_taxable_amount: money,
  total_tax: money,
  total_discount: money,
});

/** One choice of a designed bat, with what it adds to the bat's price before tax. */
export const batOptionSchema = z.object({
  code: z.string(),
  /** As a design's description reads it: "English willow grade 1", "SH", "oval handle". */
  label: z.string(),
  /** A line more for the buyer choosing: "Short handle, 33.5 in, most adults". */
  detail: z.string(),
  price_delta: z.number().finite(),
  /** The willow's colour in the preview (#rrggbb), null where it does not apply. */
  colour: z.string().nullable(),
  /** The bat's overall length in millimetres, for a size. */
  length_mm: z.number().int().positive().nullable(),
});
export type BatOption = z.infer<typeof batOptionSchema>;

/** The choices of a product made to the buyer's design; every group must be chosen. */
export const batOptionsSchema = z.object({
  groups: z.array(
    z.object({ group: z.enum(BAT_OPTION_GROUPS), name: z.string(), options: z.array(batOptionSchema) }),
  ),
  engraving_max_length: z.number().int().nonnegative(),
});
export type BatOptions = z.infer<typeof batOptionsSchema>;

export const productSchema = z.object({
  product_id: z.number().int().positive(),
  product_code: z.string(),
  name: z.string(),
  description: z.string(),
  pic_url: z.string(),
  /** Every picture of the product, the first being pic_url. */
  pictures: z.array(z.string()),
  product_type: productTypeSchema,
  availability_type: availabilityTypeSchema,
  available_quantity: z.number().int(),
  /** Derived on the server by the spec §5 stock rule. */
  is_out_of_stock: z.boolean(),
  /** Price of one unit before tax, in the package's currency. */
  taxable_amount: money,
  /** The regular unit price before the current offer, shown crossed out; null when there is no offer. */
  original_taxable_amount: money.nullable(),
  hsn_code: z.string(),
  /** GST rate in percent (e.g. 18) charged to this buyer: 0 on export (any country but IN). */
  gst_rate: z.number().nonnegative(),
  category: z.object({ category_code: z.string() }).nullable(),
  /** Quantity in the package (0 when absent). */
  quantity: z.number().int().nonnegative().default(0),
  /** taxable_amount × quantity: the line before tax (the package's price is the sum of these). */
  total_amount_for_each_product: money,
  vendor_details: vendorDetailsSchema,
  more_details_link: z.string().nullable(),
  price_estimate_details: priceEstimateDetailsSchema.optional(),
  /** A product made to the buyer's design (the custom bat): its choices and their prices; absent otherwise. */
  customization_options: batOptionsSchema.nullish(),
});
export type Product = z.infer<typeof productSchema>;

export const categorySchema = z.object({
  category_code: z.string(),
  name: z.string(),
  description: z.string(),
  pic_url: z.string(),
  /** product_ids of the package's products in this category. */
  products: z.array(z.number().int().positive()),
});
export type Category = z.infer<typeof categorySchema>;

export const paymentServiceDetailSchema = z.object({
  payment_service: paymentServiceSchema,
  payment_service_description: z.string(),
});

export const adAssetSchema = z.object({
  asset_url: z.string(),
  asset_template_image_config_id: z.number().int(),
});

export const adDeviceSchema = z.object({ device_name: z.string(), device_id: z.string() });

/** The ad side of an ad package (spec §3: startDate, endDate, devices, adConfigId, adName, venue, adAssets). */
export const adDetailsSchema = z.object({
  ad_config_id: z.number().int().positive(),
  ad_name: z.string(),
  venue: z.string(),
  /** First and last bookable day, yyyy-MM-dd. */
  start_date: z.string(),
  end_date: z.string(),
  devices: z.array(adDeviceSchema),
  ad_assets: z.array(adAssetSchema),
  /** Price of one device for one day, before tax. */
  cost_per_device_per_day: money,
});
export type AdDetails = z.infer<typeof adDetailsSchema>;

export const packageSchema = z.object({
  package_id: z.number().int().positive(),
  package_code: z.string(),
  name: z.string(),
  description: z.string(),
  pic_url: z.string(),
  pictures: z.array(z.string()),
  package_type: packageTypeSchema,
  /** The buyer's country the prices are for, and its currency. */
  country_code: z.string(),
  currency: currencySchema,
  /** Countries this package can be bought in ("currently available in"). */
  available_in: z.array(z.string()),
  categories: z.array(categorySchema),
  /** Fixed packages keep zero-quantity products; customizable and ad packages drop them. */
  products: z.array(productSchema),
  /** Sum of the products' taxable amounts × quantities unless the package sets its own price. */
  price: money,
  /** The regular price before the current offer, shown crossed out; null when there is no offer. */
  original_price: money.nullable(),
  quantity: z.number().int().nonnegative(),
  /** One out-of-stock product marks a fixed package out of stock. */
  is_out_of_stock: z.boolean(),
  /** Lowest monthly no-cost EMI instalment, on fixed packages where no-cost EMI applies. */
  emi_starts_from_amount: money.nullable(),
  is_shipping_required: z.boolean(),
  ad_details: adDetailsSchema.nullable(),
});
export type Package = z.infer<typeof packageSchema>;

/** Package-level estimate (spec §3: totalAmount, totalTaxableAmount, totalTax, totalDiscount). */
export const packagePriceEstimateSchema = z.object({
  total_amount: money,
  total_taxable_amount: money,
  total_tax: money,
  total_discount: money,
});

export const packageWithEstimateSchema = packageSchema.extend({
  price_estimate: packagePriceEstimateSchema,
});
export type PackageWithEstimate = z.infer<typeof packageWithEstimateSchema>;

// ---- Requests and responses ----

/** GET /api/commerce/packages/{id}/v1/ */
export const packageParamsSchema = z.object({
  id: z.coerce.number().int().positive('Unknown package').max(DB_INT_MAX, 'Unknown package'),
});
export const countryQuerySchema = z.object({
  country_name_enum: countryCodeSchema.default(DEFAULT_COUNTRY),
});
export const packageResponseSchema = z.object({ package: packageSchema });

/** Comma-separated list in a query string, or a repeated parameter. */
const codeList = z
  .union([z.string().max(4096), z.array(z.string().max(64)).max(50)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(codeSchema).min(1, 'Name at least one package code').max(50));

/** GET /api/commerce/packages/available/price_estimate/v1/?package_codes=SOLO,FAMILY&country_name_enum=IN */
export const availablePriceEstimateQuerySchema = z.object({
  package_codes: codeList,
  country_name_enum: countryCodeSchema.default(DEFAULT_COUNTRY),
});
export const availablePriceEstimateResponseSchema = z.object({
  country_code: z.string(),
  currency: currencySchema,
  packages: z.array(packageWithEstimateSchema),
});

/**
 * POST /api/commerce/packages/available/v1/ — the package availability request (package_codes,
 * country_name_enum defaulting to IN) with optional filters. Every filter narrows the result.
 */
export const availablePackagesRequestSchema = z.object({
  package_codes: z.array(codeSchema).max(50).optional(),
  country_name_enum: countryCodeSchema.default(DEFAULT_COUNTRY),
  package_types: z
    .array(packageTypeSchema)
    .max(PACKAGE_TYPES.length * 2)
    .optional(),
  product_types: z
    .array(productTypeSchema)
    .max(PRODUCT_TYPES.length * 2)
    .optional(),
  category_codes: z.array(codeSchema).max(50).optional(),
  /** false hides packages that are out of stock. */
  include_out_of_stock: z.boolean().default(true),
});
export type AvailablePackagesRequest = z.input<typeof availablePackagesRequestSchema>;
export const availablePackagesResponseSchema = z.object({
  country_code: z.string(),
  currency: currencySchema,
  packages: z.array(packageSchema),
});

/** GET /config/packagesAvailabilityConfig.json — which package is sold where (the static availability list). */
export const packagesAvailabilityConfigSchema = z.object({
  generated_at: z.string(),
  international_payments_enabled: z.boolean(),
  packages: z.array(
    z.object({
      package_code: z.string(),
      package_type: packageTypeSchema,
      available_in: z.array(z.string()),
      is_out_of_stock: z.boolean(),
    }),
  ),
});

/** POST /api/invoicing/packages/payment_services/v1/ */
export const paymentServicesRequestSchema = z.object({
  package_codes: z.array(codeSchema).min(1, 'Name at least one package code').max(50),
  /** The buyer's country: its currency decides the services (the payment link is for INR only). */
  country_name_enum: countryCodeSchema.default(DEFAULT_COUNTRY),
});
export const paymentServicesResponseSchema = z.object({
  packages: z.array(
    z.object({
      package_id: z.number().int().positive(),
      package_code: z.string(),
      payment_services_details: z.array(paymentServiceDetailSchema),
    }),
  ),
});

/** GET /api/commerce/packages/{id}/last_sale/v1/ — when an out-of-stock package last sold and when it is due back. */
export const lastSaleResponseSchema = z.object({
  package_id: z.number().int().positive(),
  package_code: z.string(),
  /** ISO date-time of the last sale, null when it never sold. */
  last_sale_datetime: z.string().nullable(),
  /** Units sold in the last 30 days. */
  units_sold_last_30_days: z.number().int().nonnegative(),
  /** ISO date of the expected restock, null when unknown. */
  expected_restock_date: z.string().nullable(),
});

/** POST /api/commerce/packages/{id}/notify_me/v1/ — tell me when it is back. At least one contact is required. */
export const notifyMeRequestSchema = z
  .object({
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX_LENGTH, 'Enter a valid email id')
      .pipe(z.email('Enter a valid email id'))
      .optional(),
    /** Mobile number with its country dial code, e.g. +919876543210. */
    phone_number: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'Enter the mobile number with its country code, e.g. +919876543210')
      .optional(),
    country_name_enum: countryCodeSchema.default(DEFAULT_COUNTRY),
  })
  .refine((v) => v.email !== undefined || v.phone_number !== undefined, {
    message: 'Enter an email id or a mobile number',
    path: ['email'],
  });
export const notifyMeResponseSchema = z.object({
  notify_me_id: z.number().int().positive(),
  package_code: z.string(),
  /** false when the same contact had already asked for this package: the request is kept once. */
  created: z.boolean(),
});

/**
 * POST /api/commerce/book_a_demo/notify_me/v1/ — tell me when demos open (spec §2 /book-a-demo-notify-me; only while
 * the book-a-demo flag is on). The body is the package notify-me's; the answer has no package.
 */
export const demoNotifyMeResponseSchema = notifyMeResponseSchema.omit({ package_code: true });
