import { type Currency, toMinor } from '@contract/money';
import type { orderCreateRequestSchema } from '@contract/orders';
import type { PickupLocation } from '@contract/places';
import type { z } from 'zod';
import type { OrderRow, StoredOrderPackage } from '../../db/schema';
import { HttpError } from '../../errors';
import { paymentServicesFor } from '../catalogue/read';
import type { CatalogueAd } from '../catalogue/repo';
import { type EstimateVariant, type PriceEstimateInput, pricingCountry } from '../checkout/rules';
import { type OrdersContext, refuse } from './context';
import {
  adHoldOf,
  assertAdQuantities,
  assertExpectedTotal,
  assertInvitePresent,
  assertPostalCodes,
  assertVerifiedEmail,
} from './rules';

export type OrderCreateInput = z.output<typeof orderCreateRequestSchema>;

/** A line the shop cannot fill: answered 409, and a create that meets it first gives back lapsed reservations. */
export class OutOfStockError extends HttpError {
  constructor(message: string) {
    super(409, message, { field: 'packages' });
  }
}

export function outOfStock(name: string, available: number): HttpError {
  return new OutOfStockError(
    available > 0 ? `Only ${available} of ${name} left: lower the quantity` : `${name} is out of stock`,
  );
}

function consolidatedAddress(location: PickupLocation): string {
  return [
    location.address1,
    location.address2,
    location.city,
    location.state,
    location.pincode,
    location.country,
  ]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
}

function estimateInput(body: OrderCreateInput): PriceEstimateInput {
  // Priced where its estimate was (the client sends that estimate's state and country), else at the billing address.
  const place =
    body.country_name || body.state_name
      ? {
          state_name: body.state_name ?? null,
          country_name: body.country_name ?? null,
          billing_details: null,
        }
      : {
          state_name: body.billing_details.state,
          country_name: body.billing_details.country_name_enum,
          billing_details: {
            state_name_enum: body.billing_details.state_name_enum,
            country_name_enum: body.billing_details.country_name_enum,
          },
        };
  return {
    packages: body.packages,
    coupon_code: body.coupon_code,
    associate_code: body.associate_code,
    invite_code: body.invite_code,
    shipping_pin_code: body.shipping_details?.pin_code ?? null,
    shipping_through: body.shipping_through ?? null,
    ...place,
  };
}

