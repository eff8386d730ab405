import { RES_STATUS } from '@contract/constants';
import { type Currency, formatMoney, toMajor, toMinor } from '@contract/money';
import type { orderCreateRequestSchema } from '@contract/orders';
import { postalCodeProblem } from '@contract/postal-codes';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { StoredOrderPackage } from '../../db/schema';
import { HttpError } from '../../errors';
import { bookableProblem, todayIn, wholeDays } from '../ads/rules';
import type { CatalogueAd } from '../catalogue/repo';
import { takesInviteOnly } from '../checkout/rules';
import { INVITE_FIELD } from '../invites/service';
import { findUser } from '../user/repo';

/*
 * What an order must hold beyond its prices, checked on the server whatever the browser did: the buyer's verified
 * e-mail (spec §4 step 15), an invite for the business licence and kit (spec §2), an ad's days × devices (spec §3),
 * and the total the buyer was shown.
 */

type OrderBody = z.output<typeof orderCreateRequestSchema>;

const AD_RANGE_FIELD = 'ad_event_order_details.datetime_range';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Spec §4 step 15: the buyer has verified an e-mail, and any e-mail the order carries is that one. */
export async function assertVerifiedEmail(db: Executor, userId: string, body: OrderBody): Promise<void> {
  const carried = body.shipping_details?.email ?? null;
  const field = carried === null ? 'email' : 'shipping_details.email';
  const buyer = await findUser(db, userId);
  if (!buyer?.email || !buyer.emailVerified) {
    throw new HttpError(400, 'Verify your e-mail with the code we send you before you pay', { field });
  }
  if (carried !== null && !sameEmail(carried, buyer.email)) {
    throw new HttpError(400, 'Use the e-mail you verified, or verify this one before you pay', { field });
  }
}

/** Each postal code fits its country's format: the billing address's, and the shipping address's (the priced one). */
export function assertPostalCodes(body: OrderBody, shippingCountry: string): void {
  const billing = postalCodeProblem(body.billing_details.postal_code, body.billing_details.country_name_enum);
  if (billing) throw new HttpError(400, billing, { field: 'billing_details.postal_code' });
  const shipping = body.shipping_details;
  if (!shipping || body.shipping_through === 'SELF_PICKUP') return;
  const problem = postalCodeProblem(shipping.pin_code, shippingCountry);
  if (problem) throw new HttpError(400, problem, { field: 'shipping_details.pin_code' });
}

/** Spec §2: a business licence or business kit (or any licence product) is sold by invitation. */
export function needsInvite(packages: readonly StoredOrderPackage[]): boolean {
  return takesInviteOnly(
    packages.map((pkg) => ({
      code: pkg.package_code,
      products: pkg.products.map((p) => ({ code: p.product_code, quantity: p.quantity })),
    })),
  );
}

export function assertInvitePresent(packages: readonly StoredOrderPackage[], body: OrderBody): void {
  if (needsInvite(packages) && !body.invite_code) {
    throw new HttpError(400, 'Enter your invite code: the business licence and kit are sold by invitation', {
      field: INVITE_FIELD,
    });
  }
}

/** Days from one yyyy-MM-dd HH:mm:ss to another, both counted; null when either is not a real date. */
export function inclusiveDays(from: string, to: string): number | null {
  const day = (text: string) => {
    const [y, m, d] = text.slice(0, 10).split('-').map(Number);
    if (y === undefined || m === undefined || d === undefined) return null;
    const at = Date.UTC(y, m - 1, d);
    const date = new Date(at);
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? at : null;
  };
  const start = day(from);
  const end = day(to);
  if (start === null || end === null) return null;
  return (end - start) / 86_400_000 + 1;
}

