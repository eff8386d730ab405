import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { checkInviteCode } from '../../modules/invites/service';
import type { Executor } from '../client';
import { associateCodes, coupons } from '../schema';
import { SEED_ASSOCIATE_CODES, SEED_COUPONS } from './coupons';
import { SEED_INVITE_CODES } from './invites';

/**
 * The README's demo codes that still work in this database at `at`, recognised by the seed's own list (invites by
 * their hash): what a production start refuses to serve.
 */
export interface DemoCode {
  kind: 'invite' | 'coupon' | 'referral code';
  code: string;
}

export async function activeDemoCodes(db: Executor, at: Date): Promise<DemoCode[]> {
  const invites: string[] = [];
  for (const { code } of SEED_INVITE_CODES) {
    if ((await checkInviteCode(db, code, at)).ok) invites.push(code);
  }
  const couponRows = await db
    .select({ code: coupons.code })
    .from(coupons)
    .where(
      and(
        inArray(
          coupons.code,
          SEED_COUPONS.map((c) => c.code),
        ),
        eq(coupons.active, true),
        or(isNull(coupons.validUntil), gt(coupons.validUntil, at)),
      ),
    )
    .orderBy(coupons.code);
  const referralRows = await db
    .select({ code: associateCodes.code })
    .from(associateCodes)
    .where(
      and(
        inArray(
          associateCodes.code,
          SEED_ASSOCIATE_CODES.map((c) => c.code),
        ),
        eq(associateCodes.active, true),
      ),
    )
    .orderBy(associateCodes.code);
  return [
    ...invites.map((code) => ({ kind: 'invite' as const, code })),
    ...couponRows.map((row) => ({ kind: 'coupon' as const, code: row.code })),
    ...referralRows.map((row) => ({ kind: 'referral code' as const, code: row.code })),
  ];
}

/** "invite BUSINESS-DEMO, coupon WELCOME10, …" */
export function nameDemoCodes(active: readonly DemoCode[]): string {
  return active.map((demo) => `${demo.kind} ${demo.code}`).join(', ');
}

/** Why a production start with demo codes is refused, and the way out. */
export function demoCodesProblem(active: readonly DemoCode[]): string {
  return `the database still accepts the demo codes anyone can read in the README (${nameDemoCodes(active)}); revoke them with npm run shop -- invites revoke CODE and npm run shop -- coupons revoke CODE, or set DEMO_CODES_IN_PRODUCTION=true for a staging shop`;
}
