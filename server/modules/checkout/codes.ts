import { type Currency, formatMoney } from '@contract/money';
import type { Database } from '../../db/client';
import { type CatalogueVersion, perVersion } from '../catalogue/version';
import { checkInviteCode, INVITE_FIELD } from '../invites/service';
import type { DiscountInput } from '../pricing/estimate';
import { countCouponUses, loadCodes } from './repo';
import { refuse } from './rules';

export const COUPON_FIELD = 'coupon_code';
export const ASSOCIATE_FIELD = 'associate_code';

/** The codes a buyer may apply: coupons and referral codes (in memory per catalogue content), and invites. */
export function createCheckoutCodes(deps: {
  db: Database;
  now: () => Date;
  version?: CatalogueVersion | undefined;
  contentVersion: () => Promise<number>;
}) {
  const { db, now, version } = deps;
  // Codes change with the catalogue's content, not with its stock (most new versions are orders).
  const codes = perVersion(
    version,
    async (previous: (Awaited<ReturnType<typeof loadCodes>> & { contentVersion: number }) | undefined) => {
      const contentVersion = await deps.contentVersion();
      if (previous?.contentVersion === contentVersion) return previous;
      return { contentVersion, ...(await loadCodes(db)) };
    },
  );

  async function couponDiscount(
    code: string,
    context: { currency: Currency; grossMinor: number; packageCodes: string[]; userId: string | null },
  ): Promise<DiscountInput> {
    const coupon = (await codes.get()).coupons.get(code);
    const at = now();
    if (!coupon?.active) throw refuse('This coupon code is not valid', COUPON_FIELD);
    if (at < coupon.validFrom) throw refuse('This coupon is not active yet', COUPON_FIELD);
    if (coupon.validUntil && at >= coupon.validUntil) throw refuse('This coupon has expired', COUPON_FIELD);
    if (coupon.currency && coupon.currency !== context.currency) {
      throw refuse(`This coupon is only for orders in ${coupon.currency}`, COUPON_FIELD);
    }
    const packageCodes = coupon.packageCodes ?? undefined;
    if (packageCodes && !context.packageCodes.some((c) => packageCodes.includes(c))) {
      throw refuse('This coupon does not apply to the packages you chose', COUPON_FIELD);
    }
    if (context.grossMinor < coupon.minimumOrderMinor) {
      throw refuse(
        `This coupon needs an order of at least ${formatMoney(coupon.minimumOrderMinor, context.currency)}`,
        COUPON_FIELD,
      );
    }
    // Uses are counted only when a limit applies: anonymous estimates cannot be counted per buyer, and order
    // creation checks again with the buyer.
    const buyerLimited = context.userId !== null && coupon.usageLimitPerBuyer !== null;
    if (coupon.usageLimitTotal !== null || buyerLimited) {
      const used = await countCouponUses(db, coupon.code, buyerLimited ? context.userId : null);
      if (coupon.usageLimitTotal !== null && used.total >= coupon.usageLimitTotal) {
        throw refuse('This coupon has been used up', COUPON_FIELD);
      }
      if (buyerLimited && coupon.usageLimitPerBuyer !== null && used.byBuyer >= coupon.usageLimitPerBuyer) {
        throw refuse('You have already used this coupon', COUPON_FIELD);
      }
    }
    return {
      name: `Coupon ${coupon.code}`,
      kind: 'coupon',
      packageCodes,
      rule:
        coupon.kind === 'flat'
          ? { type: 'flat', amountMinor: coupon.value }
          : {
              type: 'percent',
              rateBp: coupon.value,
              // A cap is in the coupon's currency; a coupon without one has no cap.
              maxMinor: coupon.currency ? coupon.maxDiscountMinor : null,
            },
    };
  }

  async function associateDiscount(
    code: string,
    userId: string | null,
  ): Promise<{ discount: DiscountInput; associateName: string }> {
    const associate = (await codes.get()).associates.get(code);
    if (!associate) throw refuse('This referral code is not valid', ASSOCIATE_FIELD);
    // A referral pays for bringing someone else: the associate's own orders get nothing from it.
    if (userId !== null && associate.ownerUserId === userId) {
      throw refuse("You can't use your own referral code", ASSOCIATE_FIELD);
    }
    return {
      associateName: associate.associateName,
      discount: {
        name: `Referral ${associate.code}`,
        kind: 'association',
        rule: { type: 'percent', rateBp: associate.discountBp, maxMinor: associate.maxDiscountMinor },
      },
    };
  }

  /** Refuses an invite code that cannot be used now. */
  async function checkInvite(code: string): Promise<void> {
    const invite = await checkInviteCode(db, code, now());
    if (!invite.ok) throw refuse(invite.message, INVITE_FIELD);
  }

  return { couponDiscount, associateDiscount, checkInvite };
}
