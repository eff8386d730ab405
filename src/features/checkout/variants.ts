import { PACKAGE_CODES } from '@contract/constants';
import { INVITE_REQUEST_PATH, type InviteProductSearch } from '@/lib/inviteSearch';

/*
 * Spec §2 "Checkout page" variants: the default checkout has both a referral and a coupon field, and once one is
 * filled the other is disabled; the licence and business-kit checkouts take an invite code only (it goes the
 * referral, i.e. associate-code, way) and link to the invite request route.
 */

export type CheckoutVariant = 'default' | 'licence' | 'businessKit';

export { INVITE_REQUEST_PATH };

const INVITE_PRODUCT: Record<Exclude<CheckoutVariant, 'default'>, InviteProductSearch> = {
  licence: 'licence',
  businessKit: 'business-kit',
};

/** The variant of a checkout from the packages it sells: a business licence or a business kit decides it. */
export function checkoutVariantFor(packageCodes: readonly string[]): CheckoutVariant {
  if (packageCodes.includes(PACKAGE_CODES.businessLicence)) return 'licence';
  if (packageCodes.includes(PACKAGE_CODES.businessKit)) return 'businessKit';
  return 'default';
}

export interface CodeField {
  shown: boolean;
  disabled: boolean;
}

export interface CodeFields {
  coupon: CodeField;
  /** The referral field; the invite code field in the licence and business-kit variants. */
  referral: CodeField & { label: 'Referral code' | 'Invite code' };
  /** Where to ask for an invite, for the variants that need one. */
  inviteLink: string | null;
}

const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';

/** Which code fields a variant shows, and which one is disabled by the other being filled. */
export function codeFieldsFor(
  variant: CheckoutVariant,
  { couponCode, referralCode }: { couponCode?: string | null; referralCode?: string | null },
): CodeFields {
  if (variant !== 'default') {
    return {
      coupon: { shown: false, disabled: true },
      referral: { shown: true, disabled: false, label: 'Invite code' },
      inviteLink: `${INVITE_REQUEST_PATH}?product=${INVITE_PRODUCT[variant]}`,
    };
  }
  const coupon = filled(couponCode);
  const referral = filled(referralCode);
  // Both filled (a preset referral beside a saved coupon): neither is locked, so the buyer can empty one.
  return {
    coupon: { shown: true, disabled: referral && !coupon },
    referral: { shown: true, disabled: coupon && !referral, label: 'Referral code' },
    inviteLink: null,
  };
}
