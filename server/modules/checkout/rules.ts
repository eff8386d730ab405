import { LICENCE_PRODUCT_CODE_LIST } from '@contract/catalogue';
import { pricingCountry as countryForPricing, PACKAGE_CODES } from '@contract/constants';
import type { Currency } from '@contract/money';
import type { priceEstimateRequestSchema } from '@contract/pricing';
import type { z } from 'zod';
import { HttpError } from '../../errors';
import type { CatalogueProduct } from '../catalogue/repo';
import type { DiscountInput } from '../pricing/estimate';

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

export function refuse(message: string, field: string, statusCode = 400): HttpError {
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

const INVITE_PACKAGE_CODES: readonly string[] = [PACKAGE_CODES.businessLicence, PACKAGE_CODES.businessKit];

/** Spec §2: the business licence and kit (or any licence product) are sold by invitation, with no other code. */
export function takesInviteOnly(
  packages: readonly { code: string; products: readonly { code: string; quantity: number }[] }[],
): boolean {
  return packages.some(
    (pkg) =>
      INVITE_PACKAGE_CODES.includes(pkg.code) ||
      pkg.products.some((p) => p.quantity > 0 && LICENCE_PRODUCT_CODE_LIST.includes(p.code)),
  );
}
