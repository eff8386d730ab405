import { beforeEach, describe, expect, it } from 'vitest';
import { keepReferralCode, keptReferralCode } from './referralCode';

beforeEach(() => sessionStorage.clear());

describe('the referral code a visit arrived with', () => {
  it("is kept from any page's address for the visit, a later link's replacing it", () => {
    expect(keptReferralCode()).toBeNull();
    expect(keepReferralCode('?utm_source=wa&referral_code=ashara-7k2q')).toBe('ASHARA-7K2Q');
    // A page without a code (the checkout reached by the menu) keeps the visit's.
    expect(keepReferralCode('?booking=ad')).toBeNull();
    expect(keptReferralCode()).toBe('ASHARA-7K2Q');
    keepReferralCode('?referral_code=CLUB-RAHUL');
    expect(keptReferralCode()).toBe('CLUB-RAHUL');
  });

  it('takes no malformed code', () => {
    expect(keepReferralCode('?referral_code=%3Cscript%3E')).toBeNull();
    expect(keepReferralCode(`?referral_code=${'A'.repeat(33)}`)).toBeNull();
    expect(keptReferralCode()).toBeNull();
  });
});
