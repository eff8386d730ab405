import type { PackageWithEstimate } from '@contract/catalogue';
import { errorBodySchema } from '@contract/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { type TestApp, testApp } from '../../testing';
import {
  type Buyer,
  createOrder,
  get,
  loadCatalogue,
  orderBody,
  signIn,
  testNumbers,
  wholePackage,
} from './testing';

const clock = new Date('2026-06-01T10:00:00+05:30');
const now = () => clock;
let shop: TestApp;
let catalogue: Map<string, PackageWithEstimate>;
let buyerA: Buyer;
let buyerB: Buyer;
let keys = 0;
const newKey = () => `test-key-${++keys}-${Date.now().toString(36)}`;

beforeAll(async () => {
  shop = await testApp({
    now,
    config: { OTP_TEST_NUMBERS: testNumbers(4), ACCESS_TOKEN_TTL_SECONDS: 86_400 },
  });
  catalogue = await loadCatalogue(shop.app, ['SOLO', 'GAME_1_PROFILE', 'BAT', 'FAMILY']);
  buyerA = await signIn(shop.app, 1);
  buyerB = await signIn(shop.app, 2);
});

afterAll(async () => {
  await shop.close();
});

function pkg(code: string): PackageWithEstimate {
  const found = catalogue.get(code);
  if (!found) throw new Error(`no ${code}`);
  return found;
}

async function stockOf(productCode: string): Promise<number> {
  const [row] = await shop.db.select().from(products).where(eq(products.productCode, productCode));
  return row?.availableQuantity ?? -1;
}

describe('order creation', () => {
  it('creates an order priced on the server, with a modal payment', async () => {
    const before = await stockOf('IBC_VR_HEADSET');
    const response = await createOrder(
      shop.app,
      buyerA,
      { ...orderBody([wholePackage(pkg('SOLO'))]), total_amount: 1 },
      newKey(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json();
    expect(created.total_amount).toBe(47_989);
    expect(created.order_status).toBe('CREATED');
    expect(created.payment_details).toMatchObject({ kind: 'modal', provider: 'sandbox' });
    expect(await stockOf('IBC_VR_HEADSET')).toBe(before - 1);
    const status = await get(shop.app, buyerA, `/api/commerce/order/${created.order_id}/status/v1/`);
    expect(status.json()).toEqual({ order_id: created.order_id, order_status: 'CREATED' });
    const other = await get(shop.app, buyerB, `/api/commerce/order/${created.order_id}/status/v1/`);
    expect(other.statusCode).toBe(404);
    expect(errorBodySchema.parse(other.json()).data.http_status_code).toBe(404);
  });
});
