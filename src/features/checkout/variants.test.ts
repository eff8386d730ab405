import { describe, expect, it } from 'vitest';
import { checkoutVariantFor, codeFieldsFor, INVITE_REQUEST_PATH } from './variants';

describe('checkout variants (spec §2 Checkout page)', () => {
  it('derives the variant from the packages: business licence, business kit, else default', () => {
    expect(checkoutVariantFor(['BUSINESS_LICENCE'])).toBe('licence');
    expect(checkoutVariantFor(['BUSINESS_KIT'])).toBe('businessKit');
    expect(checkoutVariantFor(['SOLO', 'FAMILY'])).toBe('default');
    expect(checkoutVariantFor([])).toBe('default');
  });

  it('the default variant shows both fields, both enabled while empty', () => {
    expect(codeFieldsFor('default', { couponCode: '', referralCode: '' })).toEqual({
      coupon: { shown: true, disabled: false },
      referral: { shown: true, disabled: false, label: 'Referral code' },
      inviteLink: null,
    });
    expect(codeFieldsFor('default', {}).coupon.disabled).toBe(false);
  });

  it('once the coupon is filled the referral is disabled, and the other way round', () => {
    const couponFilled = codeFieldsFor('default', { couponCode: 'WELCOME10', referralCode: '' });
    expect(couponFilled.coupon.disabled).toBe(false);
    expect(couponFilled.referral.disabled).toBe(true);

    const referralFilled = codeFieldsFor('default', { couponCode: null, referralCode: 'ASSOC42' });
    expect(referralFilled.coupon.disabled).toBe(true);
    expect(referralFilled.referral.disabled).toBe(false);

    // Spaces are not a code.
    expect(codeFieldsFor('default', { couponCode: '  ', referralCode: '' }).referral.disabled).toBe(false);
  });

  it('with both filled neither is locked, so one can be emptied', () => {
    const both = codeFieldsFor('default', { couponCode: 'WELCOME10', referralCode: 'ASSOC42' });
    expect(both.coupon.disabled).toBe(false);
    expect(both.referral.disabled).toBe(false);
  });

  it('the licence and business-kit variants take an invite code only and link to the invite request route', () => {
    const links = {
      licence: '/form/get-invite?product=licence',
      businessKit: '/form/get-invite?product=business-kit',
    };
    for (const variant of ['licence', 'businessKit'] as const) {
      const fields = codeFieldsFor(variant, { couponCode: 'WELCOME10', referralCode: '' });
      expect(fields.coupon.shown).toBe(false);
      expect(fields.referral).toEqual({ shown: true, disabled: false, label: 'Invite code' });
      // The invite form opens with the product preselected.
      expect(fields.inviteLink).toBe(links[variant]);
    }
    expect(INVITE_REQUEST_PATH).toBe('/form/get-invite');
  });
});
