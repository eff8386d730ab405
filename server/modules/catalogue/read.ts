import type { AvailablePackagesRequest, Package, PaymentService } from '@contract/catalogue';
import { type Currency, currencyForCountry } from '@contract/money';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import type { Snapshot } from './memory';
import { packageStock, pricePackage } from './price';
import { type CataloguePackage, findPackageRef, readSales, saveNotifyMe } from './repo';
import { toWirePackage, toWirePackageWithEstimate } from './wire';

// ---- Payment services ----

const PAYMENT_SERVICE_DESCRIPTIONS: Record<Currency, [PaymentService, string][]> = {
  INR: [
    [
      'CARD_MODAL',
      'Pay by card, UPI, net banking or wallet in a secure payment window that opens over the checkout.',
    ],
    [
      'PAYMENT_LINK',
      "Pay on the payment provider's secure hosted page (UPI, cards, net banking or wallet); you come back to the shop once it is done.",
    ],
  ],
  USD: [
    [
      'CARD_MODAL',
      'Pay by international credit or debit card in a secure payment window that opens over the checkout.',
    ],
  ],
};

/** The card modal for every package; the hosted payment link also for INR (spec §1, §3). */
export function paymentServicesFor(currency: Currency) {
  return PAYMENT_SERVICE_DESCRIPTIONS[currency].map(([service, description]) => ({
    payment_service: service,
    payment_service_description: description,
  }));
}

export const PACKAGE_NOT_FOUND = 'Package not found';
const LAST_SALE_WINDOW_DAYS = 30;

export function notFound(message: string, response?: string): HttpError {
  return new HttpError(404, message, response === undefined ? {} : { response });
}

function unknownCodes(asked: readonly string[], found: readonly CataloguePackage[]): HttpError | undefined {
  const known = new Set(found.map((p) => p.code));
  const missing = [...new Set(asked.filter((c) => !known.has(c)))];
  return missing.length === 0 ? undefined : notFound(`${PACKAGE_NOT_FOUND}: ${missing.join(', ')}`);
}

