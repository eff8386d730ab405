import { z } from 'zod';
import { dialCodeSchema, isoCountryCodeSchema, phoneNumberSchema } from './account';
import { PACKAGE_CODES } from './constants';
import { EMAIL_MAX_LENGTH, MOBILE_PATTERN, NAME_PATTERN } from './patterns';

/*
 * The forms service (spec §1 "Request forms", §7 "Forms"), mounted under /api/forms:
 * - POST /create_public_ib_form_submission_details/v1/: anonymous, limited per client and shop-wide (429);
 * - POST /create_ib_form_submission/v1/: the signed-in buyer's, kept under their account;
 * - GET /get_ib_form_submission_details/v1/?form_id=: the signed-in buyer's own submissions of one form.
 * A submission is { form_id, form_submission_data }; each known form has its own schema for the data, so a
 * field error names it as form_submission_data.<field>. The client sends these calls without x-tz (spec §7).
 */

/** The forms the shop takes; each has its schema in FORM_DATA_SCHEMAS. */
export const FORM_IDS = ['get_invite', 'payment_gateway_issue'] as const;
export type FormId = (typeof FORM_IDS)[number];
export const formIdSchema = z.enum(FORM_IDS, { error: 'Unknown form' });

/** Bounds of what a person types into a form. */
export const FORM_LIMITS = {
  name: 100,
  city: 100,
  organisation: 150,
  message: 1000,
} as const;

/** The products an invite is asked for (spec §2: the licence and business-kit checkouts take an invite code). */
export const INVITE_PRODUCTS = [PACKAGE_CODES.businessLicence, PACKAGE_CODES.businessKit] as const;
export type InviteProduct = (typeof INVITE_PRODUCTS)[number];

const requiredText = (max: number, empty: string, label: string) =>
  z.string().trim().min(1, empty).max(max, `Keep the ${label} under ${max} characters`);
const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `Keep the ${label} under ${max} characters`).optional();

/** Spec §5: names are letters and spaces only. */
const nameSchema = requiredText(FORM_LIMITS.name, 'Enter your name', 'name').regex(
  NAME_PATTERN,
  'Use letters and spaces only',
);
const emailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your email id')
  .max(EMAIL_MAX_LENGTH, 'Enter a valid email id')
  .pipe(z.email('Enter a valid email id'))
  .transform((v) => v.toLowerCase());

/** A mobile number with its dial code; an Indian one by spec §5's pattern. */
const INDIA_DIAL_CODE = /^\+?91$/;

/** The get-invite form (spec §2 /form/get-invite): who asks, how to reach them and which product it is for. */
export const getInviteDataSchema = z
  .object({
    name: nameSchema,
    phone_number: phoneNumberSchema,
    country_code: dialCodeSchema,
    iso_country_code: isoCountryCodeSchema.optional(),
    email: emailSchema,
    city: requiredText(FORM_LIMITS.city, 'Enter your city', 'city'),
    organisation: optionalText(FORM_LIMITS.organisation, 'organisation or club'),
    product: z.enum(INVITE_PRODUCTS, { error: 'Choose the business licence or the business kit' }),
    message: optionalText(FORM_LIMITS.message, 'message'),
  })
  .superRefine((data, ctx) => {
    if (INDIA_DIAL_CODE.test(data.country_code) && !MOBILE_PATTERN.test(data.phone_number)) {
      ctx.addIssue({ code: 'custom', path: ['phone_number'], message: 'Enter a valid mobile number' });
    }
  });
export type GetInviteData = z.input<typeof getInviteDataSchema>;

/** The payment-gateway-issue form (spec §4 step 10, §7 Forms): the order whose payment could not open. */
export const paymentGatewayIssueDataSchema = z.object({
  orderId: z
    .string()
    .trim()
    .min(1, 'Unknown order')
    .max(64, 'Unknown order')
    .regex(/^[A-Za-z0-9_-]+$/, 'Unknown order'),
  message: optionalText(FORM_LIMITS.message, 'message'),
});
export type PaymentGatewayIssueData = z.input<typeof paymentGatewayIssueDataSchema>;

/** Each known form's data schema, by form_id. */
export const FORM_DATA_SCHEMAS = {
  get_invite: getInviteDataSchema,
  payment_gateway_issue: paymentGatewayIssueDataSchema,
} as const satisfies Record<FormId, z.ZodType>;

/**
 * The body of both submission calls: form_id picks the schema form_submission_data is checked with (spec §7
 * "Submit payload").
 */
export const formSubmissionRequestSchema = z.discriminatedUnion(
  'form_id',
  [
    z.object({ form_id: z.literal('get_invite'), form_submission_data: getInviteDataSchema }),
    z.object({
      form_id: z.literal('payment_gateway_issue'),
      form_submission_data: paymentGatewayIssueDataSchema,
    }),
  ],
  { error: 'Unknown form' },
);
export type FormSubmissionRequest = z.input<typeof formSubmissionRequestSchema>;

/** A stored submission as answered: the data as it was kept (trimmed, e-mail lower case). */
export const formSubmissionSchema = z.object({
  submission_id: z.string(),
  form_id: formIdSchema,
  form_submission_data: z.record(z.string(), z.string()),
  /** When it was received (ISO 8601, UTC). */
  created_at: z.string(),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;

/** Both submission calls answer 201 with the stored submission. */
export const formSubmissionResponseSchema = z.object({
  message: z.string(),
  submission: formSubmissionSchema,
});
export type FormSubmissionResponse = z.infer<typeof formSubmissionResponseSchema>;

/** GET /get_ib_form_submission_details/v1/?form_id= */
export const formSubmissionsQuerySchema = z.object({ form_id: formIdSchema });

/** The most recent submissions a buyer gets back, newest first. */
export const FORM_SUBMISSIONS_PAGE = 50;
export const formSubmissionsResponseSchema = z.object({
  submissions: z.array(formSubmissionSchema).max(FORM_SUBMISSIONS_PAGE),
});
export type FormSubmissionsResponse = z.infer<typeof formSubmissionsResponseSchema>;
