import { orderCreateRequestSchema } from '@contract/orders';
import { describe, expect, it } from 'vitest';
import { type CheckoutFormValues, EMPTY_CHECKOUT_FORM } from '../checkoutForm';
import { buildOrderCreateRequest, mobileWithDialCode, type OrderRequestInput } from './orderRequest';

const values: CheckoutFormValues = {
  ...EMPTY_CHECKOUT_FORM,
  fullName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  mobileNumber: '9876543210',
  shippingMobileNumber: '98765 43210',
  address1: '1 MG Road',
  address2: '',
  postalCode: '560001',
  city: 'Bengaluru',
  country: 'IN',
  state: 'KARNATAKA',
  tAndC: true,
};

const names: Record<string, string> = { KARNATAKA: 'Karnataka', MAHARASHTRA: 'Maharashtra' };

function input(over: Partial<OrderRequestInput> = {}): OrderRequestInput {
  return {
    values,
    pricing: {
      packages: [
        {
          packageId: 2,
          products: [
            { productId: 22, quantity: 1 },
            { productId: 21, quantity: 0 },
          ],
        },
        { packageId: 1, products: [{ productId: 11, quantity: 2 }] },
      ],
      couponCode: null,
      associateCode: null,
      countryName: 'IN',
      stateName: 'KARNATAKA',
      shippingPinCode: '560001',
    },
    expectedTotal: 47_989,
    paymentService: 'CARD_MODAL',
    isShippingRequired: true,
    selfPickupEnabled: false,
    pickupLocationId: null,
    stateName: (_, state) => names[state] ?? state,
    ...over,
  };
}

/** The payload as the server reads it: the contract accepts it. */
function parsed(over: Partial<OrderRequestInput> = {}) {
  const request = buildOrderCreateRequest(input(over));
  const check = orderCreateRequestSchema.safeParse(request);
  expect(check.error?.issues ?? []).toEqual([]);
  return request;
}

