import type { PackageWithEstimate } from '@contract/catalogue';
import type { OrderCreateRequest } from '@contract/orders';
import type { App } from '../../app';

/** Helpers for the order tests: buyers, the catalogue as the cart sees it, and order bodies. */

export const TEST_OTP = '123456';

export function buyerPhone(n: number) {
  return { phone_number: `99999${String(n).padStart(5, '0')}`, country_code: '+91' };
}

/** Buyer n's e-mail: a verified address belongs to one account, so each buyer has their own. */
export function buyerEmail(n: number): string {
  return `buyer${n}@example.com`;
}

/** OTP_TEST_NUMBERS for buyers 1..count: their phone numbers and their e-mail addresses. */
export function testNumbers(count: number): Map<string, string> {
  return new Map(
    Array.from({ length: count }, (_, i) => {
      const phone = buyerPhone(i + 1);
      return [
        [`${phone.country_code}${phone.phone_number}`, TEST_OTP],
        [buyerEmail(i + 1), TEST_OTP],
      ] as const;
    }).flat(),
  );
}

export interface Buyer {
  token: string;
  userId: string;
  /** The e-mail the buyer verified: an order's e-mail must be this one (spec §4 step 15). */
  email: string;
}

/** Signs buyer n in with their phone, then verifies their e-mail as the checkout does (a code sent to it). */
export async function signIn(app: App, n: number, { verifyEmail = true } = {}): Promise<Buyer> {
  const phone = buyerPhone(n);
  await app.inject({ method: 'POST', url: '/api/user/login/phone_number/v1/', payload: phone });
  const verified = await app.inject({
    method: 'POST',
    url: '/api/user/verify/phone_number_otp/v1/',
    payload: { ...phone, otp: TEST_OTP },
  });
  if (verified.statusCode !== 200) throw new Error(`sign-in failed: ${verified.body}`);
  const buyer = {
    token: verified.json().access_token,
    userId: verified.json().user_id,
    email: buyerEmail(n),
  };
  if (verifyEmail) await verifyBuyerEmail(app, buyer);
  return buyer;
}

/** The e-mail OTP endpoints: the address goes on the profile, a code is asked for and given back. */
export async function verifyBuyerEmail(app: App, buyer: Buyer, email = buyer.email): Promise<void> {
  const updated = await post(app, buyer, '/api/user/user_account/email/update/v1/', { email });
  if (updated.statusCode !== 200) throw new Error(`e-mail update failed: ${updated.body}`);
  if (updated.json().profile.is_email_verified) return;
  const sent = await get(app, buyer, '/api/user/user_account/email/verify/request_otp/v1/');
  if (sent.statusCode !== 200) throw new Error(`e-mail code failed: ${sent.body}`);
  const done = await post(app, buyer, '/api/user/verify/email_otp/v1/', { otp: TEST_OTP });
  if (done.statusCode !== 200 || !done.json().profile.is_email_verified) {
    throw new Error(`e-mail verification failed: ${done.body}`);
  }
}

export async function loadCatalogue(app: App, codes: readonly string[]) {
  const listed = await app.inject({
    method: 'GET',
    url: `/api/commerce/packages/available/price_estimate/v1/?package_codes=${codes.join(',')}&country_name_enum=IN`,
  });
  return new Map((listed.json().packages as PackageWithEstimate[]).map((pkg) => [pkg.package_code, pkg]));
}

/** The package as the cart sends it: every product it holds, `sets` times over. */
export function wholePackage(pkg: PackageWithEstimate, sets = 1) {
  return {
    package_id: pkg.package_id,
    products: pkg.products
      .filter((product) => product.quantity > 0)
      .map((product) => ({ product_id: product.product_id, quantity: product.quantity * sets })),
  };
}

export const SHIPPING = {
  pin_code: '560001',
  first_name: 'Asha',
  last_name: 'Rao',
  mobile_number: '+919876543210',
  email: 'asha@example.com',
  state: 'Karnataka',
  country: 'India',
  address_1: '12 MG Road',
  address_2: null,
  city: 'Bengaluru',
};

export const BILLING = {
  name: 'Asha Rao',
  address_1: '12 MG Road',
  address_2: null,
  city: 'Bengaluru',
  state: 'Karnataka',
  state_name_enum: 'KARNATAKA',
  country_name_enum: 'IN',
  postal_code: '560001',
  country: 'India',
};

/** An order as the buyer's checkout sends it: shipped to Bengaluru, with the e-mail the buyer verified. */
export function orderBody(
  buyer: Pick<Buyer, 'email'>,
  packages: OrderCreateRequest['packages'],
  over: Partial<OrderCreateRequest> = {},
): OrderCreateRequest {
  return {
    packages,
    accepted_terms_and_conditions: true,
    payment_service: 'CARD_MODAL',
    billing_details: BILLING,
    shipping_details: { ...SHIPPING, email: buyer.email },
    ...over,
  };
}

export const CREATE_V1 = '/api/commerce/order/create/v1/';
export const CREATE_MULTI = '/api/commerce/order/create/multiple_packages/v1/';

export function createOrder(app: App, buyer: Buyer, body: unknown, key: string | null, url = CREATE_MULTI) {
  return app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: {
      authorization: `Bearer ${buyer.token}`,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
  });
}

export function get(app: App, buyer: Buyer | null, url: string) {
  return app.inject({
    method: 'GET',
    url,
    headers: buyer ? { authorization: `Bearer ${buyer.token}` } : {},
  });
}

export function post(app: App, buyer: Buyer | null, url: string, payload: object) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: buyer ? { authorization: `Bearer ${buyer.token}` } : {},
  });
}
