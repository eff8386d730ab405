import type { PackageWithEstimate } from '@contract/catalogue';
import { errorBodySchema } from '@contract/common';
import type { OrderCreateRequest, OrderCreateResponse } from '@contract/orders';
import type { PriceEstimateResponse } from '@contract/pricing';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inviteCodeUses, orders } from '../../db/schema';
import { describeOnPostgres, type TestApp, testApp } from '../../testing';
import { issueInvite } from '../invites/cli';
import { hashInviteCode, INVITE_REFUSED } from '../invites/service';
import {
  type Buyer,
  CREATE_V1,
  createOrder,
  get,
  loadCatalogue,
  orderBody,
  post,
  signIn,
  TEST_OTP,
  testNumbers,
  verifyBuyerEmail,
  wholePackage,
} from './testing';

/*
 * What the server enforces at order creation whatever the browser did: the buyer's verified e-mail, an invite
 * for the business licence and kit, an ad's days × devices, India for an unknown country, the estimate's own
 * place, and the total the buyer was shown.
 */

const OPERATOR = 'enforce-operator-token';
/** The address buyer 3 changes to after verifying their first. */
const CHANGED_EMAIL = 'buyer3.new@example.com';
const CREATE_V2 = '/api/commerce/order/create/multiple_packages/v2/';
const ESTIMATE_V2 = '/api/commerce/orders/price_estimate/multiple_packages/v2/';
let START = new Date('2026-06-01T10:00:00+05:30');
let clock = START;
let shop: TestApp;
let catalogue: Map<string, PackageWithEstimate>;
let buyer: Buyer;
let keys = 0;
const newKey = () => `enforce-key-${++keys}`;

beforeAll(async () => {
  shop = await testApp({
    now: () => clock,
    operatorToken: OPERATOR,
    config: {
      OTP_TEST_NUMBERS: new Map([...testNumbers(24), [CHANGED_EMAIL, TEST_OTP]]),
      // The race below signs twenty buyers in from one address.
      OTP_IP_LIMIT_PER_HOUR: 1000,
      OTP_NETWORK_LIMIT_PER_HOUR: 1000,
      ACCESS_TOKEN_TTL_SECONDS: 86_400 * 60,
    },
  });
  catalogue = await loadCatalogue(shop.app, [
    'SOLO',
    'GAME_1_PROFILE',
    'BUSINESS_LICENCE',
    'BUSINESS_KIT',
    'AD_MUMBAI_ARENA',
  ]);
  buyer = await signIn(shop.app, 1);
});

afterAll(async () => {
  await shop.close();
});

// Each test starts a day after the last, with every earlier unpaid order expired.
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

/** A customizable package with `quantity` of its product `productCode`. */
function lineOf(code: string, productCode: string, quantity: number) {
  const found = pkg(code);
  const product = found.products.find((p) => p.product_code === productCode);
  if (!product) throw new Error(`no ${productCode} in ${code}`);
  return { package_id: found.package_id, products: [{ product_id: product.product_id, quantity }] };
}

