import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteCodes } from '../../db/schema';
import { type TestApp, testApp } from '../../testing';
import { InvitesUsageError, invitesViaDatabase, parseInvitesCommand } from './cli';
import { hashInviteCode } from './service';

let shop: TestApp;

beforeAll(async () => {
  shop = await testApp({ operatorToken: 'invites-operator-token' });
});

afterAll(async () => {
  await shop.close();
});

describe('npm run shop -- invites issue', () => {
  it('takes whom it is for, its uses and its days; one use and no expiry unless told', () => {
    expect(
      parseInvitesCommand(['issue', '--email', 'venue@example.com', '--uses', '3', '--days', '30']),
    ).toEqual({
      issued_to: 'venue@example.com',
      max_uses: 3,
      valid_days: 30,
      code: null,
    });
    expect(parseInvitesCommand(['issue'])).toMatchObject({ max_uses: 1, valid_days: null });
    expect(parseInvitesCommand(['issue', '--unlimited', '--code', 'club-42-invite'])).toMatchObject({
      max_uses: null,
      code: 'club-42-invite',
    });
  });

  it('explains its usage on a wrong verb or a wrong number', () => {
    expect(() => parseInvitesCommand(['revoke'])).toThrow(InvitesUsageError);
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
