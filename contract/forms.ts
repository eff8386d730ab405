import { addDays, formatISO, isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import { dialCodeSchema, isoCountryCodeSchema, phoneNumberSchema } from './account';
import { PACKAGE_CODES } from './constants';
import { DIGITS_PATTERN, EMAIL_MAX_LENGTH, MOBILE_PATTERN, NAME_PATTERN, PINCODE_PATTERN } from './patterns';

/*
 * The forms service (spec §1 "Request forms", §7 "Forms"), mounted under /api/forms:
 * - POST /create_public_ib_form_submission_details/v1/: anonymous, limited per client and shop-wide (429);
 * - POST /create_ib_form_submission/v1/: the signed-in buyer's, kept under their account;
 * - GET /get_ib_form_submission_details/v1/?form_id=: the signed-in buyer's own submissions of one form.
 * A submission is { form_id, form_submission_data }; each known form has its own schema for the data, so a
 * field error names it as form_submission_data.<field>. The client sends these calls without x-tz (spec §7).
 */

/** The forms the shop takes; each has its schema in FORM_DATA_SCHEMAS. */
export const FORM_IDS = [
  'get_invite',
  'payment_gateway_issue',
  'request_a_call',
  'book_a_demo',
  'giveaway_contest',
  'experience_zone_interest',
  'club_edition_apply',
  'enterprise_contact',
  'order_setup_call',
] as const;
export type FormId = (typeof FORM_IDS)[number];
export const formIdSchema = z.enum(FORM_IDS, { error: 'Unknown form' });

/**
 * The forms a person signs in for while the forms-login flag is on (spec §9): a club's application and the call
 * booked after paying belong to an account; with the flag off they are taken anonymously like the others.
 */
export const SIGN_IN_FORM_IDS = [
  'club_edition_apply',
  'order_setup_call',
] as const satisfies readonly FormId[];

export function formNeedsSignIn(formId: FormId, formsLogin: boolean): boolean {
  return formsLogin && (SIGN_IN_FORM_IDS as readonly FormId[]).includes(formId);
}

/** Bounds of what a person types into a form. */
export const FORM_LIMITS = {
  name: 100,
  city: 100,
  organisation: 150,
  message: 1000,
  venue: 150,
  count: 6,
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

/** The shop's calendar (spec §9 time zone): a preferred date is a day as Asia/Kolkata counts it. */
export const FORMS_TIME_ZONE = 'Asia/Kolkata';
/** How far ahead a call or a demo can be booked. */
export const PREFERRED_DATE_MAX_DAYS = 60;
const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Today in the shop's calendar, yyyy-MM-dd. */
export function shopToday(now: Date): string {
  // Intl knows the zone already: no time-zone library on the form pages for one date.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: FORMS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The last day a preferred date may be, yyyy-MM-dd. */
export function lastPreferredDate(today: string): string {
  return formatISO(addDays(parseISO(today), PREFERRED_DATE_MAX_DAYS), { representation: 'date' });
}

/** Why a preferred date (yyyy-MM-dd) cannot be booked on `today`, or null; both sides check it with their clock. */
export function preferredDateProblem(date: string, today: string): string | null {
  if (date < today) return 'Choose today or a later date';
  if (date > lastPreferredDate(today)) return `Choose a date within ${PREFERRED_DATE_MAX_DAYS} days`;
  return null;
}

/** A calendar date as spec §9 writes it (yyyy-MM-dd); whether it can still be booked is the clock's check. */
const preferredDateSchema = z
  .string()
  .trim()
  .min(1, 'Choose a date')
  .refine((v) => ISO_DATE_PATTERN.test(v) && isValid(parseISO(v)), 'Choose a date');

/** When in the day a person would like the call or the demo (the shop's hours). */
export const TIME_SLOTS = ['MORNING', 'AFTERNOON', 'EVENING'] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];
const timeSlotSchema = z.enum(TIME_SLOTS, { error: 'Choose a time' });

/** Spec §3 supporting entities: the player roles. */
export const PLAYER_ROLES = ['BATSMAN', 'BOWLER', 'WICKET_KEEPER', 'ALL_ROUNDER'] as const;
export type PlayerRole = (typeof PLAYER_ROLES)[number];

/** What the call, the demo or the interest is about. */
export const CALL_TOPICS = ['HOME_KIT', 'GAME', 'BAT', 'BUSINESS', 'ORDER', 'OTHER'] as const;
export const DEMO_PRODUCTS = ['HOME_KIT', 'GAME_PLUS_BAT', 'BUSINESS_LICENCE', 'CLUB_EDITION'] as const;
export const VENUE_TYPES = ['ACADEMY', 'CLUB', 'SCHOOL', 'MALL', 'GAMING_ZONE', 'OTHER'] as const;

/** Spec §5: a pincode is 6 digits. */
const pincodeSchema = z.string().trim().min(1, 'required').regex(PINCODE_PATTERN, 'enter a valid pincode');

/** A count a person types (members, locations): digits, 1 to 999999. */
const countSchema = (empty: string) =>
  z
    .string()
    .trim()
    .min(1, empty)
    .regex(DIGITS_PATTERN, 'Use digits only')
    .max(FORM_LIMITS.count, 'Enter a smaller number')
    .refine((v) => Number(v) > 0, 'Enter a number above 0');

/** The contact fields most forms share: who, and how to reach them; an Indian mobile by spec §5's pattern. */
const contact = {
  name: nameSchema,
  phone_number: phoneNumberSchema,
  country_code: dialCodeSchema,
  iso_country_code: isoCountryCodeSchema.optional(),
  email: emailSchema,
};

function indianMobile(data: { country_code: string; phone_number: string }, ctx: z.RefinementCtx) {
  if (INDIA_DIAL_CODE.test(data.country_code) && !MOBILE_PATTERN.test(data.phone_number)) {
    ctx.addIssue({ code: 'custom', path: ['phone_number'], message: 'Enter a valid mobile number' });
  }
}

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
  .superRefine(indianMobile);
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

const cityText = requiredText(FORM_LIMITS.city, 'Enter your city', 'city');
const message = optionalText(FORM_LIMITS.message, 'message');

/** /form/request-a-call: a number to call, and when. */
export const requestACallDataSchema = z
  .object({
    name: contact.name,
    phone_number: contact.phone_number,
    country_code: contact.country_code,
    iso_country_code: contact.iso_country_code,
    topic: z.enum(CALL_TOPICS, { error: 'Choose what the call is about' }),
    preferred_date: preferredDateSchema,
    preferred_time_slot: timeSlotSchema,
    message,
  })
  .superRefine(indianMobile);

/** /form/book-a-demo: a demo of a product near the person, on a day and at a time. */
export const bookADemoDataSchema = z
  .object({
    ...contact,
    city: cityText,
    pincode: pincodeSchema,
    product: z.enum(DEMO_PRODUCTS, { error: 'Choose a product' }),
    preferred_date: preferredDateSchema,
    preferred_time_slot: timeSlotSchema,
    message,
  })
  .superRefine(indianMobile);

/** /form/giveaway-contest: an entry with the player's role (spec §3). */
export const giveawayContestDataSchema = z
  .object({
    ...contact,
    city: cityText,
    player_role: z.enum(PLAYER_ROLES, { error: 'Choose your playing role' }),
    message,
  })
  .superRefine(indianMobile);

/** /form/experience-zone-interest-form: a venue that would host an experience zone. */
export const experienceZoneInterestDataSchema = z
  .object({
    ...contact,
    venue_name: requiredText(FORM_LIMITS.venue, 'Enter the venue name', 'venue name'),
    venue_type: z.enum(VENUE_TYPES, { error: 'Choose the kind of venue' }),
    city: cityText,
    pincode: pincodeSchema,
    message,
  })
  .superRefine(indianMobile);

/** /club-edition/apply: a club applying for the club edition. */
export const clubEditionApplyDataSchema = z
  .object({
    ...contact,
    club_name: requiredText(FORM_LIMITS.organisation, 'Enter the club name', 'club name'),
    city: cityText,
    pincode: pincodeSchema,
    members: countSchema('Enter how many members play'),
    message,
  })
  .superRefine(indianMobile);

/** /business-licence/enterprise/contact-us: a business with several venues. */
export const enterpriseContactDataSchema = z
  .object({
    ...contact,
    company_name: requiredText(FORM_LIMITS.organisation, 'Enter the company name', 'company name'),
    city: cityText,
    locations: countSchema('Enter how many locations'),
    message: requiredText(FORM_LIMITS.message, 'Tell us what you need', 'message'),
  })
  .superRefine(indianMobile);

/** After a payment success (spec §7 Forms): when the buyer would like the call that sets their order up. */
export const orderSetupCallDataSchema = z.object({
  orderId: paymentGatewayIssueDataSchema.shape.orderId,
  preferred_date: preferredDateSchema,
  preferred_time_slot: timeSlotSchema,
  message,
});

/** Each known form's data schema, by form_id. */
export const FORM_DATA_SCHEMAS = {
  get_invite: getInviteDataSchema,
  payment_gateway_issue: paymentGatewayIssueDataSchema,
  request_a_call: requestACallDataSchema,
  book_a_demo: bookADemoDataSchema,
  giveaway_contest: giveawayContestDataSchema,
  experience_zone_interest: experienceZoneInterestDataSchema,
  club_edition_apply: clubEditionApplyDataSchema,
  enterprise_contact: enterpriseContactDataSchema,
  order_setup_call: orderSetupCallDataSchema,
} as const satisfies Record<FormId, z.ZodType>;
export type FormData<Id extends FormId> = z.input<(typeof FORM_DATA_SCHEMAS)[Id]>;

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
    z.object({ form_id: z.literal('request_a_call'), form_submission_data: requestACallDataSchema }),
    z.object({ form_id: z.literal('book_a_demo'), form_submission_data: bookADemoDataSchema }),
    z.object({ form_id: z.literal('giveaway_contest'), form_submission_data: giveawayContestDataSchema }),
    z.object({
      form_id: z.literal('experience_zone_interest'),
      form_submission_data: experienceZoneInterestDataSchema,
    }),
    z.object({ form_id: z.literal('club_edition_apply'), form_submission_data: clubEditionApplyDataSchema }),
    z.object({ form_id: z.literal('enterprise_contact'), form_submission_data: enterpriseContactDataSchema }),
    z.object({ form_id: z.literal('order_setup_call'), form_submission_data: orderSetupCallDataSchema }),
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
