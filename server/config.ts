import { FEATURE_FLAG_NAMES, FEATURE_FLAGS, type FeatureFlags, parseFeatureFlags } from '@contract/flags';
import ipaddr from 'ipaddr.js';
import { type CountryCode, isSupportedCountry } from 'libphonenumber-js';
import { z } from 'zod';

/** A boolean environment variable: true/false, 1/0, yes/no (case-insensitive). */
const booleanFromEnv = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no']))
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * Every setting the server reads, with its default and a line for the README.
 * The README's configuration table is written from this list.
 */
export const CONFIG_VARIABLES = [
  {
    name: 'PORT',
    default: '8080',
    description: 'TCP port the server listens on (npm run dev: Vite here, API on PORT+1).',
  },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on; 127.0.0.1 keeps it local.' },
  {
    name: 'DATA_DIR',
    default: '.data',
    description:
      'Directory of the embedded PGlite database and the runtime files (operator.token, server.json).',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description: 'PostgreSQL connection string; when unset the embedded PGlite in DATA_DIR is used.',
  },
  { name: 'NODE_ENV', default: 'development', description: 'development, production or test.' },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino level: fatal, error, warn, info, debug, trace or silent.',
  },
  { name: 'STATIC_DIR', default: 'dist', description: 'Directory of the built PWA served by the server.' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'The proxies whose X-Forwarded-* headers are believed: their addresses or CIDRs, comma-separated (e.g. 10.0.0.0/8, loopback), or the number of proxies in front of the server (e.g. 1); false trusts none. true is refused: it would let any client choose its own address.',
  },
  {
    name: 'HTTP_HEADERS_TIMEOUT_MS',
    default: '10000',
    description: "Milliseconds a client has to send a request's headers before the connection is closed.",
  },
  {
    name: 'HTTP_REQUEST_TIMEOUT_MS',
    default: '30000',
    description: 'Milliseconds a client has to send a whole request (headers and body) before it is closed.',
  },
  {
    name: 'HTTP_KEEP_ALIVE_TIMEOUT_MS',
    default: '72000',
    description:
      "Milliseconds an idle keep-alive connection stays open; keep it above the load balancer's idle timeout (60 s on AWS).",
  },
  {
    name: 'UPLOAD_BODY_TIMEOUT_MS',
    default: '120000',
    description:
      'Milliseconds a client has to send a whole file upload (a 5 MB file at 64 KB/s takes 80 s); every other request keeps HTTP_REQUEST_TIMEOUT_MS.',
  },
  {
    name: 'AUTH_SECRET',
    default: '(generated)',
    description:
      'Secret (32+ characters) that signs access tokens and keys the hashes of codes and refresh tokens. Required in production; elsewhere one is generated once and kept in DATA_DIR/auth.secret.',
  },
  {
    name: 'ACCESS_TOKEN_TTL_SECONDS',
    default: '900',
    description: 'Lifetime of an access token in seconds (15 minutes).',
  },
  {
    name: 'REFRESH_TOKEN_TTL_DAYS',
    default: '30',
    description: 'Lifetime of a refresh token in days; each refresh issues a new one (spec §9: 30 days).',
  },
  {
    name: 'OTP_DELIVERY',
    default: 'log',
    description:
      'How one-time codes reach people: log (the server logs the code; refused in production unless OTP_ALLOW_LOG_IN_PRODUCTION) or webhook (POST to OTP_WEBHOOK_URL).',
  },
  {
    name: 'OTP_WEBHOOK_URL',
    default: '(unset)',
    description:
      'With OTP_DELIVERY=webhook: URL that receives { channel, to, code, purpose } as JSON and sends the SMS or e-mail.',
  },
  {
    name: 'OTP_ALLOW_LOG_IN_PRODUCTION',
    default: 'false',
    description: 'Lets a production server start with OTP_DELIVERY=log (the codes then appear in its logs).',
  },
  {
    name: 'OTP_TEST_NUMBERS',
    default: '(none)',
    description:
      'Test phone numbers or e-mail addresses with fixed codes, number:code or address:code pairs separated by commas, e.g. +919999999999:123456. No code is sent to them.',
  },
  {
    name: 'OTP_RESEND_COOLDOWN_SECONDS',
    default: '30',
    description: 'Seconds a phone number or e-mail address waits before another code (429 with the wait).',
  },
  {
    name: 'OTP_PHONE_LIMIT_PER_HOUR',
    default: '5',
    description: 'Codes sent per phone number (or e-mail address) per hour.',
  },
  {
    name: 'OTP_IP_LIMIT_PER_HOUR',
    default: '20',
    description: 'Codes requested per client IP address (IPv6: per /64) per hour.',
  },
  {
    name: 'OTP_NETWORK_LIMIT_PER_HOUR',
    default: '60',
    description: 'Codes requested per client network (an IPv4 /24, an IPv6 /48) per hour.',
  },
  {
    name: 'OTP_GLOBAL_LIMIT_PER_HOUR',
    default: '1000',
    description:
      'Codes the whole shop sends per hour to numbers and addresses that never signed in; beyond OTP_CHALLENGE_AFTER_PERCENT of it a new number must solve a challenge first. A number that has signed in before is never refused by it.',
  },
  {
    name: 'OTP_CHALLENGE_AFTER_PERCENT',
    default: '50',
    description:
      'Once this share (percent) of OTP_GLOBAL_LIMIT_PER_HOUR is spent in an hour, a number that never signed in gets a code only after its browser solves a proof-of-work challenge (428) instead of a 429 (0: always; 100: once the budget is spent).',
  },
  {
    name: 'OTP_CHALLENGE_MAX_NUMBER',
    default: '5000',
    description:
      "Difficulty of that challenge: the most key derivations (PBKDF2-SHA-256, 1000 rounds each) a buyer's browser tries; each challenge asks for between half and all of them (a second or two on a phone at the default).",
  },
  {
    name: 'OTP_CHALLENGE_LIMIT_PER_HOUR',
    default: '5000',
    description:
      'Codes the whole shop sends per hour to numbers that never signed in and solved the challenge: the ceiling against a botnet with CPU to spare (429 beyond it).',
  },
  {
    name: 'OTP_SMS_COUNTRIES',
    default: 'IN,US,GB,CA,AU',
    description:
      'Countries (ISO 3166 codes, comma-separated) whose mobile numbers get sign-in codes by SMS; other numbers are refused.',
  },
  {
    name: 'OIDC_ISSUER',
    default: '(unset)',
    description:
      'OpenID Connect issuer for the social login, e.g. https://accounts.google.com. Social login is off until OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_REDIRECT_URI are set.',
  },
  { name: 'OIDC_CLIENT_ID', default: '(unset)', description: 'OAuth client id registered with the issuer.' },
  {
    name: 'OIDC_CLIENT_SECRET',
    default: '(unset)',
    description: 'OAuth client secret (client_secret_basic); leave unset for a public client (PKCE only).',
  },
  {
    name: 'OIDC_REDIRECT_URI',
    default: '(unset)',
    description:
      'Where the issuer sends the buyer back with ?code&state, a storefront page, e.g. https://shop.example/sign-in/google.',
  },
  {
    name: 'OIDC_SCOPES',
    default: 'openid email profile',
    description: 'Scopes requested from the issuer (openid is required).',
  },
  {
    name: 'MARKETING_IP_LIMIT_PER_HOUR',
    default: '300',
    description:
      'Marketing pushes (events and user attributes) accepted per client IP address (IPv6: per /64) per hour.',
  },
  {
    name: 'MARKETING_STORED_KB_PER_HOUR',
    default: '65536',
    description:
      'Kilobytes of marketing pushes stored per hour from every client together; beyond it pushes get 429.',
  },
  {
    name: 'NOTIFY_ME_IP_LIMIT_PER_HOUR',
    default: '20',
    description: 'Notify-me requests accepted per client IP address (IPv6: per /64) per hour.',
  },
  {
    name: 'NOTIFY_ME_LIMIT_PER_HOUR',
    default: '20000',
    description: 'Notify-me requests accepted per hour from every client together.',
  },
  {
    name: 'FORMS_IP_LIMIT_PER_HOUR',
    default: '10',
    description:
      'Request-form submissions (get invite, …) accepted per client IP address (IPv6: per /64) per hour.',
  },
  {
    name: 'FORMS_LIMIT_PER_HOUR',
    default: '5000',
    description: 'Request-form submissions accepted per hour from every client together.',
  },
  {
    name: 'INVITE_ACCOUNT_LIMIT_PER_HOUR',
    default: '30',
    description:
      'Invite codes a signed-in account may have refused per hour (unknown, expired, revoked or used up); beyond it every invite code it sends gets 429 until the hour ends.',
  },
  {
    name: 'INVITE_IP_LIMIT_PER_HOUR',
    default: '100',
    description:
      'Invite codes refused per client IP address (IPv6: per /64) per hour, signed in or not; beyond it invite codes from there get 429.',
  },
  {
    name: 'REFERRAL_VIEWS_IP_LIMIT_PER_HOUR',
    default: '30',
    description:
      'Referral-code views logged per client IP address (IPv6: per /64) per hour; a visitor counts once a day.',
  },
  {
    name: 'PAYMENT_PROVIDER',
    default: 'sandbox (required in production)',
    description:
      'Who takes payments: sandbox (the built-in test provider under /pay/sandbox, where the buyer chooses the outcome) or razorpay (needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET). A production server refuses to start without it, and with sandbox unless SANDBOX_IN_PRODUCTION=true.',
  },
  {
    name: 'SANDBOX_IN_PRODUCTION',
    default: 'false',
    description:
      'true lets a production server take "payments" with the sandbox, where no money moves (a staging shop); it logs a warning at every start.',
  },
  {
    name: 'DEMO_CODES_IN_PRODUCTION',
    default: 'false',
    description:
      "true lets a production server start while the README's demo invite, coupon and referral codes are still usable in its database (a staging shop); it logs a warning naming them at every start. Unset, such a start is refused.",
  },
  {
    name: 'PUBLIC_URL',
    default: '(from the request)',
    description:
      "The shop's public origin, e.g. https://shop.example.com: where a hosted payment page sends the buyer back. Unset, it is taken from the request's protocol and Host (behind a proxy, with TRUST_PROXY).",
  },
  {
    name: 'SANDBOX_SECRET',
    default: '(development default)',
    description:
      'Secret (32+ characters) the sandbox provider signs its payment results, webhooks and buyer grants with. Unset, it is derived from the auth secret (AUTH_SECRET, or the one generated into DATA_DIR).',
  },
  {
    name: 'SANDBOX_WEBHOOK_DELAY_MS',
    default: '0',
    description:
      "Milliseconds between a sandbox payment and its webhook's first delivery (a real provider's arrive seconds later); undelivered webhooks are retried with backoff until the shop acknowledges them.",
  },
  {
    name: 'SANDBOX_PENDING_SETTLE_MS',
    default: '15000',
    description: 'Milliseconds after which a sandbox payment left pending settles as paid (by a webhook).',
  },
  {
    name: 'ORDER_EXPIRY_SWEEP_MS',
    default: '60000',
    description: 'How often unpaid orders past their reservation are expired and their stock released.',
  },
  {
    name: 'REFUND_MAX_ATTEMPTS',
    default: '8',
    description: 'Refund requests the provider may refuse before the refund is left to a person.',
  },
  {
    name: 'ORDER_MAX_QUANTITY',
    default: '10',
    description:
      'Units of one product an order may take, where the catalogue sets no maximum of its own (products.max_order_quantity); ad slots are bounded by ORDER_UNPAID_SCREEN_DAYS_PER_BUYER instead.',
  },
  {
    name: 'ORDER_UNPAID_UNITS_PER_BUYER',
    default: '20',
    description: "Units of stock one buyer's unpaid orders may hold at once; beyond it a new order gets 409.",
  },
  {
    name: 'ORDER_UNPAID_SCREEN_DAYS_PER_BUYER',
    default: '300',
    description:
      "Ad screen-days (devices × days) one buyer's unpaid ad orders may hold at once; beyond it a new ad order gets 409.",
  },
  {
    name: 'ORDER_AD_SCREEN_DAYS_PER_DAY',
    default: '900',
    description:
      'Ad screen-days one account may put on hold per day, counting every new ad order, so a cancelled and re-created hold cannot be kept all day (429 beyond it).',
  },
  {
    name: 'ORDER_CREATE_LIMIT_PER_HOUR',
    default: '20',
    description:
      'Orders one account may create per hour (429 with Retry-After beyond it); replays of an Idempotency-Key do not count.',
  },
  {
    name: 'ORDER_CREATE_IP_LIMIT_PER_HOUR',
    default: '60',
    description:
      'Orders created per client IP address (IPv6: per /64) per hour, from every account together.',
  },
  {
    name: 'RETENTION_DAYS',
    default: '90',
    description:
      'Days marketing events, notify-me requests, form submissions and referral views are kept; a sweep deletes older ones.',
  },
  {
    name: 'RETENTION_SWEEP_MS',
    default: '3600000',
    description: 'How often the retention sweep runs.',
  },
  {
    name: 'CODE_RETENTION_HOURS',
    default: '24',
    description:
      'Hours one-time codes, sign-in flows and social-login tickets are kept after they expire; the retention sweep deletes them then.',
  },
  {
    name: 'IDEMPOTENCY_KEY_HOURS',
    default: '24',
    description:
      "Hours an order's Idempotency-Key is kept (a retry with it answers the same order); the retention sweep deletes older ones.",
  },
  {
    name: 'S3_BUCKET',
    default: '(unset)',
    description:
      "The S3-compatible bucket affiliates' proof files are kept in; unset, they are kept under DATA_DIR/uploads. Needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.",
  },
  {
    name: 'S3_ENDPOINT',
    default: '(unset)',
    description:
      'The S3 API origin, e.g. https://s3.ap-south-1.amazonaws.com or a MinIO address (path-style).',
  },
  {
    name: 'S3_REGION',
    default: 'us-east-1',
    description: "The bucket's region, for the request signatures.",
  },
  { name: 'S3_ACCESS_KEY_ID', default: '(unset)', description: 'Access key id for the bucket.' },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', description: 'Secret access key for the bucket.' },
  {
    name: 'UPLOAD_FILES_PER_ACCOUNT',
    default: '20',
    description:
      'Files one account may keep per purpose (each affiliate proof, ad creatives); unused ones are deleted after UPLOAD_ORPHAN_HOURS.',
  },
  {
    name: 'UPLOAD_MB_PER_ACCOUNT',
    default: '50',
    description: 'Megabytes one account may keep per purpose.',
  },
  {
    name: 'UPLOAD_SHOP_MB_PER_HOUR',
    default: '2000',
    description: 'Megabytes of uploads the whole shop takes per hour, from all accounts together.',
  },
  {
    name: 'UPLOAD_ORPHAN_HOURS',
    default: '24',
    description:
      'Hours an uploaded file no affiliate registration or live ad booking uses is kept; the retention sweep then deletes it.',
  },
  {
    name: 'RAZORPAY_KEY_ID',
    default: '(unset)',
    description: 'Razorpay API key id (rzp_live_… or rzp_test_…).',
  },
  { name: 'RAZORPAY_KEY_SECRET', default: '(unset)', description: 'Razorpay API key secret.' },
  {
    name: 'RAZORPAY_WEBHOOK_SECRET',
    default: '(unset)',
    description: "The secret of the shop's Razorpay webhook (POST /pay/razorpay/webhook).",
  },
  {
    name: 'WEBHOOK_IP_LIMIT_PER_MINUTE',
    default: '600',
    description:
      "Payment webhook deliveries accepted per client IP (IPv6: per /64) per minute; beyond it 429 with Retry-After (a provider redelivers). Keep it above the provider's busiest minute.",
  },
] as const satisfies readonly { name: string; default: string; description: string }[];

