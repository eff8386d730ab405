import { LICENCE_PRODUCT_CODE_LIST } from '@contract/catalogue';
import { pricingCountry as countryForPricing } from '@contract/constants';
import { type Currency, currencyForCountry, toMajor } from '@contract/money';
import type {
  EstimatePackageResult,
  NamedDiscount,
  PriceEstimateResponse,
  priceEstimateRequestSchema,
} from '@contract/pricing';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import { isProductOutOfStock, pricePackage } from '../catalogue/price';
import type { CataloguePackage, CatalogueProduct } from '../catalogue/repo';
import { type CatalogueVersion, perVersion } from '../catalogue/version';
import { checkInviteCode, INVITE_FIELD } from '../invites/service';
import { type DiscountInput, estimateLines, noCostEmi } from '../pricing/estimate';
import { supplyOf } from '../pricing/pricing';
import { countCouponUses, loadCodes } from './repo';

export type PriceEstimateInput = z.output<typeof priceEstimateRequestSchema>;

/** The state the shop is registered for GST in (its counter in Bengaluru): a sale within it is intra-state. */
export const SELLER_GST_STATE = 'KARNATAKA';

/** Which estimate was called: v1 prices in India only, one package or several; v2 anywhere the shop sells. */
export interface EstimateVariant {
  international: boolean;
  singlePackage: boolean;
}

/** Context an automatic ("other") discount is decided on. */
export interface OtherDiscountContext {
  currency: Currency;
  countryCode: string;
  packageCodes: readonly string[];
  /** Goods with GST, before discounts. */
  grossMinor: number;
  now: Date;
}

/** A named automatic discount (a festival or bundle offer): returns the discount to apply, or null. */
export type OtherDiscountRule = (context: OtherDiscountContext) => DiscountInput | null;

export interface CheckoutServiceDeps {
  db: Database;
  now: () => Date;
  /** The catalogue in memory, per catalogue version. */
  findPackage: (id: number) => Promise<CataloguePackage | undefined>;
  /** The shipping charge to a postal code in minor units of the country's currency; 0 when none is set. */
  shippingChargeMinor: (pincode: string, countryCode: string) => Promise<number>;
  features: { selfPickup: boolean; internationalUsers: boolean };
  otherDiscounts?: readonly OtherDiscountRule[];
  /**
   * Coupons and associate codes are kept in memory per catalogue version (a trigger bumps it on any write to
   * them); without a version they are read on every estimate.
   */
  version?: CatalogueVersion | undefined;
  /** The content version of the catalogue this process has loaded: the codes are re-read only when it moves. */
  contentVersion: () => Promise<number>;
}

const COUPON_FIELD = 'coupon_code';
const ASSOCIATE_FIELD = 'associate_code';

function refuse(message: string, field: string, statusCode = 400): HttpError {
  return new HttpError(statusCode, message, { field });
}

/** Spec §5: the country for pricing is the selection's, else India: the browser's rule, so both price alike. */
export function pricingCountry(input: Pick<PriceEstimateInput, 'billing_details' | 'country_name'>): string {
  return countryForPricing(input.billing_details?.country_name_enum ?? input.country_name);
}

/** A state as an enum (state_name_enum wins; "Tamil Nadu" and "TAMIL_NADU" are the same state). */
export function pricingState(
  input: Pick<PriceEstimateInput, 'billing_details' | 'state_name'>,
): string | null {
  const raw = input.billing_details?.state_name_enum ?? input.state_name ?? '';
  const state = raw
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return state === '' ? null : state;
}

/** Games and licences are delivered as keys; hardware (default products that are not licences) is shipped. */
export function needsShipping(product: Pick<CatalogueProduct, 'productType' | 'code'>): boolean {
  return product.productType === 'default' && !LICENCE_PRODUCT_CODE_LIST.includes(product.code);
}

export function formatMoney(minor: number, currency: Currency): string {
  const major = toMajor(minor, currency);
  return new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(major) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(major);
}

interface Line {
  packageIndex: number;
  product: CatalogueProduct;
  quantity: number;
  unitTaxableMinor: number;
  taxableMinor: number;
  gstRateBp: number;
  packageCode: string;
  isOutOfStock: boolean;
}

interface SelectedPackage {
  pkg: CataloguePackage;
  quantity: number;
  lines: Line[];
}

