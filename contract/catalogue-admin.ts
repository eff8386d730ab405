import { z } from 'zod';
import {
  availabilityTypeSchema,
  currencySchema,
  majorAmountSchema as money,
  packageTypeSchema,
  productSchema,
} from './catalogue';

/*
 * The operator's calls on the catalogue (Bearer operator token, from this machine only; `npm run shop -- catalogue …`).
 * Apart from ./catalogue so that the shop's pages, which evaluate that contract whole, never build these schemas.
 */

/** Major units up to one crore: its minor units fit the database's integer column. */
export const OPERATOR_AMOUNT_MAX = 10_000_000;
const operatorAmount = money
  .max(OPERATOR_AMOUNT_MAX, `Use an amount up to ${OPERATOR_AMOUNT_MAX}`)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use an amount with at most two decimals');
const productCodeField = z.string().trim().min(1, 'Name a product code').max(100);

/** POST /api/commerce/admin/catalogue/price/v1/ — a product's unit price before tax in one currency. */
export const catalogueAdminPriceRequestSchema = z.object({
  product_code: productCodeField,
  currency: currencySchema,
  /** Major units: 54999 is ₹54,999. */
  amount: operatorAmount,
  /** The pre-offer price shown crossed out; null removes it; omitted keeps it unless it is not above the new amount. */
  original_amount: operatorAmount.nullable().optional(),
});
export type CatalogueAdminPriceRequest = z.input<typeof catalogueAdminPriceRequestSchema>;

/** POST /api/commerce/admin/catalogue/stock/v1/ — set a product's stock (LIMITED needs a quantity). */
export const catalogueAdminStockRequestSchema = z
  .object({
    product_code: productCodeField,
    availability_type: availabilityTypeSchema.default('LIMITED'),
    /** Units on hand; omitted with UNLIMITED keeps the stored number. */
    available_quantity: z.number().int().min(0).max(10_000_000).optional(),
  })
  .refine((v) => v.availability_type === 'UNLIMITED' || v.available_quantity !== undefined, {
    message: 'Give the available quantity for LIMITED stock',
    path: ['available_quantity'],
  });
export type CatalogueAdminStockRequest = z.input<typeof catalogueAdminStockRequestSchema>;

/** A product as the catalogue has it (its fields as a package's product carries them), with every currency's price. */
export const catalogueAdminProductSchema = productSchema
  .pick({
    product_id: true,
    product_code: true,
    name: true,
    product_type: true,
    availability_type: true,
    available_quantity: true,
    is_out_of_stock: true,
    hsn_code: true,
    gst_rate: true,
  })
  .extend({
    prices: z.array(
      z.object({
        currency: currencySchema,
        taxable_amount: money,
        original_taxable_amount: money.nullable(),
      }),
    ),
  });
export type CatalogueAdminProduct = z.infer<typeof catalogueAdminProductSchema>;

export const catalogueAdminProductResponseSchema = z.object({ product: catalogueAdminProductSchema });

/** GET /api/commerce/admin/catalogue/v1/ — every product with its prices and stock, and every package. */
export const catalogueAdminListResponseSchema = z.object({
  products: z.array(catalogueAdminProductSchema),
  packages: z.array(
    z.object({
      package_id: z.number().int().positive(),
      package_code: z.string(),
      package_type: packageTypeSchema,
      available_in: z.array(z.string()),
      is_out_of_stock: z.boolean(),
    }),
  ),
});
export type CatalogueAdminList = z.infer<typeof catalogueAdminListResponseSchema>;