/** Spec §9's feature flags (contract/flags.ts): the server reads the same FEATURE_* variables as the PWA's build. */
export const FEATURE_FLAG_VARIABLES = FEATURE_FLAG_NAMES.map((name) => ({
  name: FEATURE_FLAGS[name].variable,
  default: String(FEATURE_FLAGS[name].default),
  description: `Feature flag: ${FEATURE_FLAGS[name].description}.`,
}));

export const configSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('.data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  STATIC_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('dist')),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value, ctx) => parseTrustProxy(value, ctx))
      .default(false),
  ),
  HTTP_HEADERS_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(600_000).default(10_000),
  ),
  HTTP_REQUEST_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  ),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3_600_000).default(72_000),
  ),
  UPLOAD_BODY_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3_600_000).default(120_000),
  ),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  ),
  ACCESS_TOKEN_TTL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(30).max(86_400).default(900),
  ),
  REFRESH_TOKEN_TTL_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(365).default(30)),
  OTP_DELIVERY: z.preprocess(emptyToUndefined, z.enum(['log', 'webhook']).default('log')),
  OTP_WEBHOOK_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OTP_ALLOW_LOG_IN_PRODUCTION: z.preprocess(emptyToUndefined, booleanFromEnv.default(false)),
  OTP_TEST_NUMBERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx) => parseTestNumbers(value ?? '', ctx)),
  ),
  OTP_RESEND_COOLDOWN_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(3600).default(30),
  ),
  OTP_PHONE_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(5)),
  OTP_IP_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(20)),
  OTP_NETWORK_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(60)),
  OTP_GLOBAL_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(1000)),
  OTP_CHALLENGE_AFTER_PERCENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(100).default(50),
  ),
  OTP_CHALLENGE_MAX_NUMBER: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(2).max(1_000_000).default(5000),
  ),
  OTP_CHALLENGE_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(5000)),
  OTP_SMS_COUNTRIES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('IN,US,GB,CA,AU')
      .transform((value, ctx) => parseCountries(value, ctx)),
  ),
  OIDC_ISSUER: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  OIDC_REDIRECT_URI: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OIDC_SCOPES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('openid email profile')
      .refine((v) => v.split(/\s+/).includes('openid'), 'must include openid'),
  ),
  MARKETING_IP_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(300)),
  MARKETING_STORED_KB_PER_HOUR: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(65_536),
  ),
  NOTIFY_ME_IP_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(20)),
  NOTIFY_ME_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(20_000)),
  FORMS_IP_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
  FORMS_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(5000)),
  INVITE_ACCOUNT_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  INVITE_IP_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(100)),
  REFERRAL_VIEWS_IP_LIMIT_PER_HOUR: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).default(30),
  ),
  // Unset is resolved in loadConfig: sandbox outside production, a refusal to start in it.
  PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['sandbox', 'razorpay']).optional()),
  SANDBOX_IN_PRODUCTION: z.preprocess(emptyToUndefined, booleanFromEnv.default(false)),
  DEMO_CODES_IN_PRODUCTION: z.preprocess(emptyToUndefined, booleanFromEnv.default(false)),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin, e.g. https://shop.example.com' })
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  SANDBOX_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  ),
  SANDBOX_PENDING_SETTLE_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(86_400_000).default(15_000),
  ),
  SANDBOX_WEBHOOK_DELAY_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(3_600_000).default(0),
  ),
  ORDER_EXPIRY_SWEEP_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  ),
  REFUND_MAX_ATTEMPTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(8)),
  ORDER_MAX_QUANTITY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(10)),
  ORDER_UNPAID_UNITS_PER_BUYER: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100_000).default(20),
  ),
  ORDER_UNPAID_SCREEN_DAYS_PER_BUYER: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(300),
  ),
  ORDER_AD_SCREEN_DAYS_PER_DAY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(10_000_000).default(900),
  ),
  ORDER_CREATE_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(20)),
  ORDER_CREATE_IP_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(60)),
  RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(90)),
  RETENTION_SWEEP_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(86_400_000).default(3_600_000),
  ),
  CODE_RETENTION_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(8760).default(24)),
  IDEMPOTENCY_KEY_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(8760).default(24)),
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(3).max(63).optional()),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  UPLOAD_FILES_PER_ACCOUNT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100_000).default(20),
  ),
  UPLOAD_MB_PER_ACCOUNT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(50),
  ),
  UPLOAD_SHOP_MB_PER_HOUR: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(2000),
  ),
  UPLOAD_ORPHAN_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(8760).default(24)),
  RAZORPAY_KEY_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  RAZORPAY_KEY_SECRET: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  RAZORPAY_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  WEBHOOK_IP_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(600)),
});

