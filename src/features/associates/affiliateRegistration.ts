import {
  type AssociateRegisterRequest,
  associateRegisterRequestSchema,
  BANK_ACCOUNT_TYPES,
  GST_FILING_FREQUENCIES,
  GST_REGISTRATION_TYPES,
} from '@contract/associates';
import { IFSC_PATTERN } from '@contract/patterns';
import type { DropdownOption } from '@/ui/Dropdown';
import type { UploadedFile } from '@/ui/form/FileField';

/*
 * The affiliate registration form's values and rules (spec §3 supporting entities, §5): fields named as the wire
 * names them, so the contract's schema checks the form and the server's field errors land where they belong.
 */

export interface AffiliateValues {
  bank_payout_details: {
    name_as_per_bank_account: string;
    /** '' until chosen. */
    bank_account_type: string;
    account_number: string;
    confirm_account_number: string;
    ifsc_code: string;
    bank_name: string;
    branch_name: string;
    bank_details_image_s3_key: UploadedFile | null;
  };
  pan_details: {
    is_user_has_pan: boolean;
    pan_number: string;
    name_as_per_pan: string;
    pan_details_image_s3_key: UploadedFile | null;
  };
  gst_details: {
    is_gst_registered: boolean;
    gst_registration_type: string;
    gst_in: string;
    gst_filling_frequency: string;
    name_as_per_gst: string;
    gst_proof_image_s3_key: UploadedFile | null;
  };
  billing_address_details: {
    name: string;
    door_number: string;
    street_name: string;
    city_details: string;
    mandal: string;
    district_details: string;
    state_details: string;
    pincode: string;
  };
}

export const emptyAffiliateValues = (): AffiliateValues => ({
  bank_payout_details: {
    name_as_per_bank_account: '',
    bank_account_type: '',
    account_number: '',
    confirm_account_number: '',
    ifsc_code: '',
    bank_name: '',
    branch_name: '',
    bank_details_image_s3_key: null,
  },
  pan_details: { is_user_has_pan: true, pan_number: '', name_as_per_pan: '', pan_details_image_s3_key: null },
  gst_details: {
    is_gst_registered: false,
    gst_registration_type: '',
    gst_in: '',
    gst_filling_frequency: '',
    name_as_per_gst: '',
    gst_proof_image_s3_key: null,
  },
  billing_address_details: {
    name: '',
    door_number: '',
    street_name: '',
    city_details: '',
    mandal: '',
    district_details: '',
    state_details: '',
    pincode: '',
  },
});

const options = (values: readonly string[]): DropdownOption[] => values.map((v) => ({ value: v, label: v }));
export const ACCOUNT_TYPE_OPTIONS = options(BANK_ACCOUNT_TYPES);
export const GST_TYPE_OPTIONS = options(GST_REGISTRATION_TYPES);
export const GST_FREQUENCY_OPTIONS = options(GST_FILING_FREQUENCIES);

/** The proofs and what each asks for when missing. */
export const PROOF_FIELDS = {
  'bank_payout_details.bank_details_image_s3_key': 'Upload a cancelled cheque or your passbook page',
  'pan_details.pan_details_image_s3_key': 'Upload your PAN card',
  'gst_details.gst_proof_image_s3_key': 'Upload your GST certificate',
} as const;

const filled = (value: string) => {
  const text = value.trim();
  return text === '' ? undefined : text;
};

/** The registration as the server takes it: what does not apply is left out. */
export function toRegistration(values: AffiliateValues): AssociateRegisterRequest {
  const bank = values.bank_payout_details;
  const pan = values.pan_details;
  const gst = values.gst_details;
  const billing = values.billing_address_details;
  return {
    bank_payout_details: {
      name_as_per_bank_account: bank.name_as_per_bank_account,
      bank_account_type:
        bank.bank_account_type as AssociateRegisterRequest['bank_payout_details']['bank_account_type'],
      account_number: bank.account_number,
      confirm_account_number: bank.confirm_account_number,
      ifsc_code: bank.ifsc_code,
      bank_name: bank.bank_name,
      branch_name: bank.branch_name,
      bank_details_image_s3_key: bank.bank_details_image_s3_key?.key ?? '',
    },
    pan_details: pan.is_user_has_pan
      ? {
          is_user_has_pan: true,
          pan_number: filled(pan.pan_number),
          name_as_per_pan: filled(pan.name_as_per_pan),
          pan_details_image_s3_key: pan.pan_details_image_s3_key?.key,
        }
      : { is_user_has_pan: false },
    gst_details: gst.is_gst_registered
      ? {
          is_gst_registered: true,
          gst_registration_type: (filled(gst.gst_registration_type) as never) ?? undefined,
          gst_in: filled(gst.gst_in),
          gst_filling_frequency: (filled(gst.gst_filling_frequency) as never) ?? undefined,
          name_as_per_gst: filled(gst.name_as_per_gst),
          gst_proof_image_s3_key: gst.gst_proof_image_s3_key?.key,
        }
      : { is_gst_registered: false },
    billing_address_details: {
      name: billing.name,
      door_number: billing.door_number,
      street_name: billing.street_name,
      city_details: billing.city_details,
      ...(filled(billing.mandal) ? { mandal: billing.mandal } : {}),
      district_details: billing.district_details,
      state_details: billing.state_details,
      pincode: billing.pincode,
      country_details: 'India',
    },
  };
}

/** Every field's first problem, by the contract's rules; a missing proof in the shop's words. */
export function registrationErrors(values: AffiliateValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = associateRegisterRequestSchema.safeParse(toRegistration(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  }
  // The schema checks the confirmation only once the rest of the bank details pass: a person hears of it at once.
  const { account_number: number, confirm_account_number: again } = values.bank_payout_details;
  if (number !== '' && again !== '' && number !== again)
    errors['bank_payout_details.confirm_account_number'] ??= 'The account numbers do not match';
  const proofs: Array<[keyof typeof PROOF_FIELDS, UploadedFile | null, boolean]> = [
    [
      'bank_payout_details.bank_details_image_s3_key',
      values.bank_payout_details.bank_details_image_s3_key,
      true,
    ],
    [
      'pan_details.pan_details_image_s3_key',
      values.pan_details.pan_details_image_s3_key,
      values.pan_details.is_user_has_pan,
    ],
    [
      'gst_details.gst_proof_image_s3_key',
      values.gst_details.gst_proof_image_s3_key,
      values.gst_details.is_gst_registered,
    ],
  ];
  for (const [field, file, needed] of proofs) {
    if (needed && !file) errors[field] = PROOF_FIELDS[field];
  }
  return errors;
}

/** TanStack Form's form-level validator: the errors under the fields they name. */
export function validateRegistration({ value }: { value: AffiliateValues }) {
  const fields = registrationErrors(value);
  return Object.keys(fields).length > 0 ? { fields } : undefined;
}

/** The IFSC to look up once it has its full shape; null while it is still being typed. */
export function lookupReadyIfsc(value: string): string | null {
  const ifsc = value.trim().toUpperCase();
  return IFSC_PATTERN.test(ifsc) ? ifsc : null;
}
