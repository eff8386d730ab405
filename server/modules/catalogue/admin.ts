import type { CatalogueAdminList, CatalogueAdminProduct } from '@contract/catalogue-admin';
import { type Currency, minorPerMajor, toMajor, toMinor } from '@contract/money';
import { HttpError } from '../../errors';
import type { CatalogueStore } from './memory';
import { isProductOutOfStock, packageStock } from './price';
import { notFound } from './read';
import {
  type CatalogueProduct,
  findProductId,
  loadPackages,
  loadProducts,
  writeProductPrice,
  writeProductStock,
} from './repo';

function toAdminProduct(p: CatalogueProduct): CatalogueAdminProduct {
  return {
    product_id: p.id,
    product_code: p.code,
    name: p.name,
    product_type: p.productType,
    availability_type: p.availabilityType,
    available_quantity: p.availableQuantity,
    is_out_of_stock: isProductOutOfStock(p),
    hsn_code: p.hsnCode,
    gst_rate: p.gstRateBp / 100,
    prices: (['INR', 'USD'] as const).flatMap((currency) => {
      const price = p.prices[currency];
      return price
        ? [
            {
              currency,
              taxable_amount: toMajor(price.amountMinor, currency),
              original_taxable_amount:
                price.originalMinor === null ? null : toMajor(price.originalMinor, currency),
            },
          ]
        : [];
    }),
  };
}

/**
 * An operator's price in major units, strictly: at most two decimals and not negative (no silent rounding of a
 * typo). Throws a RangeError otherwise.
 */
export function operatorAmountToMinor(major: number, currency: Currency): number {
  const minor = toMinor(major, currency);
  if (major < 0 || Math.abs(major * minorPerMajor(currency) - minor) > 1e-6) {
    throw new RangeError(`Not an amount with at most two decimals: ${major}`);
  }
  return minor;
}

/** The operator's writes (prices, stock) and the listing they are made from; reads the database, not memory. */
export function createCatalogueAdmin({ db, now, version }: CatalogueStore) {
  /** After this process's own write: its next read sees the change at once, the others after their poll. */
  function changed(newVersion: number): void {
    version?.set(newVersion);
  }

  async function adminProduct(productId: number): Promise<CatalogueAdminProduct> {
    const product = (await loadProducts(db, [productId])).get(productId);
    if (!product) throw notFound('Product not found');
    return toAdminProduct(product);
  }

  async function productIdOf(productCode: string): Promise<number> {
    const id = await findProductId(db, productCode);
    if (id === undefined) throw notFound(`Product not found: ${productCode}`);
    return id;
  }

  return {
    async adminList(): Promise<CatalogueAdminList> {
      const [productsById, all] = await Promise.all([loadProducts(db, 'all'), loadPackages(db, 'all')]);
      return {
        products: [...productsById.values()].map(toAdminProduct),
        packages: all.map((pkg) => ({
          package_id: pkg.id,
          package_code: pkg.code,
          package_type: pkg.packageType,
          available_in: pkg.availableCountries,
          is_out_of_stock: packageStock(pkg).isOutOfStock,
        })),
      };
    },

    async setPrice(input: {
      product_code: string;
      currency: Currency;
      amount: number;
      original_amount?: number | null | undefined;
    }): Promise<CatalogueAdminProduct> {
      const productId = await productIdOf(input.product_code);
      const amountMinor = operatorAmountToMinor(input.amount, input.currency);
      let originalMinor: number | null;
      if (input.original_amount === undefined) {
        const current = (await loadProducts(db, [productId])).get(productId)?.prices[input.currency];
        // An "original" price not above the new price is no longer an offer.
        originalMinor =
          current?.originalMinor != null && current.originalMinor > amountMinor
            ? current.originalMinor
            : null;
      } else {
        originalMinor =
          input.original_amount === null
            ? null
            : operatorAmountToMinor(input.original_amount, input.currency);
      }
      if (originalMinor !== null && originalMinor <= amountMinor) {
        throw new HttpError(400, 'original_amount: The original price must be above the price', {
          field: 'original_amount',
        });
      }
      changed(
        await writeProductPrice(db, {
          productId,
          currency: input.currency,
          amountMinor,
          originalMinor,
          at: now(),
        }),
      );
      return adminProduct(productId);
    },

    async setStock(input: {
      product_code: string;
      availability_type: 'LIMITED' | 'UNLIMITED';
      available_quantity?: number | undefined;
    }): Promise<CatalogueAdminProduct> {
      const productId = await productIdOf(input.product_code);
      const current = (await loadProducts(db, [productId])).get(productId);
      changed(
        await writeProductStock(db, {
          productId,
          availabilityType: input.availability_type,
          availableQuantity: input.available_quantity ?? current?.availableQuantity ?? 0,
          at: now(),
        }),
      );
      return adminProduct(productId);
    },
  };
}
