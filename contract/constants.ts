/*
 * Constants of the wire contract that carry no schema, so code on the first paint (route heads, analytics) can
 * use them without loading zod. The schema files re-export them.
 */

/** The package codes of spec §9 plus the rest of the line. */
export const PACKAGE_CODES = {
  solo: 'SOLO',
  family: 'FAMILY',
  soloNoCostEmi: 'SOLO_NO_COST_EMI',
  familyNoCostEmi: 'FAMILY_NO_COST_EMI',
  game1Profile: 'GAME_1_PROFILE',
  game5Profile: 'GAME_5_PROFILE',
  steamGame: 'STEAM_GAME',
  gamePlusBat: 'GAME_PLUS_BAT',
  bat: 'BAT',
  businessLicence: 'BUSINESS_LICENCE',
  businessKit: 'BUSINESS_KIT',
  clubEdition: 'CLUB_EDITION',
} as const;

/** The event names of spec §1. */
export const MARKETING_EVENTS = [
  'requested_otp',
  'signin_completed',
  'signup_completed',
  'order_created',
  'order_failed',
  'coupon_applied',
  'purchase',
  'form_submit_success',
  'referral_code_applied',
  'user_login',
  'user_logout',
  'checkout_initiated',
  'Checkout Completed',
  'payment_modal_dismissed',
] as const;

/** res_status values of spec §8 the client reacts to. */
export const RES_STATUS = {
  INVALID_TOKEN: 'INVALID_TOKEN',
  INVALID_USER: 'INVALID_USER',
  NOT_AUTHORIZED: 'NotAuthorizedException',
  USER_NOT_FOUND: 'UserNotFoundException',
  INVALID_SESSION_TOKEN: 'INVALID_SESSION_TOKEN',
  SERVER_UNDER_MAINTENANCE: 'SERVER_UNDER_MAINTENANCE',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  /** An order create refused (409) because its total is no longer the one the buyer was shown. */
  PRICE_CHANGED: 'PRICE_CHANGED',
} as const;

/** What a maintenance answer without its own details means (spec §3 Maintenance response). */
export const MAINTENANCE_DEFAULT_SECONDS = 1800;
export const MAINTENANCE_DEFAULT_MESSAGE = 'under maintenance';

/** The three token sets of spec §6; each is its own audience, and a token of one is refused by the others. */
export const TOKEN_SETS = ['main', 'business', 'forms'] as const;
export type TokenSetName = (typeof TOKEN_SETS)[number];

/** Default country (spec §9). */
export const DEFAULT_COUNTRY = 'IN';

/** The countries the shop sells to (spec §5): states_details is served for each. */
export const STATE_COUNTRIES = ['IN', 'US', 'GB', 'CA', 'AU'] as const;
export type StateCountry = (typeof STATE_COUNTRIES)[number];

/** Spec §5: the country for pricing, any case; India when unknown (blank, or not sold to). */
export function pricingCountry(code: string | null | undefined): StateCountry {
  const upper = code?.trim().toUpperCase() ?? '';
  return (STATE_COUNTRIES as readonly string[]).includes(upper) ? (upper as StateCountry) : DEFAULT_COUNTRY;
}

export { CURRENCIES, type Currency, currencyForCountry } from './money';

/** Digital products sold one per order: the cart always shows quantity 1 for them (spec §2 Order summary). */
export const SINGLE_QUANTITY_PRODUCT_CODES: readonly string[] = [
  'IBC_GAME_1_PROFILE_KEY',
  'IBC_GAME_5_PROFILE_KEY',
  'IBC_STEAM_GAME_KEY',
];

/**
 * The cookie that keeps the buyer's country beside IndexedDB, so the server renders a page's prices in the
 * buyer's currency. Holds an ISO 3166-1 alpha-2 code; anything else is ignored.
 */
export const COUNTRY_COOKIE = 'country';

/** Spec §5 "Delivery options shown": the label the buyer reads for each shipping_through value. */
export const DELIVERY_OPTION_LABELS = {
  SELF_PICKUP: 'Self Pickup',
  SHIPPING_SERVICE: 'Delivery',
} as const;

/** Spec §5: the GST registration types a buyer picks from. */
export const GST_TYPES = ['Regular', 'Composition', 'Sez', 'Deemed Exports'] as const;
export type GstType = (typeof GST_TYPES)[number];

/** The home kit's VR headset (SOLO and FAMILY packages): an order holding it gets the headset notice at checkout. */
export const HOME_KIT_HEADSET_PRODUCT_CODE = 'IBC_VR_HEADSET';

/**
 * Festival seasons when couriers run late: while one is on (inclusive dates, as the shop's calendar in Asia/Kolkata
 * reads them) the checkout shows the late-delivery strip. Data, so a season is added without touching code.
 */
export const FESTIVAL_DELIVERY_WINDOWS: readonly {
  name: string;
  from: string;
  to: string;
  extraDays: number;
}[] = [
  { name: 'Diwali', from: '2025-10-10', to: '2025-10-25', extraDays: 5 },
  { name: 'Diwali', from: '2026-10-29', to: '2026-11-13', extraDays: 5 },
  { name: 'Christmas and New Year', from: '2026-12-20', to: '2027-01-03', extraDays: 4 },
];

/** The three licence product codes: default-type products carrying them are licence products (spec §3 Product). */
export const LICENCE_PRODUCT_CODES = {
  premium: 'IBC_PREMIUM_LICENCE',
  basic: 'IBC_BASIC_LICENCE',
  businessEditionGame: 'IBC_BUSINESS_EDITION_GAME',
} as const;
export const LICENCE_PRODUCT_CODE_LIST: readonly string[] = Object.values(LICENCE_PRODUCT_CODES);

/** Spec §3 Payment types: Full Payment and No Cost EMI. */
export const PRICING_TYPES = ['FULL_PAYMENT', 'NO_COST_EMI'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

/** Where goods go, for GST: within the seller's state, to another state, out of India. */
export const SUPPLY_TYPES = ['intra_state', 'inter_state', 'export'] as const;
export type SupplyType = (typeof SUPPLY_TYPES)[number];
