import type { PackageWithEstimate } from '@contract/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteCodes } from '../../db/schema';
import { type TestApp, testApp } from '../../testing';
import { type Buyer, createOrder, loadCatalogue, orderBody, signIn, testNumbers } from '../orders/testing';
import { InvitesUsageError, invitesViaDatabase, issueInvite, parseInvitesCommand } from './cli';
import { hashInviteCode, INVITE_REFUSED, inviteId } from './service';

const OPERATOR = 'invites-operator-token';
const ESTIMATE_V2 = '/api/commerce/orders/price_estimate/multiple_packages/v2/';
let shop: TestApp;
let buyer: Buyer;
let licence: { package_id: number; products: { product_id: number; quantity: number }[] };
let keys = 0;

beforeAll(async () => {
  shop = await testApp({ operatorToken: OPERATOR, config: { OTP_TEST_NUMBERS: testNumbers(1) } });
  buyer = await signIn(shop.app, 1);
  const pkg = (await loadCatalogue(shop.app, ['BUSINESS_LICENCE'])).get(
    'BUSINESS_LICENCE',
  ) as PackageWithEstimate;
  const product = pkg.products.find((p) => p.product_code === 'IBC_PREMIUM_LICENCE');
  licence = { package_id: pkg.package_id, products: [{ product_id: product?.product_id ?? 0, quantity: 1 }] };
});

const estimate = (invite_code: string) =>
  shop.app.inject({ method: 'POST', url: ESTIMATE_V2, payload: { packages: [licence], invite_code } });
const order = (invite_code: string) =>
  createOrder(
    shop.app,
    buyer,
    orderBody(buyer, [licence], { shipping_details: null, invite_code }),
    `invites-cli-${++keys}`,
  );
const issue = async (max_uses: number | null, issued_to: string | null = null) =>
  (await issueInvite(shop.db, { issued_to, max_uses, valid_days: 30, code: null }, new Date())).code;
const operatorCall = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  shop.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

afterAll(async () => {
  await shop.close();
});

describe('npm run shop -- invites issue', () => {
  it('takes whom it is for, its uses and its days; one use and no expiry unless told', () => {
    expect(
      parseInvitesCommand(['issue', '--email', 'venue@example.com', '--uses', '3', '--days', '30']),
    ).toEqual({
      kind: 'issue',
      input: { issued_to: 'venue@example.com', max_uses: 3, valid_days: 30, code: null },
    });
    expect(parseInvitesCommand(['issue'])).toMatchObject({ input: { max_uses: 1, valid_days: null } });
    expect(parseInvitesCommand(['issue', '--unlimited', '--code', 'club-42-invite'])).toMatchObject({
      input: { max_uses: null, code: 'club-42-invite' },
    });
  });

  it('explains its usage on a wrong verb or a wrong number', () => {
    expect(() => parseInvitesCommand(['revoke'])).toThrow(InvitesUsageError);
    expect(() => parseInvitesCommand(['list', '--uses', '2'])).toThrow(InvitesUsageError);
    expect(() => parseInvitesCommand(['revoke', 'A', 'B'])).toThrow(InvitesUsageError);
    expect(() => parseInvitesCommand(['issue', '--uses', '0'])).toThrow(/--uses/);
    expect(() => parseInvitesCommand(['issue', '--uses', '2', '--unlimited'])).toThrow(/not both/);
  });

  it('prints the new code once and keeps only its hash', async () => {
    const printed = await invitesViaDatabase(
      shop.db,
      parseInvitesCommand(['issue', '--email', 'a@example.com']),
    );
    const code = /Invite code (IBC-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(printed)?.[1] ?? '';
    expect(printed).toContain('for a@example.com: 1 use(s), no expiry');
    const [row] = await shop.db
      .select()
      .from(inviteCodes)
      .where(eq(inviteCodes.codeHash, hashInviteCode(code)));
    expect(row).toMatchObject({ hint: code.slice(-4), maxUses: 1, issuedTo: 'a@example.com' });
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('is offered to the operator through the running server, and to no one else', async () => {
    const call = (token?: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/commerce/admin/invites/v1/',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: { issued_to: null, max_uses: 2, valid_days: 7, code: 'SERVER-ISSUED' },
      });
    expect((await call()).statusCode).toBe(401);
    const issued = await call('invites-operator-token');
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ code: 'SERVER-ISSUED', max_uses: 2 });
  });
});

