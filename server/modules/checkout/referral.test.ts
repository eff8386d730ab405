import type { PackageWithEstimate } from '@contract/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { associateCodes, associates, orders } from '../../db/schema';
import { type TestApp, testApp } from '../../testing';
import {
  type Buyer,
  createOrder,
  loadCatalogue,
  orderBody,
  post,
  signIn,
  testNumbers,
  wholePackage,
} from '../orders/testing';

/* Referral codes pay only for real referrals: never the associate's own order, never beside an invite or a coupon. */

const ESTIMATE = '/api/commerce/orders/price_estimate/multiple_packages/v1/';
const OWN_CODE = 'ASHARAO-OWN1';

let shop: TestApp;
let catalogue: Map<string, PackageWithEstimate>;
let associate: Buyer;
let other: Buyer;
let keys = 0;

function pkg(code: string): PackageWithEstimate {
  const found = catalogue.get(code);
  if (!found) throw new Error(`no ${code} in the catalogue`);
  return found;
}

/** What the cart sends for the package: the licence is chosen per pin, the kit comes whole. */
function packagesOf(code: string) {
  if (code !== 'BUSINESS_LICENCE') return [wholePackage(pkg(code))];
  const licence = pkg(code);
  const products = licence.products
    .filter((p) => p.product_code === 'IBC_BUSINESS_EDITION_GAME' || p.product_code === 'IBC_PREMIUM_LICENCE')
    .map((p) => ({ product_id: p.product_id, quantity: 1 }));
  return [{ package_id: licence.package_id, products }];
}

beforeAll(async () => {
  shop = await testApp({ config: { OTP_TEST_NUMBERS: testNumbers(2) } });
  catalogue = await loadCatalogue(shop.app, ['SOLO', 'BUSINESS_LICENCE', 'BUSINESS_KIT']);
  associate = await signIn(shop.app, 1);
  other = await signIn(shop.app, 2);
  const at = new Date();
  await shop.db.transaction(async (tx) => {
    await tx.insert(associateCodes).values({ code: OWN_CODE, associateName: 'Asha Rao', discountBp: 500 });
    await tx.insert(associates).values({
      userId: associate.userId,
      associateCode: OWN_CODE,
      bankPayoutDetails: {
        name_as_per_bank_account: 'Asha Rao',
        bank_account_type: 'Savings',
        account_number: '123456789012',
        ifsc_code: 'HDFC0000001',
        bank_name: 'HDFC Bank',
        branch_name: 'Koramangala',
        bank_details_image_s3_key: 'associates/bank/asha.png',
      },
      panDetails: { is_user_has_pan: false },
      gstDetails: { is_gst_registered: false },
      billingAddressDetails: {
        name: 'Asha Rao',
        door_number: '12A',
        street_name: '80 Feet Road',
        city_details: 'Bengaluru',
        district_details: 'Bengaluru Urban',
        state_details: 'Karnataka',
        pincode: '560034',
        country_details: 'India',
      },
      verificationStatus: 'SUBMITTED',
      payoutStatus: 'PENDING',
      createdAt: at,
      updatedAt: at,
    });
  });
  await shop.app.catalogueVersion.refresh();
});

afterAll(async () => {
  await shop.close();
});

function refusal(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
  return (response.json() as { data: { message: string; field?: string; http_status_code: number } }).data;
}

const estimate = (as: Buyer | null, payload: object) => post(shop.app, as, ESTIMATE, payload);
const order = (as: Buyer, body: object) => createOrder(shop.app, as, body, `referral-key-${++keys}`);

async function ordersOf(buyer: Buyer): Promise<number> {
  const rows = await shop.db.select({ userId: orders.userId }).from(orders);
  return rows.filter((row) => row.userId === buyer.userId).length;
}

describe("an associate's own code", () => {
  it('takes nothing off their own estimate or order, with a message on the referral field', async () => {
    const solo = [wholePackage(pkg('SOLO'))];
    const ownEstimate = refusal(await estimate(associate, { packages: solo, associate_code: OWN_CODE }));
    expect(ownEstimate).toMatchObject({
      field: 'associate_code',
      message: "You can't use your own referral code",
    });
    const ownOrder = refusal(
      await order(associate, orderBody(associate, solo, { associate_code: OWN_CODE })),
    );
    expect(ownOrder).toMatchObject({
      field: 'associate_code',
      message: "You can't use your own referral code",
    });
    expect(await ordersOf(associate)).toBe(0);

    // Anyone else is referred by it.
    const referred = await estimate(other, { packages: solo, associate_code: OWN_CODE.toLowerCase() });
    expect(referred.statusCode, referred.body).toBe(200);
    expect(referred.json().association_discount).toBe(2_399.45);
    const placed = await order(other, orderBody(other, solo, { associate_code: OWN_CODE }));
    expect(placed.statusCode, placed.body).toBe(200);
  });
});

describe('licence and business-kit orders', () => {
  it.each(['BUSINESS_LICENCE', 'BUSINESS_KIT'])(
    '%s takes the invite only: a referral code is refused',
    async (code) => {
      const packages = packagesOf(code);
      const withInvite = { packages, invite_code: 'BUSINESS-DEMO' };
      const alone = await estimate(other, withInvite);
      expect(alone.statusCode, alone.body).toBe(200);
      expect(alone.json().association_discount).toBe(0);

      const both = refusal(await estimate(other, { ...withInvite, associate_code: 'CLUB-RAHUL' }));
      expect(both.field).toBe('associate_code');
      expect(both.message).toMatch(/invite code only/);
      const before = await ordersOf(other);
      const placed = refusal(
        await order(
          other,
          orderBody(other, packages, {
            invite_code: 'BUSINESS-DEMO',
            associate_code: 'CLUB-RAHUL',
            ...(code === 'BUSINESS_LICENCE' ? { shipping_details: null } : {}),
          }),
        ),
      );
      expect(placed.field).toBe('associate_code');
      expect(await ordersOf(other)).toBe(before);
    },
  );
});

describe('a coupon and a referral code', () => {
  it('are never both applied: the estimate and the order say only one can be used', async () => {
    const solo = [wholePackage(pkg('SOLO'))];
    const codes = { coupon_code: 'WELCOME10', associate_code: 'CLUB-RAHUL' };
    const priced = refusal(await estimate(other, { packages: solo, ...codes }));
    expect(priced).toMatchObject({ field: 'associate_code', message: expect.stringMatching(/only one/i) });
    const before = await ordersOf(other);
    const placed = refusal(await order(other, orderBody(other, solo, codes)));
    expect(placed).toMatchObject({ field: 'associate_code', message: expect.stringMatching(/only one/i) });
    expect(await ordersOf(other)).toBe(before);
  });
});
