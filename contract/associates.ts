import { z } from 'zod';
import {
  DIGITS_PATTERN,
  GSTIN_PATTERN,
  IFSC_PATTERN,
  NAME_PATTERN,
  PAN_PATTERN,
  PINCODE_PATTERN,
} from './patterns';

/*
 * The associates service (spec §3 supporting entities, §4 payout statuses, §7 Associates), under /api/associates:
 * - POST /associate/upload/v1/?purpose=: one proof file (multipart, field `file`), checked by its content;
 * - GET /associate/upload/v1/?key=: a stored proof, to its owner and the operator only;
 * - POST /associate/register/v1/: the signed-in person becomes an associate with a referral (associate) code;
 * - GET /get_user_associations_details/v1/, /get_associate_referrals_aggregate_details/v1/,
 *   /get_associate_activity_summary/v1/: the signed-in associate's own registration, counts and activity;
 * - POST /associate_code_view_event_log/create/v1/: a page visit that arrived with a referral code (anonymous);
 * - GET /ifsc/{ifsc}/v1/: the bank of an IFSC, from the offline list the `ifsc` package ships.
 */

/** Spec §5: proofs are jpeg, jpg, png or pdf. */
export const UPLOAD_TYPES = ['jpeg', 'jpg', 'png', 'pdf'] as const;
/** The content types those files are, as their bytes say. */
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];
/** A phone photo or a scan fits; anything bigger is refused before it is stored. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Which proof a file is: the object storage key's bucket path (spec §3). */
export const UPLOAD_PURPOSES = ['pan', 'gst', 'bank'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES, {
  error: 'Say which proof this is: pan, gst or bank',
});

export const uploadQuerySchema = z.object({ purpose: uploadPurposeSchema });

/** A stored key: bucket path, owner, a name and a timestamp (spec §3), nothing a path could escape with. */
export const UPLOAD_KEY_PATTERN =
  /^associates\/(pan|gst|bank)\/[A-Za-z0-9_-]{1,64}\/[a-z0-9_-]{1,80}\.(jpg|png|pdf)$/;
export const uploadKeySchema = z
  .string()
  .max(220, 'This is not one of your uploads')
  .regex(UPLOAD_KEY_PATTERN, 'This is not one of your uploads');
export const uploadKeyQuerySchema = z.object({ key: uploadKeySchema });