/** What buyers ask of the catalogue: packages and their prices from memory, sales and notify-me from the database. */
export function createCatalogueReads({
  db,
  now,
  internationalPayments,
  catalogue,
}: {
  db: Database;
  now: () => Date;
  internationalPayments: boolean;
  /** The catalogue of the version this process knows. */
  catalogue: () => Promise<Snapshot>;
}) {
  /** The packages with these codes, in the catalogue's order. */
  function byCodes(cat: Snapshot, codes: readonly string[]): CataloguePackage[] {
    const wanted = new Set(codes);
    return cat.packages.filter((p) => wanted.has(p.code));
  }

  return {
    async getPackage(id: number, countryCode: string): Promise<Package> {
      const pkg = (await catalogue()).byId.get(id);
      if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
      const priced = pricePackage(pkg, countryCode);
      if (!priced) {
        throw notFound(
          `${pkg.name} is not available in ${countryCode}`,
          `Currently available in ${pkg.availableCountries.join(', ')}`,
        );
      }
      return toWirePackage(priced);
    },

    /** Unknown codes are a 404; packages not sold in the country are left out. */
    async priceEstimate(codes: readonly string[], countryCode: string) {
      const found = byCodes(await catalogue(), codes);
      const missing = unknownCodes(codes, found);
      if (missing) throw missing;
      const order = new Map(codes.map((c, i) => [c, i]));
      const packages = found
        .sort((a, b) => (order.get(a.code) ?? 0) - (order.get(b.code) ?? 0))
        .flatMap((pkg) => {
          const priced = pricePackage(pkg, countryCode);
          return priced ? [toWirePackageWithEstimate(priced)] : [];
        });
      return { country_code: countryCode, currency: currencyForCountry(countryCode), packages };
    },

    /** Every filter narrows; unknown package codes simply match nothing. */
    async availablePackages(filter: {
      package_codes?: string[] | undefined;
      country_name_enum: string;
      package_types?: AvailablePackagesRequest['package_types'];
      product_types?: AvailablePackagesRequest['product_types'];
      category_codes?: string[] | undefined;
      include_out_of_stock: boolean;
    }) {
      const country = filter.country_name_enum;
      const cat = await catalogue();
      const found = filter.package_codes ? byCodes(cat, filter.package_codes) : cat.packages;
      const packages = found.flatMap((pkg) => {
        if (filter.package_types && !filter.package_types.includes(pkg.packageType)) return [];
        const priced = pricePackage(pkg, country);
        if (!priced) return [];
        if (!filter.include_out_of_stock && priced.isOutOfStock) return [];
        const productTypes = filter.product_types;
        if (productTypes && !priced.lines.some((l) => productTypes.includes(l.product.productType)))
          return [];
        const categoryCodes = filter.category_codes;
        if (
          categoryCodes &&
          !priced.lines.some((l) => l.product.category && categoryCodes.includes(l.product.category.code))
        ) {
          return [];
        }
        return [toWirePackage(priced)];
      });
      return { country_code: country, currency: currencyForCountry(country), packages };
    },

    /** Generated once per catalogue version, like the static file it stands for. */
    async availabilityConfig() {
      const cat = await catalogue();
      const all = cat.packages;
      return {
        generated_at: cat.generatedAt.toISOString(),
        international_payments_enabled: internationalPayments,
        packages: all.map((pkg) => ({
          package_code: pkg.code,
          package_type: pkg.packageType,
          available_in: pkg.availableCountries,
          is_out_of_stock: packageStock(pkg).isOutOfStock,
        })),
      };
    },

    async paymentServices(codes: readonly string[], countryCode: string) {
      const found = byCodes(await catalogue(), codes);
      const missing = unknownCodes(codes, found);
      if (missing) throw missing;
      const services = paymentServicesFor(currencyForCountry(countryCode));
      return {
        packages: found.map((pkg) => ({
          package_id: pkg.id,
          package_code: pkg.code,
          payment_services_details: services,
        })),
      };
    },

    async lastSale(id: number) {
      const ref = await findPackageRef(db, id);
      if (!ref) throw notFound(PACKAGE_NOT_FOUND);
      const since = new Date(now().getTime() - LAST_SALE_WINDOW_DAYS * 86_400_000);
      const sales = await readSales(db, id, since);
      return {
        package_id: ref.id,
        package_code: ref.code,
        last_sale_datetime: sales.lastSoldAt ? sales.lastSoldAt.toISOString() : null,
        units_sold_last_30_days: sales.unitsSince,
        expected_restock_date: ref.expectedRestockDate,
      };
    },

    async notifyMe(
      id: number,
      input: { email?: string | undefined; phone_number?: string | undefined; country_name_enum: string },
    ) {
      const ref = await findPackageRef(db, id);
      if (!ref) throw notFound(PACKAGE_NOT_FOUND);
      const saved = await saveNotifyMe(db, {
        packageId: id,
        email: input.email ? input.email.trim().toLowerCase() : null,
        phoneNumber: input.phone_number ?? null,
        countryCode: input.country_name_enum,
        createdAt: now(),
      });
      return { notify_me_id: saved.id, package_code: ref.code, created: saved.created };
    },

    /** Someone waiting for the book-a-demo visits to open: kept once per contact, like a package's. */
    async notifyMeOfDemos(input: {
      email?: string | undefined;
      phone_number?: string | undefined;
      country_name_enum: string;
    }) {
      const saved = await saveNotifyMe(db, {
        packageId: null,
        topic: 'book_a_demo',
        email: input.email ? input.email.trim().toLowerCase() : null,
        phoneNumber: input.phone_number ?? null,
        countryCode: input.country_name_enum,
        createdAt: now(),
      });
      return { notify_me_id: saved.id, created: saved.created };
    },
  };
}
