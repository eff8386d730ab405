import type { PackageWithEstimate } from '@contract/catalogue';
import type { Order, OrderCreateRequest, OrderCreateResponse } from '@contract/orders';
import type { PriceEstimateResponse } from '@contract/pricing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { type TestApp, testApp } from '../../testing';
import {
  BILLING,
  type Buyer,
  createOrder,
  get,
  loadCatalogue,
  orderBody,
  signIn,
  testNumbers,
  wholePackage,
} from './testing';

/* An order keeps its GST in the parts the buyer was shown and the invoice prints: the odd paisa cannot be re-derived. */

const CREATE_V2 = '/api/commerce/order/create/multiple_packages/v2/';
const ESTIMATE_V2 = '/api/commerce/orders/price_estimate/multiple_packages/v2/';

let shop: TestApp;
let catalogue: Map<string, PackageWithEstimate>;
let buyer: Buyer;
let keys = 0;

beforeAll(async () => {
  shop = await testApp({
    config: { OTP_TEST_NUMBERS: testNumbers(1), ACCESS_TOKEN_TTL_SECONDS: 86_400 * 60 },
  });
  catalogue = await loadCatalogue(shop.app, ['SOLO', 'GAME_1_PROFILE']);
  buyer = await signIn(shop.app, 1);
});

afterAll(async () => {
  await shop.close();
});

function pkg(code: string): PackageWithEstimate {
  const found = catalogue.get(code);
  if (!found) throw new Error(`no ${code}`);
  return found;
}

/** The estimate the checkout showed for the body's place, then the order made from it, as read back. */
async function estimateThenOrder(body: OrderCreateRequest) {
  const place = {
    packages: body.packages,
    billing_details: {
      state_name_enum: body.billing_details.state_name_enum,
      country_name_enum: body.billing_details.country_name_enum,
    },
  };
  const shown = await shop.app.inject({ method: 'POST', url: ESTIMATE_V2, payload: place });
  expect(shown.statusCode, shown.body).toBe(200);
  const estimate = shown.json() as PriceEstimateResponse;
  const response = await createOrder(
    shop.app,
    buyer,
    { ...body, expected_total: estimate.amount_payable },
    `gst-key-${++keys}`,
    CREATE_V2,
  );
  expect(response.statusCode, response.body).toBe(200);
  const { order_id } = response.json() as OrderCreateResponse;
  const details = await get(shop.app, buyer, `/api/commerce/order/details/v1/?order_id=${order_id}`);
  expect(details.statusCode, details.body).toBe(200);
  const order = details.json().order as Order;
  return { estimate, order };
}

const solo = () => [wholePackage(pkg('SOLO'))];

describe('the GST an order keeps', () => {
  it("within the seller's state (Karnataka): CGST + SGST as the estimate split them, on every read", async () => {
    const { estimate, order } = await estimateThenOrder(orderBody(buyer, solo()));
    expect(order.gst).toEqual(estimate.gst);
    expect(order.gst?.supply).toBe('intra_state');
    expect(order.gst?.igst).toBe(0);
    expect(order.gst?.cgst).toBeGreaterThan(0);
    expect(Math.round(((order.gst?.cgst ?? 0) + (order.gst?.sgst ?? 0)) * 100)).toBe(
      Math.round(order.total_taxes * 100),
    );
    const [row] = await shop.db.select().from(orders).where(eq(orders.id, order.order_id));
    expect(row?.cgstMinor).toBe(Math.round(estimate.gst.cgst * 100));
    expect(row?.sgstMinor).toBe(Math.round(estimate.gst.sgst * 100));
    expect((row?.cgstMinor ?? 0) + (row?.sgstMinor ?? 0)).toBe(row?.totalTaxMinor);

    const history = await get(shop.app, buyer, '/api/commerce/user/orders/v1/');
    const listed = (history.json().orders as Order[]).find((o) => o.order_id === order.order_id);
    expect(listed?.gst).toEqual(estimate.gst);
    const invoice = await get(shop.app, buyer, `/api/invoicing/orders/${order.order_id}/v1/`);
    expect((invoice.json().order as Order).gst).toEqual(estimate.gst);
  });

  it('to another state (Delhi): all of it as IGST', async () => {
    const { estimate, order } = await estimateThenOrder(
      orderBody(buyer, solo(), {
        billing_details: { ...BILLING, city: 'New Delhi', state: 'Delhi', state_name_enum: 'DELHI' },
      }),
    );
    expect(estimate.gst.supply).toBe('inter_state');
    expect(order.gst).toEqual({ supply: 'inter_state', cgst: 0, sgst: 0, igst: order.total_taxes });
    expect(order.total_taxes).toBeGreaterThan(0);
  });

  it('abroad (United States): an export, with no GST at all', async () => {
    const { order } = await estimateThenOrder(
      orderBody(buyer, [wholePackage(pkg('GAME_1_PROFILE'))], {
        shipping_details: null,
        billing_details: {
          ...BILLING,
          city: 'San Francisco',
          state: 'California',
          state_name_enum: 'CALIFORNIA',
          country_name_enum: 'US',
          postal_code: '94103',
          country: 'United States',
        },
      }),
    );
    expect(order.currency).toBe('USD');
    expect(order.total_taxes).toBe(0);
    expect(order.gst).toEqual({ supply: 'export', cgst: 0, sgst: 0, igst: 0 });
  });
});
