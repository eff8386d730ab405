import type { PackageWithEstimate } from '@contract/catalogue';
import { errorBodySchema } from '@contract/common';
import type { OrderCreateResponse } from '@contract/orders';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { gameKeys, products } from '../../db/schema';
import { type TestApp, testApp } from '../../testing';
import { bumpCatalogueVersion } from './repo';
import {
  type Buyer,
  CREATE_V1,
  createOrder,
  get,
  loadCatalogue,
  orderBody,
  post,
  SHIPPING,
  signIn,
  testNumbers,
  wholePackage,
} from './testing';

let START = new Date('2026-06-01T10:00:00+05:30');
let clock = START;
const now = () => clock;
let shop: TestApp;
let catalogue: Map<string, PackageWithEstimate>;
let buyerA: Buyer;
let buyerB: Buyer;
let keys = 0;
const newKey = () => `test-key-${++keys}`;

beforeAll(async () => {
  shop = await testApp({
    now,
    operatorToken: 'orders-operator-token',
    config: { OTP_TEST_NUMBERS: testNumbers(4), ACCESS_TOKEN_TTL_SECONDS: 86_400 * 60 },
  });
  catalogue = await loadCatalogue(shop.app, ['SOLO', 'GAME_1_PROFILE', 'BAT']);
  buyerA = await signIn(shop.app, 1);
  buyerB = await signIn(shop.app, 2);
});

afterAll(async () => {
  await shop.close();
});