const TRUST_NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR ("10.0.0.0/8") or one of proxy-addr's named ranges ("loopback"), as proxy-addr parses them. */
function isProxyAddress(entry: string): boolean {
  return TRUST_NAMED_RANGES.has(entry) || ipaddr.isValid(entry) || ipaddr.isValidCIDR(entry);
}

/**
 * TRUST_PROXY for Fastify's trustProxy: false (none), a hop count, or the proxies' addresses and CIDRs.
 * "true" is refused: it believes whatever X-Forwarded-For a client sends.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const text = value.trim().toLowerCase();
  if (['false', 'no', 'off', 'none'].includes(text)) return false;
  if (['true', 'yes', 'on'].includes(text)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'trusting every proxy would let any client pick its own address with X-Forwarded-For (unlimited sign-in codes, operator calls from anywhere); name the proxies instead: their addresses or CIDRs, e.g. TRUST_PROXY=10.0.0.0/8, or how many there are in front of the server, e.g. TRUST_PROXY=1',
    });
    return false;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) ctx.addIssue({ code: 'custom', message: 'a hop count is at most 10' });
    return hops === 0 ? false : hops;
  }
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `${bad.map((e) => `"${e}"`).join(', ') || 'nothing'} is not an address, a CIDR (10.0.0.0/8), loopback, linklocal, uniquelocal or a hop count`,
    });
  }
  return entries;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify no longer honours a bare hop count, so it becomes "the nearest n
 * hops", which is safe only when clients cannot reach the server except through those proxies.
 */
