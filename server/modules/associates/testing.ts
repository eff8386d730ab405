/* What the affiliate tests share: a whole registration, as the form sends it. */

export type ProofKeys = { bank: string; pan: string; gst: string };
type Section = 'bank_payout_details' | 'pan_details' | 'gst_details' | 'billing_address_details';

/** Asha Rao's registration with these uploaded proofs; `over` replaces fields section by section. */
export function registrationBody(
  keys: ProofKeys,
  over: Partial<Record<Section, Record<string, unknown>>> = {},
) {
  return {
    bank_payout_details: {
      name_as_per_bank_account: 'Asha Rao',
      bank_account_type: 'Savings',
      account_number: '123456789012',
      confirm_account_number: '123456789012',
      ifsc_code: 'hdfc0000001',
      bank_name: 'Typed bank',
      branch_name: 'Koramangala',
      bank_details_image_s3_key: keys.bank,
      ...over.bank_payout_details,
    },
    pan_details: {
      is_user_has_pan: true,
      pan_number: 'abcde1234f',
      name_as_per_pan: 'Asha Rao',
      pan_details_image_s3_key: keys.pan,
      ...over.pan_details,
    },
    gst_details: {
      is_gst_registered: true,
      gst_registration_type: 'Regular',
      gst_in: '29ABCDE1234F1Z5',
      gst_proof_image_s3_key: keys.gst,
      gst_filling_frequency: 'Monthly',
      name_as_per_gst: 'Asha Rao Sports',
      ...over.gst_details,
    },
    billing_address_details: {
      name: 'Asha Rao',
      door_number: '12A',
      street_name: '80 Feet Road',
      city_details: 'Bengaluru',
      district_details: 'Bengaluru Urban',
      state_details: 'Karnataka',
      pincode: '560034',
      country_details: 'India',
      ...over.billing_address_details,
    },
  };
}