/** Everything the order stores, priced by the checkout's own estimate and checked against the catalogue. */
export async function prepareOrder(
  {
    db,
    checkout,
    findPackage,
    pickupLocations,
    now,
    limits,
  }: Pick<OrdersContext, 'db' | 'checkout' | 'findPackage' | 'pickupLocations' | 'now' | 'limits'>,
  body: OrderCreateInput,
  variant: EstimateVariant,
  userId: string,
) {
  await assertVerifiedEmail(db, userId, body);
  const priceInput = estimateInput(body);
  assertPostalCodes(body, pricingCountry(priceInput));
  const estimate = await checkout.estimate(priceInput, variant, userId, 'shipping_details.pin_code');
  const currency = estimate.currency as Currency;
  const minor = (major: number) => toMinor(major, currency);

  const snapshot: StoredOrderPackage[] = [];
  const wanted = new Map<
    number,
    { quantity: number; name: string; limited: boolean; max: number | null; field: string }
  >();
  const ads: CatalogueAd[] = [];
  for (const [index, priced] of estimate.packages.entries()) {
    const pkg = await findPackage(priced.package_id);
    if (!pkg) throw refuse(404, 'Package not found', `packages.${index}.package_id`);
    if (pkg.ad) ads.push(pkg.ad);
    const sent = body.packages.findIndex((p) => p.package_id === pkg.id);
    const lineField = (productId: number) =>
      `packages.${sent}.products.${body.packages[sent]?.products.findIndex((p) => p.product_id === productId)}.quantity`;
    const products = priced.products.map((line) => {
      const item = pkg.items.find((i) => i.product.id === line.product_id)?.product;
      if (!item) throw refuse(404, 'Product not found', `packages.${index}.products`);
      const had = wanted.get(item.id);
      wanted.set(item.id, {
        quantity: (had?.quantity ?? 0) + line.quantity,
        name: item.name,
        limited: item.availabilityType === 'LIMITED',
        // An ad slot's quantity is screen-days, bounded by the buyer's screen-day caps instead.
        max: item.productType === 'ad' ? null : (item.maxOrderQuantity ?? limits.maxQuantity),
        field: had?.field ?? lineField(item.id),
      });
      return {
        product_id: item.id,
        product_code: item.code,
        name: item.name,
        description: item.description,
        pic_url: item.picUrl,
        product_type: item.productType,
        quantity: line.quantity,
        total_minor: minor(line.price_estimate_details.total_amount),
        vendor_details:
          item.vendorType === 'SELF'
            ? { vendor_type: 'SELF' as const, vendor_name: item.vendorName }
            : { vendor_type: 'OTHER' as const, name: item.vendorName },
        category_code: item.category?.code ?? null,
        ...(line.customization
          ? {
              customization: line.customization,
              customization_description: line.customization_description ?? null,
            }
          : {}),
      };
    });
    snapshot.push({
      package_id: pkg.id,
      package_code: pkg.code,
      quantity: priced.quantity,
      name: pkg.name,
      description: pkg.description,
      pic_url: pkg.picUrl,
      package_type: pkg.packageType,
      products,
    });
  }

  for (const line of wanted.values()) {
    if (line.max !== null && line.quantity > line.max) {
      throw refuse(
        400,
        `Order at most ${line.max} of ${line.name} at a time: lower the quantity`,
        line.field,
      );
    }
  }

  // Spec §5: out of stock as the catalogue knows it; the conditional decrement is the final word.
  const shortLine = estimate.packages.flatMap((p) => p.products).find((line) => line.is_out_of_stock);
  if (shortLine) throw outOfStock(shortLine.name, shortLine.available_quantity);

  const selfPickup = body.shipping_through === 'SELF_PICKUP';
  if (estimate.is_shipping_required && !selfPickup && !body.shipping_details) {
    throw refuse(400, 'Enter the shipping address', 'shipping_details');
  }
  let pickup: OrderRow['selfPickup'] = null;
  if (selfPickup) {
    const id = body.self_pickup_shipping_details?.pickup_location_id;
    if (id === undefined) {
      throw refuse(400, 'Choose the pickup location', 'self_pickup_shipping_details.pickup_location_id');
    }
    const location = (await pickupLocations()).find((l) => l.pickup_location_id === id);
    if (!location) {
      throw refuse(
        400,
        'That pickup location is not available',
        'self_pickup_shipping_details.pickup_location_id',
      );
    }
    pickup = {
      pickup_location: { pickup_location_id: id, consolidated_address: consolidatedAddress(location) },
    };
  }
  if (!paymentServicesFor(currency).some((s) => s.payment_service === body.payment_service)) {
    throw refuse(400, `That way of paying is not offered for orders in ${currency}`, 'payment_service');
  }

  assertInvitePresent(snapshot, body);
  assertAdQuantities(snapshot, body);
  const adHold = adHoldOf(ads, body, now());
  assertExpectedTotal(body, minor(estimate.amount_payable), currency);

  // Spec §3: game keys when there is exactly one package holding one product of the game type.
  const onlyPackage = snapshot.length === 1 ? snapshot[0] : undefined;
  const games = onlyPackage?.products.filter((p) => p.product_type === 'game' && p.quantity > 0) ?? [];
  const gameProductCode = games.length === 1 ? (games[0]?.product_code ?? null) : null;

  return { estimate, currency, minor, snapshot, wanted, pickup, gameProductCode, adHold };
}