// Each test starts a day after the last, with every earlier unpaid order expired: stock counts are its own.
beforeEach(async () => {
  START = new Date(START.getTime() + 86_400_000);
  clock = START;
  await shop.app.orders.expireDue(1000);
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

async function setStock(productCode: string, quantity: number) {
  await shop.db
    .update(products)
    .set({ availableQuantity: quantity })
    .where(eq(products.productCode, productCode));
}

async function created(body?: unknown, buyer = buyerA) {
  const response = await createOrder(
    shop.app,
    buyer,
    body ?? orderBody(buyer, [wholePackage(pkg('SOLO'))]),
    newKey(),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderCreateResponse;
}

function refusedWith(response: { statusCode: number; json(): unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  const body = errorBodySchema.parse(response.json());
  expect(body.data.http_status_code).toBe(status);
  return body.data;
}

const statusOf = async (orderId: string, buyer = buyerA) =>
  (await get(shop.app, buyer, `/api/commerce/order/${orderId}/status/v1/`)).json().order_status;

describe('order creation', () => {
  it('prices on the server: a client amount is ignored, and the stock is reserved', async () => {
    const before = await stockOf('IBC_VR_HEADSET');
    const order = await created({
      ...orderBody(buyerA, [wholePackage(pkg('SOLO'))]),
      total_amount: 1,
      amount: 1,
    });
    expect(order.total_amount).toBe(47_989);
    expect(order.order_status).toBe('CREATED');
    expect(order.customer_order_id).toMatch(/^IBC\d{7}$/);
    expect(order.payment_details).toMatchObject({
      kind: 'modal',
      provider: 'sandbox',
      amount_minor: 4_798_900,
      currency: 'INR',
      checkout_script_url: '/pay/sandbox/checkout.js',
    });
    expect(await stockOf('IBC_VR_HEADSET')).toBe(before - 1);

    const details = await get(shop.app, buyerA, `/api/commerce/order/details/v1/?order_id=${order.order_id}`);
    expect(details.statusCode, details.body).toBe(200);
    const stored = details.json().order;
    expect(stored).toMatchObject({
      order_id: order.order_id,
      total_amount: 47_989,
      currency: 'INR',
      country_name_enum: 'IN',
      shipping_through: null,
      shipping_details: { first_name: 'Asha', pin_code: '560001', tracking_id: null },
      billing_details: { name: 'Asha Rao', state_name_enum: 'KARNATAKA' },
      order_game_keys_status: { game_keys_assigned_status: 'NOT_ASSIGNED' },
    });
    expect(stored.packages[0].products.length).toBeGreaterThan(0);
    expect(stored.packages[0].products[0]).toMatchObject({
      name: expect.any(String),
      pic_url: expect.any(String),
    });
    expect(new Date(stored.expires_at).getTime() - START.getTime()).toBe(30 * 60_000);
  });

  const headset = async () => {
    const res = await shop.app.inject({
      method: 'GET',
      url: `/api/commerce/packages/${pkg('SOLO').package_id}/v1/`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().package.products as { product_code: string; available_quantity: number }[]).find(
      (p) => p.product_code === 'IBC_VR_HEADSET',
    )?.available_quantity;
  };

  it('shows the stock an order took in the next catalogue read, from the levels its statement left', async () => {
    const before = await headset();
    // The background poll of the version (once a second) would read it on a slow machine: hold it meanwhile.
    shop.app.catalogueVersion.stop();
    onTestFinished(() => shop.app.catalogueVersion.start());
    const since = shop.queries.length;
    await created();
    expect(await headset()).toBe((before ?? 0) - 1);
    // Nothing of the catalogue is read again: the version moved only by this order.
    const sent = shop.queries.slice(since);
    const reads = sent.filter((query) => /^\s*select/.test(query));
    expect(
      reads.filter((query) => /from "(packages|products|coupons|catalogue_version)"/.test(query)),
    ).toEqual([]);
  });

  it('re-reads only the stock when another change came between the version it knew and its order', async () => {
    const before = await headset();
    // Another process's order, not yet seen by this one's poll.
    await bumpCatalogueVersion(shop.db);
    const since = shop.queries.length;
    await created();
    expect(await headset()).toBe((before ?? 0) - 1);
    const sent = shop.queries.slice(since);
    expect(sent.filter((query) => /from "packages"/.test(query))).toEqual([]);
    expect(sent.filter((query) => /from "coupons"/.test(query))).toEqual([]);
    expect(
      sent.filter((query) => /"available_quantity", \(select "content_version"/.test(query)),
    ).toHaveLength(1);
    // …and the content version comes with the stock, not in a query of its own.
    expect(sent.filter((query) => /"content_version"/.test(query))).toHaveLength(1);
  });

  it('writes an order, its key and its stock in one statement, with no transaction around it', async () => {
    const since = shop.queries.length;
    await created();
    const writes = shop.queries
      .slice(since)
      .filter((query) => /^\s*(with|insert|update|delete|begin)/i.test(query))
      // The sandbox provider's own records (and its webhook worker) stand for a real provider's API.
      .filter((query) => !/"sandbox_payments"|"webhook_outbox"/.test(query));
    // The provider's payment is stored on the order after the statement.
    expect(writes).toHaveLength(2);
    const [statement, payment] = writes;
    expect(statement).toMatch(/update "products"/);
    expect(statement).toMatch(/insert into "orders"/);
    expect(statement).toMatch(/insert into "order_idempotency_keys"/);
    expect(payment).toMatch(/^update "orders" set/);
  });

  it('the database refuses a stock below zero, so an order the catalogue thought possible is refused whole', async () => {
    await expect(setStock('IBC_VR_HEADSET', -1)).rejects.toThrow();
    // The catalogue last saw plenty; the database has one left.
    await shop.db
      .update(products)
      .set({ availableQuantity: 1 })
      .where(eq(products.productCode, 'IBC_VR_HEADSET'));
    const orderCount = async () =>
      (await get(shop.app, buyerA, '/api/commerce/user/orders/v1/')).json().orders.length as number;
    const before = await orderCount();
    try {
      const refused = await createOrder(
        shop.app,
        buyerA,
        orderBody(buyerA, [wholePackage(pkg('SOLO'), 2)]),
        newKey(),
      );
      expect(refusedWith(refused, 409).message).toMatch(/^Only 1 of .+ left: lower the quantity$/);
      expect(await stockOf('IBC_VR_HEADSET')).toBe(1);
      expect(await orderCount()).toBe(before);
    } finally {
      await setStock('IBC_VR_HEADSET', 120);
    }
  });

  it('answers a retry with the same key with the same order, and refuses the key with another body', async () => {
    const key = newKey();
    const body = orderBody(buyerA, [wholePackage(pkg('SOLO'))]);
    const first = await createOrder(shop.app, buyerA, body, key);
    const second = await createOrder(shop.app, buyerA, body, key);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const other = await createOrder(shop.app, buyerA, orderBody(buyerA, [wholePackage(pkg('SOLO'), 2)]), key);
    expect(refusedWith(other, 422).message).toMatch(/Idempotency-Key/);
    // The key is the buyer's own: another buyer's same key is another order.
    const theirs = await createOrder(
      shop.app,
      buyerB,
      { ...body, shipping_details: { ...SHIPPING, email: buyerB.email } },
      key,
    );
    expect(theirs.json().order_id).not.toBe(first.json().order_id);
  });

  it('answers a retry of the order that took the last unit with that order, not with out of stock', async () => {
    const before = await stockOf('IBC_VR_HEADSET');
    await setStock('IBC_VR_HEADSET', 1);
    try {
      const key = newKey();
      const body = orderBody(buyerA, [wholePackage(pkg('SOLO'))]);
      const first = await createOrder(shop.app, buyerA, body, key);
      expect(first.statusCode, first.body).toBe(200);
      expect(await stockOf('IBC_VR_HEADSET')).toBe(0);
      const retry = await createOrder(shop.app, buyerA, body, key);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toEqual(first.json());
      // Another buyer finds it sold; the same buyer's new order replaces their own (spec §4 step 6).
      refusedWith(
        await createOrder(
          shop.app,
          buyerB,
          { ...body, shipping_details: { ...SHIPPING, email: buyerB.email } },
          newKey(),
        ),
        409,
      );
      const replaced = await createOrder(shop.app, buyerA, body, newKey());
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(await statusOf(first.json().order_id)).toBe('CANCELLED');
    } finally {
      await setStock('IBC_VR_HEADSET', before);
    }
  });

  it('requires a well-formed Idempotency-Key and a signed-in buyer', async () => {
    const body = orderBody(buyerA, [wholePackage(pkg('SOLO'))]);
    refusedWith(await createOrder(shop.app, buyerA, body, null), 400);
    refusedWith(await createOrder(shop.app, buyerA, body, 'bad key!'), 400);
    const anonymous = await shop.app.inject({
      method: 'POST',
      url: CREATE_V1,
      payload: body,
      headers: { 'idempotency-key': newKey() },
    });
    refusedWith(anonymous, 401);
  });

  it('refuses what is out of stock, and more than is left', async () => {
    await setStock('IBC_VR_HEADSET', 0);
    try {
      const refused = await createOrder(
        shop.app,
        buyerA,
        orderBody(buyerA, [wholePackage(pkg('SOLO'))]),
        newKey(),
      );
      expect(refusedWith(refused, 409).message).toMatch(/out of stock/);
    } finally {
      await setStock('IBC_VR_HEADSET', 120);
    }
  });

  it('refuses a shipped order without an address, an unknown pickup location and an unoffered payment', async () => {
    const solo = [wholePackage(pkg('SOLO'))];
    const noAddress = await createOrder(
      shop.app,
      buyerA,
      orderBody(buyerA, solo, { shipping_details: null }),
      newKey(),
    );
    expect(refusedWith(noAddress, 400).field).toBe('shipping_details');
    const pickup = await createOrder(
      shop.app,
      buyerA,
      orderBody(buyerA, solo, {
        shipping_through: 'SELF_PICKUP',
        shipping_details: null,
        self_pickup_shipping_details: { pickup_location_id: 9999 },
      }),
      newKey(),
    );
    expect(refusedWith(pickup, 400).field).toBe('self_pickup_shipping_details.pickup_location_id');
    const usd = await createOrder(
      shop.app,
      buyerA,
      orderBody(buyerA, solo, {
        payment_service: 'PAYMENT_LINK',
        billing_details: {
          ...orderBody(buyerA, solo).billing_details,
          country_name_enum: 'US',
          state_name_enum: null,
          postal_code: '94103',
        },
        shipping_details: { ...SHIPPING, email: buyerA.email, pin_code: '94103', country: 'United States' },
      }),
      newKey(),
      '/api/commerce/order/create/multiple_packages/v2/',
    );
    expect(refusedWith(usd, 400).field).toBe('payment_service');
  });

  it('takes a self-pickup order without a shipping address', async () => {
    const locations = await get(shop.app, null, '/api/invoicing/pickup_locations/v1/');
    const id = locations.json().pickup_locations[0].pickup_location_id;
    const order = await created(
      orderBody(buyerA, [wholePackage(pkg('SOLO'))], {
        shipping_through: 'SELF_PICKUP',
        shipping_details: null,
        self_pickup_shipping_details: { pickup_location_id: id },
      }),
    );
    const details = await get(shop.app, buyerA, `/api/invoicing/orders/${order.order_id}/v1/`);
    expect(details.json().order.self_pickup_shipping_details.pickup_location).toMatchObject({
      pickup_location_id: id,
      consolidated_address: expect.stringContaining(','),
    });
    expect(details.json().order.shipping_details).toBeNull();
  });
});

describe('cancel and expiry', () => {
  it('cancelling gives the stock back once, and a paid order cannot be cancelled', async () => {
    const before = await stockOf('IBC_VR_HEADSET');
    const order = await created();
    expect(await stockOf('IBC_VR_HEADSET')).toBe(before - 1);
    const cancel = await get(shop.app, buyerA, `/api/commerce/order/${order.order_id}/cancel/v1/`);
    expect(cancel.json()).toEqual({
      order_id: order.order_id,
      order_status: 'CANCELLED',
      payment_in_flight: false,
    });
    await get(shop.app, buyerA, `/api/commerce/order/${order.order_id}/cancel/v1/`);
    expect(await stockOf('IBC_VR_HEADSET')).toBe(before);

    const paid = await created();
    await shop.app.orders.applyOutcome(paid.order_id, 'PAID', 'pay_test');
    const refused = await get(shop.app, buyerA, `/api/commerce/order/${paid.order_id}/cancel/v1/`);
    refusedWith(refused, 409);
    expect(await statusOf(paid.order_id)).toBe('SUCCESS');
  });

  it('an unpaid order expires after its reservation, giving the stock back exactly once', async () => {
    const before = await stockOf('IBC_VR_HEADSET');
    const order = await created();
    clock = new Date(START.getTime() + 31 * 60_000);
    expect(await statusOf(order.order_id)).toBe('EXPIRED');
    expect(await stockOf('IBC_VR_HEADSET')).toBe(before);
    await shop.app.orders.expireDue();
    await get(shop.app, buyerA, `/api/commerce/order/${order.order_id}/cancel/v1/`);
    expect(await stockOf('IBC_VR_HEADSET')).toBe(before);
  });

  it('a buyer who needs the stock a lapsed order holds gets it: that order expires first', async () => {
    await setStock('IBC_VR_HEADSET', 1);
    try {
      const lapsed = await created();
      clock = new Date(START.getTime() + 31 * 60_000);
      const next = await created(orderBody(buyerB, [wholePackage(pkg('SOLO'))]), buyerB);
      expect(next.order_status).toBe('CREATED');
      expect(await statusOf(lapsed.order_id)).toBe('EXPIRED');
      expect(await stockOf('IBC_VR_HEADSET')).toBe(0);
    } finally {
      await setStock('IBC_VR_HEADSET', 120);
    }
  });

  it('the sweep expires lapsed orders nobody reads', async () => {
    const before = await stockOf('IBC_VR_HEADSET');
    await created();
    await created(orderBody(buyerB, [wholePackage(pkg('SOLO'))]), buyerB);
    expect(await stockOf('IBC_VR_HEADSET')).toBe(before - 2);
    clock = new Date(START.getTime() + 31 * 60_000);
    expect(await shop.app.orders.expireDue()).toBeGreaterThanOrEqual(2);
    expect(await stockOf('IBC_VR_HEADSET')).toBe(before);
  });

  it('a payment arriving after expiry is refunded, never applied, though its stock is still there', async () => {
    const before = await stockOf('IBC_VR_HEADSET');
    const order = await created();
    clock = new Date(START.getTime() + 31 * 60_000);
    await shop.app.orders.expireDue();
    expect(await stockOf('IBC_VR_HEADSET')).toBe(before);
    await shop.app.orders.applyOutcome(order.order_id, 'PAID', 'pay_late');
    expect(await statusOf(order.order_id)).toBe('REFUND_PENDING');
    expect(await stockOf('IBC_VR_HEADSET')).toBe(before);
  });
});

describe('payment outcomes', () => {
  it('SUCCESS is final: a late FAILED or PENDING changes nothing', async () => {
    const order = await created();
    await shop.app.orders.applyOutcome(order.order_id, 'FAILED', 'pay_1');
    expect(await statusOf(order.order_id)).toBe('FAILED');
    await shop.app.orders.applyOutcome(order.order_id, 'PAID', 'pay_2');
    await shop.app.orders.applyOutcome(order.order_id, 'FAILED', 'pay_3');
    await shop.app.orders.applyOutcome(order.order_id, 'PENDING', 'pay_4');
    expect(await statusOf(order.order_id)).toBe('SUCCESS');
  });

  it('a game order is assigned one key from the pool on payment, once, and shows it', async () => {
    const order = await created(
      orderBody(buyerA, [wholePackage(pkg('GAME_1_PROFILE'))], { shipping_details: null }),
    );
    await shop.app.orders.applyOutcome(order.order_id, 'PAID', 'pay_g1');
    await shop.app.orders.applyOutcome(order.order_id, 'PAID', 'pay_g1');
    const details = (await get(shop.app, buyerA, `/api/invoicing/orders/${order.order_id}/v1/`)).json().order;
    expect(details.order_game_keys_status).toEqual({
      is_game_keys_required: true,
      game_keys_assigned_status: 'ASSIGNED',
    });
    expect(details.game_keys).toHaveLength(1);
    const assigned = await shop.db.select().from(gameKeys).where(eq(gameKeys.orderId, order.order_id));
    expect(assigned).toHaveLength(1);
  });

  it('with the pool empty the key stays NOT_ASSIGNED, and an operator can add keys', async () => {
    await shop.db
      .update(gameKeys)
      .set({ orderId: null, productCode: 'RETIRED' })
      .where(and(eq(gameKeys.productCode, 'IBC_STEAM_GAME_KEY'), isNull(gameKeys.orderId)));
    const steam = await loadCatalogue(shop.app, ['STEAM_GAME']);
    const steamPkg = steam.get('STEAM_GAME');
    if (!steamPkg) throw new Error('no STEAM_GAME');
    const order = await created(orderBody(buyerA, [wholePackage(steamPkg)], { shipping_details: null }));
    await shop.app.orders.applyOutcome(order.order_id, 'PAID', 'pay_s1');
    const details = (await get(shop.app, buyerA, `/api/invoicing/orders/${order.order_id}/v1/`)).json().order;
    expect(details.order_game_keys_status.game_keys_assigned_status).toBe('NOT_ASSIGNED');
    expect(details.game_keys).toEqual([]);

    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/commerce/admin/game_keys/v1/',
      remoteAddress: '127.0.0.1',
      headers: { authorization: 'Bearer orders-operator-token' },
      payload: { product_code: 'IBC_STEAM_GAME_KEY', keys: ['STEAM-AAAA-0001', 'STEAM-AAAA-0002'] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ product_code: 'IBC_STEAM_GAME_KEY', added: 2, free: 2 });
  });
});

describe('history and ownership', () => {
  it('lists the buyer’s orders newest first, and only theirs', async () => {
    const first = await created(undefined, buyerB);
    clock = new Date(START.getTime() + 60_000);
    const second = await created(undefined, buyerB);
    const history = (await get(shop.app, buyerB, '/api/commerce/user/orders/v1/')).json().orders;
    const ids = history.map((o: { order_id: string }) => o.order_id);
    expect(ids.indexOf(second.order_id)).toBeLessThan(ids.indexOf(first.order_id));
    const mine = (await get(shop.app, buyerA, '/api/commerce/user/orders/v1/')).json().orders;
    expect(mine.map((o: { order_id: string }) => o.order_id)).not.toContain(first.order_id);
  });

  it('every order endpoint refuses another buyer’s order as not found, and a caller without a token', async () => {
    const order = await created();
    const id = order.order_id;
    const calls = [
      () => get(shop.app, buyerB, `/api/commerce/order/${id}/status/v1/`),
      () => get(shop.app, buyerB, `/api/commerce/order/${id}/cancel/v1/`),
      () => get(shop.app, buyerB, `/api/commerce/order/details/v1/?order_id=${id}`),
      () => get(shop.app, buyerB, `/api/invoicing/orders/${id}/v1/`),
      () => post(shop.app, buyerB, `/api/invoicing/orders/${id}/fetch_and_update_payment_status/v1/`, {}),
    ];
    for (const call of calls) expect(refusedWith(await call(), 404).message).toBe('Order not found');
    expect(await statusOf(id)).toBe('CREATED');
    refusedWith(await get(shop.app, null, `/api/commerce/order/${id}/status/v1/`), 401);
    refusedWith(await get(shop.app, null, '/api/commerce/user/orders/v1/'), 401);
  });
});