function refused(response: { statusCode: number; json(): unknown; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return errorBodySchema.parse(response.json()).data;
}

async function accepted(body: OrderCreateRequest, as = buyer, url?: string): Promise<OrderCreateResponse> {
  const response = await createOrder(shop.app, as, body, newKey(), url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const orderCount = async () => (await shop.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

describe("the order's e-mail is the buyer's verified one (spec §4 step 15)", () => {
  it('refuses a buyer who never verified an e-mail, on the e-mail field', async () => {
    const unverified = await signIn(shop.app, 2, { verifyEmail: false });
    const before = await orderCount();
    const response = await createOrder(
      shop.app,
      unverified,
      orderBody(unverified, [wholePackage(pkg('SOLO'))]),
      newKey(),
    );
    const error = refused(response, 400);
    expect(error.field).toBe('shipping_details.email');
    expect(error.message).toMatch(/Verify your e-mail/);
    // A game ships nowhere and carries no e-mail: the buyer still needs a verified one.
    const game = refused(
      await createOrder(
        shop.app,
        unverified,
        orderBody(unverified, [wholePackage(pkg('GAME_1_PROFILE'))], { shipping_details: null }),
        newKey(),
      ),
      400,
    );
    expect(game.field).toBe('email');
    expect(await orderCount()).toBe(before);
  });

  it('refuses another e-mail than the verified one, and takes the verified one in any case', async () => {
    const other = refused(
      await createOrder(
        shop.app,
        buyer,
        orderBody({ email: 'someone.else@example.com' }, [wholePackage(pkg('SOLO'))]),
        newKey(),
      ),
      400,
    );
    expect(other.field).toBe('shipping_details.email');
    expect(other.message).toMatch(/verified/);
    await accepted(orderBody({ email: buyer.email.toUpperCase() }, [wholePackage(pkg('SOLO'))]));
  });

  it('refuses an address changed after it was verified, until the new one is verified', async () => {
    const changing = await signIn(shop.app, 3);
    const newEmail = CHANGED_EMAIL;
    const updated = await post(shop.app, changing, '/api/user/user_account/email/update/v1/', {
      email: newEmail,
    });
    expect(updated.json().profile.is_email_verified).toBe(false);
    const body = orderBody({ email: newEmail }, [wholePackage(pkg('SOLO'))]);
    expect(refused(await createOrder(shop.app, changing, body, newKey()), 400).field).toBe(
      'shipping_details.email',
    );
    await verifyBuyerEmail(shop.app, changing, newEmail);
    await accepted(body, changing);
  });
});

describe('the business licence and kit need an invite code (spec §2)', () => {
  const licence = () => lineOf('BUSINESS_LICENCE', 'IBC_PREMIUM_LICENCE', 1);
  const licenceOrder = (inviteCode?: string) =>
    orderBody(buyer, [licence()], { shipping_details: null, invite_code: inviteCode ?? null });

  it('refuses a licence or a kit without a code, or with an unknown or expired one', async () => {
    const missing = refused(await createOrder(shop.app, buyer, licenceOrder(), newKey()), 400);
    expect(missing).toMatchObject({ field: 'invite_code' });
    expect(missing.message).toMatch(/invite code/);
    const kit = refused(
      await createOrder(shop.app, buyer, orderBody(buyer, [wholePackage(pkg('BUSINESS_KIT'))]), newKey()),
      400,
    );
    expect(kit.field).toBe('invite_code');
    const unknown = refused(
      await createOrder(shop.app, buyer, licenceOrder('NO-SUCH-INVITE'), newKey()),
      400,
    );
    expect(unknown).toMatchObject({ field: 'invite_code', message: INVITE_REFUSED });
    const expired = refused(await createOrder(shop.app, buyer, licenceOrder('BUSINESS-2024'), newKey()), 400);
    expect(expired).toMatchObject({ field: 'invite_code', message: INVITE_REFUSED });
  });

  it('accepts a valid code in any case, takes its use in the order, and gives it back on cancel', async () => {
    const { code } = await issueInvite(
      shop.db,
      { issued_to: 'venue@example.com', max_uses: 1, valid_days: 30, code: null },
      clock,
    );
    const usesOf = async () =>
      (
        await shop.db
          .select({ n: count() })
          .from(inviteCodeUses)
          .where(eq(inviteCodeUses.codeHash, hashInviteCode(code)))
      )[0]?.n ?? 0;

    const order = await accepted(licenceOrder(code.toLowerCase()));
    expect(await usesOf()).toBe(1);
    // Its one use is held by the open order.
    const usedUp = refused(await createOrder(shop.app, buyer, licenceOrder(code), newKey()), 400);
    expect(usedUp).toMatchObject({ field: 'invite_code', message: INVITE_REFUSED });

    const cancelled = await get(shop.app, buyer, `/api/commerce/order/${order.order_id}/cancel/v1/`);
    expect(cancelled.json().order_status).toBe('CANCELLED');
    const again = await accepted(licenceOrder(code));
    expect(again.order_id).not.toBe(order.order_id);
  });

  it('gives the use back when the order expires unpaid, and takes it for a business kit too', async () => {
    const { code } = await issueInvite(
      shop.db,
      { issued_to: null, max_uses: 1, valid_days: null, code: 'KIT-VENUE-42' },
      clock,
    );
    const kit = orderBody(buyer, [wholePackage(pkg('BUSINESS_KIT'))], { invite_code: code });
    await accepted(kit);
    refused(await createOrder(shop.app, buyer, kit, newKey()), 400);
    clock = new Date(clock.getTime() + 31 * 60_000);
    await shop.app.orders.expireDue(1000);
    await accepted(kit);
  });

  it('is checked by the estimate as the buyer applies it', async () => {
    const estimate = (invite_code: string) =>
      shop.app.inject({
        method: 'POST',
        url: ESTIMATE_V2,
        payload: { packages: [licence()], invite_code },
      });
    expect((await estimate('BUSINESS-DEMO')).statusCode).toBe(200);
    expect(refused(await estimate('NOPE-NOPE'), 400).field).toBe('invite_code');
  });
});

describe("an ad's quantity is its days × devices (spec §3)", () => {
  const ad = (quantity: number) => lineOf('AD_MUMBAI_ARENA', 'IBC_AD_SLOT_MUMBAI_ARENA', quantity);
  const details = {
    ad_config_id: 1,
    venue: 'IBC Cricket Arena, Lower Parel, Mumbai',
    device_codes: ['MUM-ARENA-BAY-1', 'MUM-ARENA-BAY-2'],
    // 1 to 3 December: 3 days, both counted.
    datetime_range: { from_datetime: '2026-12-01 00:00:00', to_datetime: '2026-12-03 23:59:59' },
  };
  const adOrder = (quantity: number, over: Partial<OrderCreateRequest> = {}) =>
    orderBody(buyer, [ad(quantity)], { shipping_details: null, ad_event_order_details: details, ...over });

  it('refuses a quantity that is not days × devices, and an ad without its dates and devices', async () => {
    const wrong = refused(await createOrder(shop.app, buyer, adOrder(5), newKey()), 400);
    expect(wrong.field).toBe('packages');
    expect(wrong.message).toMatch(/3 day\(s\) on 2 device\(s\) is a quantity of 6, not 5/);
    const bare = refused(
      await createOrder(shop.app, buyer, adOrder(6, { ad_event_order_details: null }), newKey()),
      400,
    );
    expect(bare.field).toBe('ad_event_order_details');
    const backwards = refused(
      await createOrder(
        shop.app,
        buyer,
        adOrder(6, {
          ad_event_order_details: {
            ...details,
            datetime_range: { from_datetime: '2026-12-03 00:00:00', to_datetime: '2026-12-01 00:00:00' },
          },
        }),
        newKey(),
      ),
      400,
    );
    expect(backwards.field).toBe('ad_event_order_details.datetime_range');
  });

  it('accepts days × devices', async () => {
    const order = await accepted(adOrder(6));
    const details = await get(shop.app, buyer, `/api/commerce/order/details/v1/?order_id=${order.order_id}`);
    expect(details.json().order.packages[0].products[0].quantity).toBe(6);
  });
});

describe('the country and state an order is priced for', () => {
  it('prices an unknown country as India (spec §5), as the browser does', async () => {
    const body = orderBody(buyer, [wholePackage(pkg('SOLO'))], {
      billing_details: { ...orderBody(buyer, []).billing_details, country_name_enum: 'ZZ' },
    });
    const order = await accepted(body, buyer, CREATE_V1);
    expect(order).toMatchObject({ currency: 'INR', total_amount: 47_989 });
    const stored = await get(shop.app, buyer, `/api/commerce/order/details/v1/?order_id=${order.order_id}`);
    expect(stored.json().order.country_name_enum).toBe('IN');
  });

  it("prices the order for the estimate's own state and country, not another address's", async () => {
    const packages = [wholePackage(pkg('SOLO'))];
    const seen = await shop.app.inject({
      method: 'POST',
      url: ESTIMATE_V2,
      payload: {
        packages,
        state_name: 'KARNATAKA',
        country_name: 'IN',
        billing_details: { state_name_enum: 'KARNATAKA', country_name_enum: 'IN' },
      },
    });
    const estimate = seen.json() as PriceEstimateResponse;
    // Billed to an address abroad, shipped in India: the buyer saw the Indian price.
    const body = orderBody(buyer, packages, {
      state_name: 'KARNATAKA',
      country_name: 'IN',
      billing_details: {
        ...orderBody(buyer, []).billing_details,
        state: 'California',
        state_name_enum: 'CALIFORNIA',
        country_name_enum: 'US',
        country: 'United States',
        postal_code: '94103',
      },
      expected_total: estimate.amount_payable,
    });
    const order = await accepted(body, buyer, CREATE_V2);
    expect(order).toMatchObject({ currency: estimate.currency, total_amount: estimate.amount_payable });
  });
});

describe('the total the buyer was shown', () => {
  it('answers 409 PRICE_CHANGED with the new total when it differs, and creates nothing', async () => {
    const before = await orderCount();
    const response = await createOrder(
      shop.app,
      buyer,
      orderBody(buyer, [wholePackage(pkg('SOLO'))], { expected_total: 45_000 }),
      newKey(),
    );
    const error = refused(response, 409);
    expect(error).toMatchObject({
      res_status: 'PRICE_CHANGED',
      field: 'expected_total',
      total_amount: 47_989,
      currency: 'INR',
      message: 'The total changed to ₹47,989. Check it and pay again.',
    });
    expect(await orderCount()).toBe(before);
  });

  it('accepts the total it shows, and refuses it once the operator changed a price in between', async () => {
    const shown = 47_989;
    await accepted(orderBody(buyer, [wholePackage(pkg('SOLO'))], { expected_total: shown }));

    const game = pkg('GAME_1_PROFILE');
    const productCode = game.products[0]?.product_code ?? '';
    const before = game.products[0]?.taxable_amount ?? 0;
    const setPrice = (amount: number) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/commerce/admin/catalogue/price/v1/',
        headers: { authorization: `Bearer ${OPERATOR}` },
        payload: { product_code: productCode, currency: 'INR', amount, original_amount: null },
      });
    const gameOrder = (expected: number) =>
      orderBody(buyer, [wholePackage(game)], { shipping_details: null, expected_total: expected });
    const estimate = await shop.app.inject({
      method: 'POST',
      url: ESTIMATE_V2,
      payload: { packages: [wholePackage(game)] },
    });
    const seenTotal = (estimate.json() as PriceEstimateResponse).amount_payable;
    expect((await setPrice(2000)).statusCode).toBe(200);
    try {
      // ₹2,000 + 18 % GST.
      const changed = refused(await createOrder(shop.app, buyer, gameOrder(seenTotal), newKey()), 409);
      expect(changed).toMatchObject({ res_status: 'PRICE_CHANGED', total_amount: 2360, currency: 'INR' });
      await accepted(gameOrder(2360));
    } finally {
      expect((await setPrice(before)).statusCode).toBe(200);
    }
  });
});

describeOnPostgres('an invite code under concurrency (PostgreSQL)', () => {
  // Twenty buyers: one buyer's new order replaces their own unpaid one for the same items.
  let racers: Buyer[];
  beforeAll(async () => {
    racers = [];
    for (let n = 5; n <= 24; n += 1) racers.push(await signIn(shop.app, n));
  }, 60_000);

  it('concurrent orders with a three-use code create exactly three', async () => {
    const { code } = await issueInvite(
      shop.db,
      { issued_to: null, max_uses: 3, valid_days: null, code: null },
      clock,
    );
    const answers = await Promise.all(
      racers.map((racer, i) =>
        createOrder(
          shop.app,
          racer,
          orderBody(racer, [lineOf('BUSINESS_LICENCE', 'IBC_BASIC_LICENCE', 1)], {
            shipping_details: null,
            invite_code: code,
          }),
          `invite-race-${i}`,
        ),
      ),
    );
    const created = answers.filter((a) => a.statusCode === 200);
    const refusedOnes = answers.filter((a) => a.statusCode !== 200);
    expect(created).toHaveLength(3);
    expect(
      refusedOnes.every((a) => a.statusCode === 400 && a.json().data.field === 'invite_code'),
      refusedOnes.map((a) => a.body).join('\n'),
    ).toBe(true);
  }, 60_000);
});