describe('buildOrderCreateRequest (spec §3 Order creation payload)', () => {
  it('a shipped order: quantities above 0, shipping details with the dial code, billing from the address', () => {
    const request = parsed();
    expect(request.packages).toEqual([
      { package_id: 1, products: [{ product_id: 11, quantity: 2 }] },
      { package_id: 2, products: [{ product_id: 22, quantity: 1 }] },
    ]);
    expect(request.shipping_details).toEqual({
      pin_code: '560001',
      first_name: 'Asha',
      last_name: 'Rao',
      mobile_number: '+919876543210',
      email: 'asha@example.in',
      state: 'Karnataka',
      country: 'India',
      address_1: '1 MG Road',
      address_2: null,
      city: 'Bengaluru',
    });
    expect(request.billing_details).toMatchObject({
      name: 'Asha Rao',
      address_1: '1 MG Road',
      postal_code: '560001',
      state: 'Karnataka',
      state_name_enum: 'KARNATAKA',
      country_name_enum: 'IN',
      country: 'India',
      gst_details: null,
    });
    expect(request).not.toHaveProperty('shipping_through');
    expect(request.self_pickup_shipping_details).toBeNull();
    expect(request.payment_service).toBe('CARD_MODAL');
  });

  it('the applied codes and the chosen payment service are sent', () => {
    const request = parsed({
      pricing: { ...input().pricing, couponCode: ' SAVE10 ', associateCode: 'FRIEND5' },
      paymentService: 'PAYMENT_LINK',
    });
    expect(request).toMatchObject({
      coupon_code: 'SAVE10',
      associate_code: 'FRIEND5',
      payment_service: 'PAYMENT_LINK',
    });
    expect(request).not.toHaveProperty('invite_code');
    const invited = parsed({ pricing: { ...input().pricing, inviteCode: 'BUSINESS-DEMO' } });
    expect(invited).toMatchObject({ invite_code: 'BUSINESS-DEMO', associate_code: null });
  });

  it("carries the estimate's own country and state and the total the buyer was shown", () => {
    // A billing address abroad does not move the price: the estimate was asked for India.
    const request = parsed({
      values: {
        ...values,
        iHaveGSTDetails: true,
        companyName: 'Rao Sports',
        GSTIN: '29abcde1234f1z5',
        gstType: 'Regular',
        useDifferentBillingAddress: true,
        billingPersonName: 'Rao Sports Inc',
        billingAddress1: '1 Market Street',
        billingPostalCode: '94105',
        billingCountry: 'US',
        billingCity: 'San Francisco',
        billingState: 'CALIFORNIA',
      },
    });
    expect(request).toMatchObject({ country_name: 'IN', state_name: 'KARNATAKA', expected_total: 47_989 });
    expect(request.billing_details.country_name_enum).toBe('US');
    // An unknown country is priced as India, on both sides (spec §5).
    expect(parsed({ pricing: { ...input().pricing, countryName: 'ZZ' } }).country_name).toBe('IN');
  });

  it('self pickup: the first pickup location, no shipping details, shipping_through sent', () => {
    const request = parsed({
      selfPickupEnabled: true,
      pickupLocationId: 7,
      values: { ...values, deliveryOption: 'SELF_PICKUP' },
    });
    expect(request.shipping_through).toBe('SELF_PICKUP');
    expect(request.self_pickup_shipping_details).toEqual({ pickup_location_id: 7 });
    expect(request.shipping_details).toBeNull();
  });

  it('self pickup enabled but delivery chosen: shipping_through SHIPPING_SERVICE', () => {
    expect(parsed({ selfPickupEnabled: true }).shipping_through).toBe('SHIPPING_SERVICE');
  });

  it('nothing to ship: no shipping details', () => {
    expect(parsed({ isShippingRequired: false }).shipping_details).toBeNull();
  });

  it('an ad booking: its devices and whole days go as ad_event_order_details', () => {
    const details = {
      ad_config_id: 7,
      venue: 'IBC Cricket Arena, Lower Parel, Mumbai',
      device_codes: ['MUM-ARENA-BAY-1', 'MUM-ARENA-BAY-2'],
      datetime_range: { from_datetime: '2026-12-10 00:00:00', to_datetime: '2026-12-12 23:59:59' },
    };
    const request = parsed({ isShippingRequired: false, adEventOrderDetails: details });
    expect(request.ad_event_order_details).toEqual(details);
    expect(request.shipping_details).toBeNull();
    expect(parsed()).not.toHaveProperty('ad_event_order_details');
  });

  it('GST details and a different billing address', () => {
    const request = parsed({
      values: {
        ...values,
        iHaveGSTDetails: true,
        companyName: 'Rao Sports',
        GSTIN: '29abcde1234f1z5',
        gstType: 'Regular',
        useDifferentBillingAddress: true,
        billingPersonName: 'Rao Sports Pvt',
        billingAddress1: '9 Link Road',
        billingAddress2: 'Floor 2',
        billingPostalCode: '400001',
        billingCountry: 'IN',
        billingCity: 'Mumbai',
        billingState: 'MAHARASHTRA',
      },
    });
    expect(request.billing_details).toEqual({
      name: 'Rao Sports Pvt',
      address_1: '9 Link Road',
      address_2: 'Floor 2',
      city: 'Mumbai',
      state: 'Maharashtra',
      state_name_enum: 'MAHARASHTRA',
      country_name_enum: 'IN',
      postal_code: '400001',
      country: 'India',
      gst_details: { company_name: 'Rao Sports', gst_in: '29ABCDE1234F1Z5', gst_type: 'Regular' },
    });
  });

  it('abroad: the country dial code', () => {
    const request = parsed({
      values: {
        ...values,
        country: 'US',
        state: 'CALIFORNIA',
        shippingMobileNumber: '2015550123',
        postalCode: '94105',
      },
    });
    expect(request.shipping_details?.mobile_number).toBe('+12015550123');
    expect(request.billing_details.country).toBe('United States');
  });

  it('terms not accepted: nothing is built', () => {
    expect(() => buildOrderCreateRequest(input({ values: { ...values, tAndC: false } }))).toThrow(/terms/);
  });

  it('mobileWithDialCode drops spaces and a leading +', () => {
    expect(mobileWithDialCode(' 98765-43210 ', 'IN')).toBe('+919876543210');
  });
});