export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { db, now, findPackage, shippingChargeMinor, features, otherDiscounts = [], version } = deps;
  // Codes change with the catalogue's content, not with its stock (most new versions are orders).
  const codes = perVersion(
    version,
    async (previous: (Awaited<ReturnType<typeof loadCodes>> & { contentVersion: number }) | undefined) => {
      const contentVersion = await deps.contentVersion();
      if (previous?.contentVersion === contentVersion) return previous;
      return { contentVersion, ...(await loadCodes(db)) };
    },
  );

  /** The packages and lines asked for, checked against the catalogue. */
  async function select(input: PriceEstimateInput, countryCode: string): Promise<SelectedPackage[]> {
    const currency = currencyForCountry(countryCode);
    const seen = new Set<number>();
    const selected: SelectedPackage[] = [];
    for (const [index, requested] of input.packages.entries()) {
      const field = `packages.${index}`;
      if (seen.has(requested.package_id)) {
        throw refuse('A package is listed twice: list each once', `${field}.package_id`);
      }
      seen.add(requested.package_id);
      const pkg = await findPackage(requested.package_id);
      if (!pkg) throw refuse('Package not found', `${field}.package_id`, 404);

      const wanted = new Map<number, number>();
      for (const [j, product] of requested.products.entries()) {
        if (wanted.has(product.product_id)) {
          throw refuse(`A product of ${pkg.name} is listed twice`, `${field}.products.${j}.product_id`);
        }
        if (!pkg.items.some((item) => item.product.id === product.product_id)) {
          throw refuse(`That product is not part of ${pkg.name}`, `${field}.products.${j}.product_id`);
        }
        wanted.set(product.product_id, product.quantity);
      }
      if (![...wanted.values()].some((q) => q > 0)) continue;

      const notSold = refuse(`${pkg.name} is not available in ${countryCode}`, `${field}.package_id`);
      if (!pkg.availableCountries.includes(countryCode)) throw notSold;

      const lines: Line[] = [];
      let packageQuantity = 1;
      if (pkg.packageType === 'fixed') {
        const priced = pricePackage(pkg, countryCode);
        if (!priced) throw notSold;
        // A fixed package comes whole: every product it holds, k times over.
        const held = pkg.items.filter((item) => item.quantity > 0);
        const first = held[0];
        const k = first ? (wanted.get(first.product.id) ?? 0) / first.quantity : 0;
        const whole =
          Number.isInteger(k) &&
          k >= 1 &&
          pkg.items.every((item) => (wanted.get(item.product.id) ?? 0) === item.quantity * k);
        if (!whole) {
          throw refuse(
            `${pkg.name} comes as a set: ${held.map((i) => `${i.quantity} × ${i.product.name}`).join(', ')}, or a whole number of sets`,
            `${field}.products`,
          );
        }
        packageQuantity = k;
        for (const line of priced.lines) {
          if (line.quantity === 0) continue;
          const quantity = line.quantity * k;
          lines.push({
            packageIndex: index,
            product: line.product,
            quantity,
            unitTaxableMinor: line.unitTaxableMinor,
            taxableMinor: line.lineTaxableMinor * k,
            gstRateBp: line.product.gstRateBp,
            packageCode: pkg.code,
            isOutOfStock: outOfStock(line.product, quantity),
          });
        }
      } else {
        for (const item of pkg.items) {
          const quantity = wanted.get(item.product.id) ?? 0;
          if (quantity === 0) continue;
          const price = item.product.prices[currency];
          if (!price) throw notSold;
          lines.push({
            packageIndex: index,
            product: item.product,
            quantity,
            unitTaxableMinor: price.amountMinor,
            taxableMinor: price.amountMinor * quantity,
            gstRateBp: item.product.gstRateBp,
            packageCode: pkg.code,
            isOutOfStock: outOfStock(item.product, quantity),
          });
        }
      }
      selected.push({ pkg, quantity: packageQuantity, lines });
    }
    if (selected.length === 0) throw refuse('Choose at least one product', 'packages');
    return selected;
  }

  /** Spec §5's rule, and also more asked for than a LIMITED product has. */
  function outOfStock(product: CatalogueProduct, quantity: number): boolean {
    return (
      isProductOutOfStock(product) ||
      (product.availabilityType === 'LIMITED' && product.availableQuantity < quantity)
    );
  }

  async function couponDiscount(
    code: string,
    context: { currency: Currency; grossMinor: number; packageCodes: string[]; userId: string | null },
  ): Promise<DiscountInput> {
    const coupon = (await codes.get()).coupons.get(code);
    const at = now();
    if (!coupon?.active) throw refuse('This coupon code is not valid', COUPON_FIELD);
    if (at < coupon.validFrom) throw refuse('This coupon is not active yet', COUPON_FIELD);
    if (coupon.validUntil && at >= coupon.validUntil) throw refuse('This coupon has expired', COUPON_FIELD);
    if (coupon.currency && coupon.currency !== context.currency) {
      throw refuse(`This coupon is only for orders in ${coupon.currency}`, COUPON_FIELD);
    }
    const packageCodes = coupon.packageCodes ?? undefined;
    if (packageCodes && !context.packageCodes.some((c) => packageCodes.includes(c))) {
      throw refuse('This coupon does not apply to the packages you chose', COUPON_FIELD);
    }
    if (context.grossMinor < coupon.minimumOrderMinor) {
      throw refuse(
        `This coupon needs an order of at least ${formatMoney(coupon.minimumOrderMinor, context.currency)}`,
        COUPON_FIELD,
      );
    }
    // Uses are counted only when a limit applies: anonymous estimates cannot be counted per buyer, and order
    // creation checks again with the buyer.
    const buyerLimited = context.userId !== null && coupon.usageLimitPerBuyer !== null;
    if (coupon.usageLimitTotal !== null || buyerLimited) {
      const used = await countCouponUses(db, coupon.code, buyerLimited ? context.userId : null);
      if (coupon.usageLimitTotal !== null && used.total >= coupon.usageLimitTotal) {
        throw refuse('This coupon has been used up', COUPON_FIELD);
      }
      if (buyerLimited && coupon.usageLimitPerBuyer !== null && used.byBuyer >= coupon.usageLimitPerBuyer) {
        throw refuse('You have already used this coupon', COUPON_FIELD);
      }
    }
    return {
      name: `Coupon ${coupon.code}`,
      kind: 'coupon',
      packageCodes,
      rule:
        coupon.kind === 'flat'
          ? { type: 'flat', amountMinor: coupon.value }
          : {
              type: 'percent',
              rateBp: coupon.value,
              // A cap is in the coupon's currency; a coupon without one has no cap.
              maxMinor: coupon.currency ? coupon.maxDiscountMinor : null,
            },
    };
  }

  async function associateDiscount(
    code: string,
  ): Promise<{ discount: DiscountInput; associateName: string }> {
    const associate = (await codes.get()).associates.get(code);
    if (!associate) throw refuse('This referral code is not valid', ASSOCIATE_FIELD);
    return {
      associateName: associate.associateName,
      discount: {
        name: `Referral ${associate.code}`,
        kind: 'association',
        rule: { type: 'percent', rateBp: associate.discountBp, maxMinor: associate.maxDiscountMinor },
      },
    };
  }

  async function estimate(
    input: PriceEstimateInput,
    variant: EstimateVariant,
    userId: string | null,
  ): Promise<PriceEstimateResponse> {
    const countryCode = pricingCountry(input);
    if (!variant.international && countryCode !== 'IN') {
      throw refuse(
        'Orders from outside India are priced by the international estimate (v2)',
        'billing_details.country_name_enum',
      );
    }
    if (variant.international && countryCode !== 'IN' && !features.internationalUsers) {
      throw refuse('We sell only in India for now', 'billing_details.country_name_enum');
    }
    if (variant.singlePackage && input.packages.length !== 1) {
      throw refuse('Price one package here, or use the multiple-packages estimate', 'packages');
    }
    const selfPickup = input.shipping_through === 'SELF_PICKUP';
    if (selfPickup && !features.selfPickup) throw refuse('Self pickup is not offered', 'shipping_through');
    // The spec's UI disables one field once the other is filled; the server holds the same rule.
    if (input.coupon_code && input.associate_code) {
      throw refuse('Use either a coupon or a referral code, not both', ASSOCIATE_FIELD);
    }

    const currency = currencyForCountry(countryCode);
    const selected = await select(input, countryCode);
    const lines = selected.flatMap((s) => s.lines);
    const supply = supplyOf({
      countryCode,
      buyerState: pricingState(input),
      sellerState: SELLER_GST_STATE,
    });
    const packageCodes = selected.map((s) => s.pkg.code);
    const grossMinor = estimateLines(lines, supply).grossMinor;

    const discounts: DiscountInput[] = [];
    for (const rule of otherDiscounts) {
      const discount = rule({ currency, countryCode, packageCodes, grossMinor, now: now() });
      if (discount) discounts.push({ ...discount, kind: 'other' });
    }
    if (input.coupon_code) {
      discounts.push(await couponDiscount(input.coupon_code, { currency, grossMinor, packageCodes, userId }));
    }
    // An invite gives no discount: it is checked as the buyer applies it, and taken when the order is created.
    if (input.invite_code) {
      const invite = await checkInviteCode(db, input.invite_code, now());
      if (!invite.ok) throw refuse(invite.message, INVITE_FIELD);
    }
    let associateName: string | null = null;
    if (input.associate_code) {
      const associate = await associateDiscount(input.associate_code);
      associateName = associate.associateName;
      discounts.push(associate.discount);
    }
    const priced = estimateLines(lines, supply, discounts);

    const isShippingRequired = selected.some(
      (s) => s.pkg.isShippingRequired && s.lines.some((l) => needsShipping(l.product)),
    );
    let shippingMinor = 0;
    const pincode = input.shipping_pin_code?.trim() ?? '';
    if (isShippingRequired && !selfPickup && pincode !== '') {
      if (countryCode === 'IN' && !/^\d{6}$/.test(pincode)) {
        throw refuse('enter a valid pincode', 'shipping_pin_code');
      }
      shippingMinor = await shippingChargeMinor(pincode, countryCode);
    }

    // Spec §2: shipping shows as free with its charge struck through; the charge is reported, never added.
    const payableMinor = priced.goodsMinor;
    const emi = noCostEmi(
      payableMinor,
      selected.map((s) => (s.pkg.noCostEmi ? s.pkg.emiTenureMonths : null)),
      currency,
    );
    const major = (minor: number) => toMajor(minor, currency);
    const byKind = (kind: DiscountInput['kind']) =>
      priced.discounts.filter((d) => d.kind === kind).reduce((s, d) => s + d.amountMinor, 0);
    const otherList: NamedDiscount[] = priced.discounts
      .filter((d) => d.kind === 'other' && d.amountMinor > 0)
      .map((d) => ({ discount_name: d.name, discount_value: major(d.amountMinor) }));

    let cursor = 0;
    const packages = selected.map((s): EstimatePackageResult => {
      const pricedLines = s.lines.map((line) => ({ line, priced: priced.lines[cursor++] }));
      const sum = (pick: (p: (typeof priced.lines)[number]) => number) =>
        pricedLines.reduce((total, { priced: p }) => total + (p ? pick(p) : 0), 0);
      return {
        package_id: s.pkg.id,
        package_code: s.pkg.code,
        name: s.pkg.name,
        package_type: s.pkg.packageType,
        quantity: s.quantity,
        is_out_of_stock: s.lines.some((l) => l.isOutOfStock),
        is_shipping_required: s.pkg.isShippingRequired && s.lines.some((l) => needsShipping(l.product)),
        price_estimate: {
          total_amount: major(sum((p) => p.amountMinor)),
          total_taxable_amount: major(sum((p) => p.taxableMinor)),
          total_tax: major(sum((p) => p.taxMinor)),
          total_discount: major(sum((p) => p.discountMinor)),
        },
        products: pricedLines.map(({ line, priced: p }) => ({
          product_id: line.product.id,
          product_code: line.product.code,
          name: line.product.name,
          product_type: line.product.productType,
          availability_type: line.product.availabilityType,
          available_quantity: line.product.availableQuantity,
          is_out_of_stock: line.isOutOfStock,
          taxable_amount: major(line.unitTaxableMinor),
          quantity: line.quantity,
          gst_rate: supply === 'export' ? 0 : line.gstRateBp / 100,
          applicable_discounts: (p?.discounts ?? []).map((d) => ({
            discount_name: d.name,
            discount_value: major(d.amountMinor),
          })),
          price_estimate_details: {
            quantity: line.quantity,
            total_amount: major(p?.amountMinor ?? 0),
            total_taxable_amount: major(p?.taxableMinor ?? 0),
            total_tax: major(p?.taxMinor ?? 0),
            total_discount: major(p?.discountMinor ?? 0),
          },
        })),
      };
    });

    return {
      country_code: countryCode,
      currency,
      total_price: major(priced.grossMinor),
      taxable_amount: major(priced.taxableMinor),
      tax_amount: major(priced.taxMinor),
      shipping_charges: major(shippingMinor),
      discounts: major(priced.discountMinor),
      coupon_discount: major(byKind('coupon')),
      association_discount: major(byKind('association')),
      other_discounts: otherList,
      amount_payable: major(payableMinor),
      pricing_type: emi.pricingType,
      emi_amount_starting_from: major(emi.instalmentMinor),
      emi_tenure_months: emi.months,
      is_shipping_required: isShippingRequired,
      is_out_of_stock: lines.some((l) => l.isOutOfStock),
      gst: {
        supply,
        cgst: major(priced.cgstMinor),
        sgst: major(priced.sgstMinor),
        igst: major(priced.igstMinor),
      },
      coupon_code: input.coupon_code ?? null,
      associate_code: input.associate_code ?? null,
      associate_name: associateName,
      packages,
    };
  }

  return { estimate };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