describe('npm run shop -- invites list | revoke', () => {
  it('lists each code by a short id, whom it was for, its uses, limit, expiry and status; never the code', async () => {
    const code = await issue(2, 'club@example.com');
    expect((await order(code)).statusCode).toBe(200);

    const printed = await invitesViaDatabase(shop.db, parseInvitesCommand(['list']));
    const line = printed.split('\n').find((l) => l.startsWith(inviteId(hashInviteCode(code)))) ?? '';
    expect(line).toContain(`…${code.slice(-4)}`);
    expect(line).toMatch(/active +1\/2 uses +until 20\d\d-.* club@example\.com$/);
    expect(printed).not.toContain(code);
    // The seed's: one with no limit, one expired.
    const seeded = (c: string) => printed.split('\n').find((l) => l.startsWith(inviteId(hashInviteCode(c))));
    expect(seeded('BUSINESS-DEMO')).toMatch(/active +0\/∞ uses +no expiry/);
    expect(seeded('BUSINESS-2024')).toMatch(/expired/);
  });

  it('revokes by code or by its id; a revoked code is then refused at the estimate and at order creation', async () => {
    const byCode = await issue(null);
    expect((await estimate(byCode)).statusCode).toBe(200);
    expect(await invitesViaDatabase(shop.db, parseInvitesCommand(['revoke', byCode.toLowerCase()]))).toMatch(
      /revoked/,
    );
    for (const refused of [await estimate(byCode), await order(byCode)]) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().data).toMatchObject({ field: 'invite_code', message: INVITE_REFUSED });
    }

    const byId = await issue(null);
    const id = inviteId(hashInviteCode(byId));
    await invitesViaDatabase(shop.db, parseInvitesCommand(['revoke', id]));
    expect((await estimate(byId)).json().data.message).toBe(INVITE_REFUSED);
    const listed = await invitesViaDatabase(shop.db, parseInvitesCommand(['list']));
    expect(listed.split('\n').find((l) => l.startsWith(id))).toMatch(/revoked/);

    await expect(
      invitesViaDatabase(shop.db, parseInvitesCommand(['revoke', 'NO-SUCH-CODE'])),
    ).rejects.toThrow(/No invite code or id NO-SUCH-CODE/);
  });

  it('lists and revokes for the operator through the running server, and for no one else', async () => {
    const code = await issue(1, 'server@example.com');
    expect((await operatorCall('GET', '/api/commerce/admin/invites/v1/')).statusCode).toBe(401);
    const list = await operatorCall('GET', '/api/commerce/admin/invites/v1/', OPERATOR);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().invites).toContainEqual(
      expect.objectContaining({
        id: inviteId(hashInviteCode(code)),
        issued_to: 'server@example.com',
        uses: 0,
      }),
    );
    expect(list.body).not.toContain(code);

    const revoke = (token?: string) =>
      operatorCall('POST', '/api/commerce/admin/invites/revoke/v1/', token, { code_or_id: code });
    expect((await revoke()).statusCode).toBe(401);
    expect((await estimate(code)).statusCode).toBe(200);
    const revoked = await revoke(OPERATOR);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({
      id: inviteId(hashInviteCode(code)),
      hint: code.slice(-4),
      issued_to: 'server@example.com',
    });
    expect((await estimate(code)).json().data.message).toBe(INVITE_REFUSED);
    const unknown = await operatorCall('POST', '/api/commerce/admin/invites/revoke/v1/', OPERATOR, {
      code_or_id: 'NOT-A-CODE',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
