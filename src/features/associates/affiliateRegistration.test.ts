import { describe, expect, it } from 'vitest';
import {
  type AffiliateValues,
  emptyAffiliateValues,
  registrationErrors,
  toRegistration,
} from './affiliateRegistration';

const proof = (key: string) => ({ key, name: 'proof.png', size: 10, type: 'image/png' });

function filled(): AffiliateValues {
  const values = emptyAffiliateValues();
  values.bank_payout_details = {
    name_as_per_bank_account: 'Asha Rao',
    bank_account_type: 'Savings',
    account_number: '123456789012',
    confirm_account_number: '123456789012',
    ifsc_code: 'HDFC0000001',
    bank_name: 'HDFC Bank',
    branch_name: 'Koramangala',
    bank_details_image_s3_key: proof('associates/bank/u1/cheque_20260701090000_abcdef.png'),
  };
  values.pan_details = {
    is_user_has_pan: true,
    pan_number: 'ABCDE1234F',
    name_as_per_pan: 'Asha Rao',
    pan_details_image_s3_key: proof('associates/pan/u1/pan_20260701090000_abcdef.png'),
  };
  values.billing_address_details = {
    name: 'Asha Rao',
    door_number: '12A',
    street_name: '80 Feet Road',
    city_details: 'Bengaluru',
    mandal: '',
    district_details: 'Bengaluru Urban',
    state_details: 'Karnataka',
    pincode: '560034',
  };
  return values;
}

describe('the affiliate registration rules', () => {
  it('accepts a complete registration and sends what applies only', () => {
    const values = filled();
    expect(registrationErrors(values)).toEqual({});
    const sent = toRegistration(values);
    expect(sent.gst_details).toEqual({ is_gst_registered: false });
    expect(sent.billing_address_details).not.toHaveProperty('mandal');
    expect(sent.bank_payout_details.bank_details_image_s3_key).toMatch(/^associates\/bank\//);
  });

  it('names each missing proof in words, and only the proofs that apply', () => {
    const values = filled();
    values.bank_payout_details.bank_details_image_s3_key = null;
    values.pan_details.pan_details_image_s3_key = null;
    expect(registrationErrors(values)).toMatchObject({
      'bank_payout_details.bank_details_image_s3_key': 'Upload a cancelled cheque or your passbook page',
      'pan_details.pan_details_image_s3_key': 'Upload your PAN card',
    });
    values.pan_details.is_user_has_pan = false;
    values.pan_details.pan_number = 'not a pan';
    const errors = registrationErrors(values);
    expect(Object.keys(errors).filter((field) => field.startsWith('pan_details'))).toEqual([]);
    expect(toRegistration(values).pan_details).toEqual({ is_user_has_pan: false });
  });

  it("puts spec §5's messages under the fields they are about", () => {
    const values = filled();
    values.bank_payout_details.confirm_account_number = '123456789013';
    values.bank_payout_details.ifsc_code = 'HDFC1000001';
    values.pan_details.pan_number = 'ABCD1234F';
    values.gst_details.is_gst_registered = true;
    values.gst_details.gst_in = '29ABCDE1234F0Z5';
    values.billing_address_details.pincode = '5600';
    expect(registrationErrors(values)).toMatchObject({
      'bank_payout_details.confirm_account_number': 'The account numbers do not match',
      'bank_payout_details.ifsc_code': 'Enter a valid IFSC: 4 letters, 0, then 6 letters or digits',
      'pan_details.pan_number': 'Enter a valid PAN: 5 letters, 4 digits, 1 letter',
      'gst_details.gst_in': 'Enter a valid GSTIN, e.g. 27ABCDE1234F1Z5',
      'gst_details.gst_registration_type': 'Choose the GST registration type',
      'gst_details.gst_proof_image_s3_key': 'Upload your GST certificate',
      'billing_address_details.pincode': 'enter a valid pincode',
    });
  });
});