export function trustProxyOption(
  trust: Config['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** "IN, us" → ['IN', 'US'], each a region libphonenumber-js knows. */
function parseCountries(value: string, ctx: z.RefinementCtx): readonly CountryCode[] {
  const codes = value
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  const unknown = codes.filter((c) => !isSupportedCountry(c));
  if (codes.length === 0 || unknown.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `${unknown.map((c) => `"${c}"`).join(', ') || 'nothing'} is not a two-letter country code such as IN`,
    });
  }
  return codes as CountryCode[];
}

/** "+919999999999:123456,+15555550100:000000" → Map of E.164 number → fixed 6-digit code. */
function parseTestNumbers(value: string, ctx: z.RefinementCtx): ReadonlyMap<string, string> {
  const numbers = new Map<string, string>();
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^(\+[1-9]\d{6,14}|[^\s:@,]+@[^\s:@,]+\.[^\s:@,]+):(\d{6})$/.exec(entry);
    if (!match?.[1] || !match[2]) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not +<E.164 number>:<6 digits> or <e-mail address>:<6 digits>`,
      });
      continue;
    }
    // E-mail addresses are compared in lower case (the address a code is sent to is stored as typed).
    numbers.set(match[1].toLowerCase(), match[2]);
  }
  return numbers;
}

export type Config = Omit<z.infer<typeof configSchema>, 'PAYMENT_PROVIDER'> & {
  PAYMENT_PROVIDER: NonNullable<z.infer<typeof configSchema>['PAYMENT_PROVIDER']>;
  features: FeatureFlags;
};

/**
 * What a production server must have before it starts: its own signing secret, and no codes in the logs
 * unless the operator asked for that. Returns the problems, empty when there are none.
 */
export function productionProblems(
  config: Omit<Config, 'PAYMENT_PROVIDER'> & { PAYMENT_PROVIDER?: Config['PAYMENT_PROVIDER'] | undefined },
): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!config.PAYMENT_PROVIDER) {
    problems.push(
      'PAYMENT_PROVIDER is required in production: razorpay (with its keys), or sandbox with SANDBOX_IN_PRODUCTION=true for a shop where no money moves',
    );
  } else if (config.PAYMENT_PROVIDER === 'sandbox' && !config.SANDBOX_IN_PRODUCTION) {
    problems.push(
      'PAYMENT_PROVIDER=sandbox lets every buyer mark their own order paid; a production shop needs PAYMENT_PROVIDER=razorpay, or SANDBOX_IN_PRODUCTION=true to run the sandbox anyway',
    );
  }
  if (!config.AUTH_SECRET) {
    problems.push('AUTH_SECRET is required in production (at least 32 random characters)');
  }
  if (config.OTP_DELIVERY === 'log' && !config.OTP_ALLOW_LOG_IN_PRODUCTION) {
    problems.push(
      'OTP_DELIVERY=log would print sign-in codes to the production log; configure OTP_DELIVERY=webhook with OTP_WEBHOOK_URL, or set OTP_ALLOW_LOG_IN_PRODUCTION=true',
    );
  }
  return problems;
}

/** True when social login (OpenID Connect) is configured. */
export function oidcEnabled(config: Config): boolean {
  return Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_REDIRECT_URI);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the settings; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const features = parseFeatureFlags(env);
  if (!parsed.success || features.problems.length > 0) {
    const problems = (parsed.error?.issues ?? []).map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${[...problems, ...features.problems].join('; ')}`);
  }
  const problems = productionProblems({ ...parsed.data, features: features.flags });
  const config: Config = {
    ...parsed.data,
    PAYMENT_PROVIDER: parsed.data.PAYMENT_PROVIDER ?? 'sandbox',
    features: features.flags,
  };
  if (config.OTP_DELIVERY === 'webhook' && !config.OTP_WEBHOOK_URL) {
    problems.push('OTP_DELIVERY=webhook needs OTP_WEBHOOK_URL');
  }
  if (
    config.PAYMENT_PROVIDER === 'razorpay' &&
    !(config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET)
  ) {
    problems.push(
      'PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET',
    );
  }
  if (config.S3_BUCKET && !(config.S3_ENDPOINT && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_BUCKET needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }
  if (config.UPLOAD_BODY_TIMEOUT_MS < config.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push('UPLOAD_BODY_TIMEOUT_MS must not be below HTTP_REQUEST_TIMEOUT_MS');
  }
  if (problems.length > 0) throw new ConfigError(`Refusing to start: ${problems.join('; ')}`);
  return config;
}
