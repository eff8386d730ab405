import type { AdBooking } from '@contract/ads';
import { toMajor } from '@contract/money';
import type { Order, OrderCreateResponse } from '@contract/orders';
import type { OrderRow } from '../../db/schema';

export function customerOrderId(number: number): string {
  return `IBC${String(number).padStart(7, '0')}`;
}

/** The order as read on the wire (spec §3 Order), amounts in major units. */
export function orderToWire(
  row: OrderRow,
  keys: readonly string[],
  adBooking: AdBooking | null = null,
): Order {
  const major = (minor: number) => toMajor(minor, row.currency);
  return {
    order_id: row.id,
    customer_order_id: customerOrderId(row.number),
    order_status: row.status,
    creation_datetime: row.createdAt.toISOString(),
    success_datetime: row.successAt ? row.successAt.toISOString() : null,
    expires_at: row.expiresAt.toISOString(),
    total_taxable_amount: major(row.totalTaxableMinor),
    total_taxes: major(row.totalTaxMinor),
    gst:
      row.gstSupply === null
        ? null
        : {
            supply: row.gstSupply,
            cgst: major(row.cgstMinor ?? 0),
            sgst: major(row.sgstMinor ?? 0),
            igst: major(row.igstMinor ?? 0),
          },
    total_amount: major(row.totalMinor),
    coupon_discount: major(row.couponDiscountMinor),
    association_discount: major(row.associationDiscountMinor),
    other_discounts: row.otherDiscounts.map((d) => ({
      discount_name: d.discount_name,
      discount_value: major(d.discount_minor),
    })),
    coupon_code: row.couponCode,
    associate_code: row.associateCode,
    currency: row.currency,
    country_name_enum: row.countryCode,
    pricing_type: row.pricingType,
    payment_service: row.paymentService,
    shipping_through: row.shippingThrough,
    self_pickup_shipping_details: row.selfPickup,
    shipping_details: row.shippingDetails
      ? { ...row.shippingDetails, shipping_charges: major(row.shippingChargesMinor) }
      : null,
    billing_details: row.billingDetails,
    order_game_keys_status: {
      is_game_keys_required: row.gameKeysRequired,
      game_keys_assigned_status: keys.length > 0 ? 'ASSIGNED' : 'NOT_ASSIGNED',
    },
    game_keys: [...keys],
    payment_id: row.providerPaymentId,
    packages: row.packages.map((pkg) => ({
      package_id: pkg.package_id,
      package_code: pkg.package_code,
      quantity: pkg.quantity,
      name: pkg.name,
      description: pkg.description,
      pic_url: pkg.pic_url,
      package_type: pkg.package_type,
      products: pkg.products.map((p) => ({
        product_id: p.product_id,
        product_code: p.product_code,
        name: p.name,
        description: p.description,
        pic_url: p.pic_url,
        product_type: p.product_type,
        quantity: p.quantity,
        total_amount_for_each_product: major(p.total_minor),
        vendor_details: p.vendor_details,
        category: p.category_code ? { category_code: p.category_code } : null,
        customization: p.customization ?? null,
        customization_description: p.customization_description ?? null,
      })),
    })),
    ad_booking: adBooking,
  };
}

export function createResponse(row: OrderRow): OrderCreateResponse {
  return {
    order_id: row.id,
    customer_order_id: customerOrderId(row.number),
    order_status: row.status,
    total_amount: toMajor(row.totalMinor, row.currency),
    currency: row.currency,
    payment_service: row.paymentService,
    payment_details: row.paymentDetails ?? null,
  };
}
