import { currencySchema } from '@contract/catalogue';
import { batDesignSchema } from '@contract/pricing';
import { z } from 'zod';

/*
 * The stored cart's shape, checked when it is read back from IndexedDB. A module of its own so that zod loads
 * with that first read, after the first paint, and not with the shell (cart.ts imports only its types).
 * Unknown keys are dropped on read, so a cart stored with a field since removed (lastSeenPrice) still loads.
 */

export const cartItemSchema = z.object({
  /** `${packageId}:${productId}`, and `:${designKey}` for a designed product (a line per distinct design). */
  id: z.string().min(1),
  /** Unit price (taxable amount of one unit) in minor units. */
  price: z.number().int().nonnegative(),
  /** What the buyer pays for (0 only for a fixed package's zero-quantity product, spec §3). */
  quantity: z.number().int().nonnegative(),
  itemTotal: z.number().int().nonnegative(),
  currency: currencySchema,
  packageId: z.number().int(),
  packageCode: z.string(),
  packageName: z.string(),
  packageType: z.enum(['fixed', 'customizable']),
  /** Fixed packages: how many of the package are in the cart, and how many of this product one holds. */
  packageCount: z.number().int().positive(),
  unitsPerPackage: z.number().int().nonnegative(),
  /** Spec §2's only-game-product flag (the package holds only game products); carts stored before it get it on read. */
  onlyGameProduct: z.boolean().optional(),
  /**
   * Fixed packages: what this line costs in one package (minor units). A package with its own bundle price
   * spreads it over its lines, so this (not price × units) is what the line adds per package.
   */
  packageLineAmount: z.number().int().nonnegative().nullable(),
  productId: z.number().int(),
  productCode: z.string(),
  productType: z.string(),
  name: z.string(),
  description: z.string().default(''),
  picUrl: z.string(),
  /** Spec §3 cart-side product: the line's estimate (minor units, with tax); null until the catalogue gives one. */
  priceEstimateDetails: z.object({ totalAmount: z.number().int().nonnegative() }).nullable().default(null),
  outOfStock: z.boolean(),
  /** The package is no longer sold in the buyer's country (or the product left it). */
  unavailable: z.boolean(),
  /** A designed product's choices (the custom bat), priced into `price`; null on every other line. */
  customization: batDesignSchema.nullable().default(null),
  /** The design in the catalogue's words when it was added ("English willow grade 1, SH, …"). */
  customizationDescription: z.string().nullable().default(null),
  /** The price before the last check changed it (same currency only); null when it did not change. */
  priceChangedFrom: z.number().int().nonnegative().nullable(),
});

export const cartMetadataSchema = z.object({
  /** When the server last confirmed these prices (ms since the epoch); null before the first check. */
  pricesCheckedAt: z.number().nullable(),
  /** The country the prices were last checked for. */
  countryCode: z.string().nullable(),
  updatedAt: z.number(),
});
export type CartMetadata = z.infer<typeof cartMetadataSchema>;

export const cartRecordSchema = z
  .object({ items: z.array(cartItemSchema), metadata: cartMetadataSchema })
  .transform(({ items, metadata }) => ({
    // A cart stored before the flag existed: a fixed package whose held products are all games.
    items: items.map((line) => ({
      ...line,
      onlyGameProduct:
        line.onlyGameProduct ??
        (line.packageType === 'fixed' &&
          items.every(
            (other) =>
              other.packageId !== line.packageId || other.quantity === 0 || other.productType === 'game',
          )),
    })),
    metadata,
  }));
export type CartRecord = z.output<typeof cartRecordSchema>;
/** A line as the cart holds it (every field set, old records migrated). */
export type CartItem = CartRecord['items'][number];
