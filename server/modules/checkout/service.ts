import { currencyForCountry, toMajor } from '@contract/money';
import type { PincodeAvailability } from '@contract/places';
import { postalCodeProblem } from '@contract/postal-codes';
import type { EstimatePackageResult, NamedDiscount, PriceEstimateResponse } from '@contract/pricing';
import type { Database } from '../../db/client';
import type { CataloguePackage } from '../catalogue/repo';
import type { CatalogueVersion } from '../catalogue/version';
import { type DiscountInput, estimateLines, noCostEmi } from '../pricing/estimate';
import { supplyOf } from '../pricing/pricing';
import { ASSOCIATE_FIELD, createCheckoutCodes } from './codes';
import {
  type EstimateVariant,
  needsShipping,
  type OtherDiscountRule,
  type PriceEstimateInput,
  pricingCountry,
  pricingState,
  refuse,
  SELLER_GST_STATE,
  takesInviteOnly,
} from './rules';
import { selectPackages } from './select';

export interface CheckoutServiceDeps {
  db: Database;
  now: () => Date;
  /** The catalogue in memory, per catalogue version. */
  findPackage: (id: number) => Promise<CataloguePackage | undefined>;
  /** The shipping charge to a postal code in minor units of the country's currency; 0 when none is set. */
  shippingChargeMinor: (pincode: string, countryCode: string) => Promise<number>;
  /** Whether the shop delivers to an Indian pincode (the places module's check, from memory). */
  deliversTo: (pincode: string) => Promise<Pick<PincodeAvailability, 'is_available' | 'message'>>;
  features: { selfPickup: boolean; internationalUsers: boolean; availabilityCheckByPincode: boolean };
  otherDiscounts?: readonly OtherDiscountRule[];
  /**
   * Coupons and associate codes are kept in memory per catalogue version (a trigger bumps it on any write to
   * them); without a version they are read on every estimate.
   */
  version?: CatalogueVersion | undefined;
  /** The content version of the catalogue this process has loaded: the codes are re-read only when it moves. */
  contentVersion: () => Promise<number>;
}

export function createCheckoutService(deps: CheckoutServiceDeps) {
  const {
    db,
    now,
    findPackage,
    shippingChargeMinor,
    deliversTo,
    features,
    otherDiscounts = [],
    version,
  } = deps;
  const { couponDiscount, associateDiscount, checkInvite } = createCheckoutCodes({
    db,
    now,
    version,
    contentVersion: deps.contentVersion,
  });

  async function estimate(
    input: PriceEstimateInput,
    variant: EstimateVariant,
    userId: string | null,
    /** The request's field the shipping pincode came from (an order's is shipping_details.pin_code). */
    pinCodeField = 'shipping_pin_code',
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
      throw refuse('Only one code can be used: a coupon or a referral code, not both', ASSOCIATE_FIELD);
    }

    const currency = currencyForCountry(countryCode);
    const selected = await selectPackages(findPackage, input, countryCode);
    const lines = selected.flatMap((s) => s.lines);
    const asSold = selected.map((s) => ({
      code: s.pkg.code,
      products: s.lines.map((l) => ({ code: l.product.code, quantity: l.quantity })),
    }));
    if (input.associate_code && takesInviteOnly(asSold)) {
      throw refuse(
        'Business licences and kits take an invite code only: remove the referral code',
        ASSOCIATE_FIELD,
      );
    }
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
    if (input.invite_code) await checkInvite(input.invite_code);
    let associateName: string | null = null;
    if (input.associate_code) {
      const associate = await associateDiscount(input.associate_code, userId);
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
      const problem = postalCodeProblem(pincode, countryCode);
      if (problem) throw refuse(problem, pinCodeField);
      if (countryCode === 'IN' && features.availabilityCheckByPincode) {
        const delivery = await deliversTo(pincode);
        if (!delivery.is_available) throw refuse(delivery.message, pinCodeField);
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
          ...(line.design
            ? { customization: line.design.design, customization_description: line.design.description }
            : {}),
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