/** Spec §3: an ad product's quantity is the days in the date range (inclusive) times the devices. */
export function assertAdQuantities(packages: readonly StoredOrderPackage[], body: OrderBody): void {
  const ads = packages.filter((pkg) => pkg.package_type === 'ad');
  if (ads.length === 0) return;
  const details = body.ad_event_order_details;
  if (!details) {
    throw new HttpError(400, 'Choose the dates and devices for your ad', { field: 'ad_event_order_details' });
  }
  const { from_datetime: from, to_datetime: to } = details.datetime_range;
  const days = inclusiveDays(from, to);
  if (days === null) throw new HttpError(400, 'Choose real dates for your ad', { field: AD_RANGE_FIELD });
  if (days < 1) {
    throw new HttpError(400, 'The last day of your ad is before its first day', { field: AD_RANGE_FIELD });
  }
  const devices = new Set(details.device_codes);
  if (devices.size !== details.device_codes.length) {
    throw new HttpError(400, 'A device is listed twice: list each once', {
      field: 'ad_event_order_details.device_codes',
    });
  }
  const expected = days * devices.size;
  for (const pkg of ads) {
    for (const product of pkg.products) {
      if (product.quantity !== expected) {
        throw new HttpError(
          400,
          `${product.name}: ${days} day(s) on ${devices.size} device(s) is a quantity of ${expected}, not ${product.quantity}`,
          { field: 'packages' },
        );
      }
    }
  }
}

/** What an ad order holds in its create transaction: these devices of this venue for these whole days. */
export interface AdHold {
  adConfigId: number;
  deviceCodes: string[];
  /** Device code → name, for a message about a clash. */
  deviceNames: Map<string, string>;
  /** The venue's zone, in which its days are named. */
  timeZone: string;
  from: Date;
  to: Date;
  days: number;
}

/**
 * Spec §3: ad_event_order_details names the ad package's own venue, its devices, and whole days inside its window,
 * from today on in the venue's zone (whatever the buyer's), at most AD_MAX_DAYS. Null for an order without an ad package.
 */
export function adHoldOf(ads: readonly CatalogueAd[], body: OrderBody, now: Date): AdHold | null {
  const [ad, another] = ads;
  if (!ad) return null;
  if (another) throw new HttpError(400, 'Book one venue per order', { field: 'packages' });
  const details = body.ad_event_order_details;
  if (!details) {
    throw new HttpError(400, 'Choose the dates and devices for your ad', { field: 'ad_event_order_details' });
  }
  if (details.ad_config_id !== ad.id) {
    throw new HttpError(400, "These dates and devices are for another venue's package: choose them again", {
      field: 'ad_event_order_details.ad_config_id',
    });
  }
  if (details.venue.trim() !== ad.venue) {
    throw new HttpError(400, `This package shows at ${ad.venue}: choose that venue`, {
      field: 'ad_event_order_details.venue',
    });
  }
  const deviceNames = new Map(ad.devices.map((d) => [d.deviceCode, d.deviceName]));
  const unknown = details.device_codes.find((code) => !deviceNames.has(code));
  if (unknown !== undefined) {
    throw new HttpError(400, `${unknown} is not a screen at ${ad.venue}: choose its devices again`, {
      field: 'ad_event_order_details.device_codes',
    });
  }
  const range = wholeDays(details.datetime_range, ad.timeZone);
  if ('error' in range) throw new HttpError(400, range.error, { field: AD_RANGE_FIELD });
  const problem = bookableProblem(range, ad, todayIn(now, ad.timeZone));
  if (problem) throw new HttpError(400, problem, { field: AD_RANGE_FIELD });
  return {
    adConfigId: ad.id,
    deviceCodes: [...details.device_codes],
    deviceNames,
    timeZone: ad.timeZone,
    from: range.from,
    to: range.to,
    days: range.days,
  };
}

/** The total the buyer was shown, when sent, is the total the order would charge; otherwise 409 with the new one. */
export function assertExpectedTotal(body: OrderBody, totalMinor: number, currency: Currency): void {
  if (body.expected_total === null || body.expected_total === undefined) return;
  if (toMinor(body.expected_total, currency) === totalMinor) return;
  const total = formatMoney(totalMinor, currency);
  throw new HttpError(409, `The total changed to ${total}. Check it and pay again.`, {
    res_status: RES_STATUS.PRICE_CHANGED,
    response: {
      title: 'The total changed',
      description: `The total is now ${total}. Check it and pay again.`,
    },
    field: 'expected_total',
    total_amount: toMajor(totalMinor, currency),
    currency,
  });
}