export const uploadResponseSchema = z.object({
  key: z.string(),
  purpose: uploadPurposeSchema,
  content_type: z.enum(UPLOAD_MIME_TYPES),
  size: z.number().int().nonnegative(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** Spec §5. */
export const BANK_ACCOUNT_TYPES = ['Savings', 'Current'] as const;
export const GST_REGISTRATION_TYPES = ['Regular', 'Composition', 'Sez', 'Deemed Exports'] as const;
export const GST_FILING_FREQUENCIES = ['Monthly', 'Quarterly'] as const;

/** Spec §4: the payout verification statuses. */
export const PAYOUT_STATUSES = [
  'VERIFIED',
  'PENDING',
  'SUBMITTED',
  'VERIFICATION_FAILED',
  'PAYMENT_VERIFICATION_DONE',
  'PAYMENT_VERIFICATION_FAILED',
  'PAYMENT_VERIFICATION_IN_PROGRESS',
  'SUCCESS',
  'IN PROCESS',
  'FAILED',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** A new registration: its details wait for checking, and no payout has started. */
export const NEW_VERIFICATION_STATUS: PayoutStatus = 'SUBMITTED';
export const NEW_PAYOUT_STATUS: PayoutStatus = 'PENDING';

export const ASSOCIATE_LIMITS = { name: 100, text: 120, bankName: 120 } as const;
/** Indian bank account numbers run from 9 to 18 digits. */
export const ACCOUNT_NUMBER_MIN = 9;
export const ACCOUNT_NUMBER_MAX = 18;

const upper = (v: string) => v.toUpperCase();
const text = (max: number, empty: string, label: string) =>
  z.string().trim().min(1, empty).max(max, `Keep the ${label} under ${max} characters`);
const personName = (empty: string) =>
  text(ASSOCIATE_LIMITS.name, empty, 'name').regex(NAME_PATTERN, 'Use letters and spaces only');
const optionalKey = uploadKeySchema.optional();

export const ifscSchema = z
  .string()
  .trim()
  .transform(upper)
  .pipe(z.string().regex(IFSC_PATTERN, 'Enter a valid IFSC: 4 letters, 0, then 6 letters or digits'));
export const ifscParamsSchema = z.object({ ifsc: ifscSchema });
export const ifscResponseSchema = z.object({
  ifsc: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
});
export type IfscAnswer = z.infer<typeof ifscResponseSchema>;

const accountNumber = z
  .string()
  .trim()
  .min(1, 'Enter your account number')
  .regex(DIGITS_PATTERN, 'Use digits only')
  .min(ACCOUNT_NUMBER_MIN, `An account number has at least ${ACCOUNT_NUMBER_MIN} digits`)
  .max(ACCOUNT_NUMBER_MAX, `An account number has at most ${ACCOUNT_NUMBER_MAX} digits`);

/** Spec §3 "Bank payout details" with the payout form's confirmation of the account number. */
export const bankPayoutDetailsSchema = z
  .object({
    name_as_per_bank_account: personName('Enter the name on your bank account'),
    bank_account_type: z.enum(BANK_ACCOUNT_TYPES, { error: 'Choose Savings or Current' }),
    account_number: accountNumber,
    confirm_account_number: z.string().trim().min(1, 'Enter your account number again'),
    ifsc_code: ifscSchema,
    bank_name: text(ASSOCIATE_LIMITS.bankName, 'Enter your bank', 'bank name'),
    branch_name: text(ASSOCIATE_LIMITS.text, 'Enter your branch', 'branch name'),
    bank_details_image_s3_key: uploadKeySchema,
  })
  .superRefine((data, ctx) => {
    if (data.confirm_account_number !== data.account_number) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirm_account_number'],
        message: 'The account numbers do not match',
      });
    }
  });

const panNumber = z
  .string()
  .trim()
  .transform(upper)
  .pipe(z.string().regex(PAN_PATTERN, 'Enter a valid PAN: 5 letters, 4 digits, 1 letter'));

/** Spec §3 "pan_details": the PAN, its name and its proof when the person has one. */
export const panDetailsSchema = z
  .object({
    is_user_has_pan: z.boolean({ error: 'Say whether you have a PAN' }),
    pan_number: panNumber.optional(),
    name_as_per_pan: personName('Enter the name on your PAN').optional(),
    pan_details_image_s3_key: optionalKey,
  })
  .superRefine((data, ctx) => {
    if (!data.is_user_has_pan) return;
    if (!data.pan_number) ctx.addIssue({ code: 'custom', path: ['pan_number'], message: 'Enter your PAN' });
    if (!data.name_as_per_pan)
      ctx.addIssue({ code: 'custom', path: ['name_as_per_pan'], message: 'Enter the name on your PAN' });
    if (!data.pan_details_image_s3_key)
      ctx.addIssue({ code: 'custom', path: ['pan_details_image_s3_key'], message: 'Upload your PAN card' });
  });

const gstin = z
  .string()
  .trim()
  .transform(upper)
  .pipe(z.string().regex(GSTIN_PATTERN, 'Enter a valid GSTIN, e.g. 27ABCDE1234F1Z5'));

/** Spec §3 "gst_details": the registration and its proof when the person is registered. */
export const gstDetailsSchema = z
  .object({
    is_gst_registered: z.boolean({ error: 'Say whether you are registered for GST' }),
    gst_registration_type: z
      .enum(GST_REGISTRATION_TYPES, { error: 'Choose the GST registration type' })
      .optional(),
    gst_in: gstin.optional(),
    gst_proof_image_s3_key: optionalKey,
    gst_filling_frequency: z
      .enum(GST_FILING_FREQUENCIES, { error: 'Choose Monthly or Quarterly' })
      .optional(),
    name_as_per_gst: text(
      ASSOCIATE_LIMITS.text,
      'Enter the name on your GST registration',
      'name',
    ).optional(),
  })
  .superRefine((data, ctx) => {
    if (!data.is_gst_registered) return;
    const need = (path: string, message: string, value: unknown) => {
      if (value === undefined) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    need('gst_registration_type', 'Choose the GST registration type', data.gst_registration_type);
    need('gst_in', 'Enter your GSTIN', data.gst_in);
    need('gst_proof_image_s3_key', 'Upload your GST certificate', data.gst_proof_image_s3_key);
    need('gst_filling_frequency', 'Choose Monthly or Quarterly', data.gst_filling_frequency);
    need('name_as_per_gst', 'Enter the name on your GST registration', data.name_as_per_gst);
  });

/** Spec §3 "billing_address_details"; the mandal is optional (not every state has them). */
export const billingAddressDetailsSchema = z.object({
  name: personName('Enter the name for the bills'),
  door_number: text(40, 'Enter the door or flat number', 'door number'),
  street_name: text(ASSOCIATE_LIMITS.text, 'Enter the street', 'street'),
  city_details: text(ASSOCIATE_LIMITS.text, 'Enter the city', 'city'),
  mandal: z.string().trim().max(ASSOCIATE_LIMITS.text, 'Keep the mandal under 120 characters').optional(),
  district_details: text(ASSOCIATE_LIMITS.text, 'Enter the district', 'district'),
  state_details: text(ASSOCIATE_LIMITS.text, 'Choose the state', 'state'),
  pincode: z.string().trim().regex(PINCODE_PATTERN, 'enter a valid pincode'),
  country_details: z.literal('India', { error: 'Affiliates are paid in India' }),
});

/** POST /associate/register/v1/ */
export const associateRegisterRequestSchema = z.object({
  bank_payout_details: bankPayoutDetailsSchema,
  pan_details: panDetailsSchema,
  gst_details: gstDetailsSchema,
  billing_address_details: billingAddressDetailsSchema,
});
export type AssociateRegisterRequest = z.input<typeof associateRegisterRequestSchema>;
export type AssociateRegistration = z.output<typeof associateRegisterRequestSchema>;

const statusSchema = z.enum(PAYOUT_STATUSES);

/** The signed-in associate's registration as answered: the account number shown by its last four digits. */
export const associateDetailsSchema = z.object({
  associate_code: z.string(),
  associate_name: z.string(),
  verification_status: statusSchema,
  payout_status: statusSchema,
  registered_at: z.string(),
  bank_payout_details: z.object({
    name_as_per_bank_account: z.string(),
    bank_account_type: z.enum(BANK_ACCOUNT_TYPES),
    account_number_last4: z.string(),
    ifsc_code: z.string(),
    bank_name: z.string(),
    branch_name: z.string(),
    bank_details_image_s3_key: z.string(),
  }),
  pan_details: z.object({
    is_user_has_pan: z.boolean(),
    pan_number: z.string().optional(),
    name_as_per_pan: z.string().optional(),
    pan_details_image_s3_key: z.string().optional(),
  }),
  gst_details: z.object({
    is_gst_registered: z.boolean(),
    gst_registration_type: z.enum(GST_REGISTRATION_TYPES).optional(),
    gst_in: z.string().optional(),
    gst_proof_image_s3_key: z.string().optional(),
    gst_filling_frequency: z.enum(GST_FILING_FREQUENCIES).optional(),
    name_as_per_gst: z.string().optional(),
  }),
  billing_address_details: billingAddressDetailsSchema.extend({ country_details: z.string() }),
});
export type AssociateDetails = z.infer<typeof associateDetailsSchema>;

export const associateRegisterResponseSchema = z.object({
  message: z.string(),
  associate: associateDetailsSchema,
});
export type AssociateRegisterResponse = z.infer<typeof associateRegisterResponseSchema>;

/** GET /get_user_associations_details/v1/ */
export const associationsDetailsResponseSchema = z.object({ associate: associateDetailsSchema });

/** Money the referred orders brought, per currency, in major units (spec's wire format). */
const amountByCurrency = z.object({ currency: z.string(), amount: z.number() });

/** GET /get_associate_referrals_aggregate_details/v1/ */
export const referralsAggregateResponseSchema = z.object({
  associate_code: z.string(),
  /** Visitors who arrived with the code (each once a day). */
  views: z.number().int().nonnegative(),
  /** Orders placed with the code, paid or not. */
  orders: z.number().int().nonnegative(),
  paid_orders: z.number().int().nonnegative(),
  paid_totals: z.array(amountByCurrency),
});
export type ReferralsAggregate = z.infer<typeof referralsAggregateResponseSchema>;

/** The most recent referred orders the activity summary lists. */
export const ACTIVITY_ORDERS_PAGE = 20;

/** GET /get_associate_activity_summary/v1/: the recent referred orders (no buyer's details) and the last view. */
export const activitySummaryResponseSchema = z.object({
  associate_code: z.string(),
  last_view_at: z.string().nullable(),
  orders: z
    .array(
      z.object({
        customer_order_id: z.string(),
        order_status: z.string(),
        total_amount: z.number(),
        currency: z.string(),
        created_at: z.string(),
      }),
    )
    .max(ACTIVITY_ORDERS_PAGE),
});
export type ActivitySummary = z.infer<typeof activitySummaryResponseSchema>;

/** A visitor id: random, kept on the visitor's device, so a visitor's views of a code log once a day. */
export const VISIT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** POST /associate_code_view_event_log/create/v1/ (an `Idempotency-Key` header is honoured as well). */
export const associateViewRequestSchema = z.object({
  associate_code: z
    .string()
    .trim()
    .max(32, 'Unknown referral code')
    .regex(/^[A-Za-z0-9_-]+$/, 'Unknown referral code')
    .transform(upper),
  visit_id: z.string().regex(VISIT_ID_PATTERN, 'A visit id is 8 to 64 letters, digits, - or _'),
  page_path: z.string().max(300).startsWith('/', 'A page path starts with /').optional(),
});
export type AssociateViewRequest = z.input<typeof associateViewRequestSchema>;

export const associateViewResponseSchema = z.object({
  /** False when this visitor was logged for the code today (or this key was): nothing new was stored. */
  logged: z.boolean(),
});
