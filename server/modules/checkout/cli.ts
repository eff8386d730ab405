import { parseArgs } from 'node:util';
import { CURRENCIES, type Currency, formatMoney, toMinor } from '@contract/money';
import { DISCOUNT_CODE_MAX_LENGTH } from '@contract/pricing';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import { operatorRequest } from '../../runtime';
import { type Coupon, deactivateCode, insertCoupon, knownPackageCodes, listCoupons } from './repo';

// `npm run shop -- coupons …`: the operator's coupon commands (server/cli.ts dispatches here).
export const COUPONS_USAGE = `  npm run shop -- coupons list   (every coupon: its discount, limits, uses, validity and status)
  npm run shop -- coupons issue <CODE> --percent N [--max-discount N --currency INR|USD] [options]
  npm run shop -- coupons issue <CODE> --amount N --currency INR|USD [options]
      options: [--min-order N] [--per-buyer N|unlimited] [--total N] [--days N] [--packages CODE,CODE]
      (one use per buyer, no overall limit, no expiry and every package unless told; amounts in major units)
  npm run shop -- coupons revoke <CODE>   (a coupon, or a referral code; refused from then on)`;

export class CouponsUsageError extends Error {}

const CODE_MESSAGE = 'A coupon code has 1 to 32 letters, digits, _ or -';
const count = z.number().int().positive().max(1_000_000);
const minor = z.number().int().positive().max(2_000_000_000);

export const couponIssueRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, CODE_MESSAGE)
      .max(DISCOUNT_CODE_MAX_LENGTH, CODE_MESSAGE)
      .regex(/^[A-Za-z0-9_-]+$/, CODE_MESSAGE)
      .transform((code) => code.toUpperCase()),
    kind: z.enum(['percent', 'flat']),
    /** Basis points for a percent coupon (1000 = 10 %), minor units of `currency` for a flat one. */
    value: minor,
    currency: z.enum(CURRENCIES).nullable(),
    max_discount_minor: minor.nullable(),
    minimum_order_minor: z.number().int().min(0).max(2_000_000_000),
    usage_limit_per_buyer: count.nullable(),
    usage_limit_total: count.nullable(),
    /** Days until it expires; null: never. */
    valid_days: z.number().int().positive().max(3650).nullable(),
    package_codes: z.array(z.string().trim().min(1).max(64)).min(1).max(50).nullable(),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (input.kind === 'percent' && input.value > 10_000)
      issue('value', 'A percent coupon takes at most 100 %');
    if (input.kind === 'flat' && !input.currency) issue('currency', 'A flat coupon needs its currency');
    if (input.max_discount_minor !== null && !input.currency) issue('currency', 'A cap needs its currency');
    if (input.minimum_order_minor > 0 && !input.currency)
      issue('currency', 'A minimum order needs its currency');
  });
export type CouponIssueRequest = z.infer<typeof couponIssueRequestSchema>;

export const listedCouponSchema = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'flat']),
  value: z.number().int(),
  currency: z.enum(CURRENCIES).nullable(),
  max_discount_minor: z.number().int().nullable(),
  minimum_order_minor: z.number().int(),
  usage_limit_per_buyer: z.number().int().nullable(),
  usage_limit_total: z.number().int().nullable(),
  uses: z.number().int(),
  valid_from: z.string(),
  valid_until: z.string().nullable(),
  package_codes: z.array(z.string()).nullable(),
  status: z.enum(['active', 'revoked', 'expired', 'not yet active', 'used up']),
});
export const couponListResponseSchema = z.object({ coupons: z.array(listedCouponSchema) });
export const couponRevokeRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(DISCOUNT_CODE_MAX_LENGTH)
    .transform((code) => code.toUpperCase()),
});
export const couponRevokeResponseSchema = z.object({
  kind: z.enum(['coupon', 'referral code']),
  code: z.string(),
});
type ListedCoupon = z.infer<typeof listedCouponSchema>;
export type CouponListResponse = z.infer<typeof couponListResponseSchema>;
export type CouponRevokeRequest = z.infer<typeof couponRevokeRequestSchema>;
export type CouponRevokeResponse = z.infer<typeof couponRevokeResponseSchema>;

export type CouponsAction =
  | { kind: 'list' }
  | { kind: 'issue'; input: CouponIssueRequest }
  | { kind: 'revoke'; input: CouponRevokeRequest };

export const COUPONS_ADMIN_PATH = '/api/commerce/admin/coupons/v1/';
export const COUPONS_REVOKE_PATH = '/api/commerce/admin/coupons/revoke/v1/';

function usage(message?: string): CouponsUsageError {
  return new CouponsUsageError(`${message ? `${message}\n` : ''}Usage:\n${COUPONS_USAGE}`);
}

const OPTIONS = {
  percent: { type: 'string' },
  amount: { type: 'string' },
  currency: { type: 'string' },
  'max-discount': { type: 'string' },
  'min-order': { type: 'string' },
  'per-buyer': { type: 'string' },
  total: { type: 'string' },
  days: { type: 'string' },
  packages: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseOptions(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    // An unknown option or a missing value.
    throw usage((error as Error).message);
  }
}

type Values = ReturnType<typeof parseOptions>['values'];

function numberOf(name: keyof typeof OPTIONS, text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = Number(text.replaceAll(',', '').replaceAll('_', ''));
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0)
    throw usage(`--${name}: not a positive number: ${text}`);
  return n;
}

function parseIssue(code: string, values: Values): CouponIssueRequest {
  if ((values.percent === undefined) === (values.amount === undefined)) {
    throw usage('Give --percent N or --amount N, one of them');
  }
  const currency = values.currency?.toUpperCase() ?? null;
  if (currency !== null && !CURRENCIES.includes(currency as Currency)) throw usage('--currency: INR or USD');
  // Minor units need the currency; without one the schema's refinement names what is missing.
  const inMinor = (major: number | null) =>
    major === null ? null : toMinor(major, (currency as Currency | null) ?? 'INR');
  const percent = numberOf('percent', values.percent);
  const perBuyer = values['per-buyer'] ?? '1';
  const result = couponIssueRequestSchema.safeParse({
    code,
    kind: percent === null ? 'flat' : 'percent',
    value: percent === null ? inMinor(numberOf('amount', values.amount)) : Math.round(percent * 100),
    currency,
    max_discount_minor: inMinor(numberOf('max-discount', values['max-discount'])),
    minimum_order_minor: inMinor(numberOf('min-order', values['min-order'])) ?? 0,
    usage_limit_per_buyer: perBuyer === 'unlimited' ? null : numberOf('per-buyer', perBuyer),
    usage_limit_total: numberOf('total', values.total),
    valid_days: numberOf('days', values.days),
    package_codes: values.packages
      ? values.packages
          .split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean)
      : null,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw usage(`${String(issue?.path[0] ?? 'code')}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/** Parses the words after `coupons`. */
export function parseCouponsCommand(argv: string[]): CouponsAction {
  const { positionals, values } = parseOptions(argv);
  const [verb, code, ...rest] = positionals;
  const bare = Object.keys(values).length === 0;
  if (values.help || rest.length > 0) throw usage();
  if (verb === 'list' && code === undefined && bare) return { kind: 'list' };
  if (!code) throw usage(verb === 'issue' || verb === 'revoke' ? 'Name the coupon code' : undefined);
  if (verb === 'revoke' && bare) {
    const input = couponRevokeRequestSchema.safeParse({ code });
    if (!input.success) throw usage(CODE_MESSAGE);
    return { kind: 'revoke', input: input.data };
  }
  if (verb === 'issue') return { kind: 'issue', input: parseIssue(code, values) };
  throw usage();
}

function statusOf(coupon: Coupon & { uses: number }, at: Date): ListedCoupon['status'] {
  if (!coupon.active) return 'revoked';
  if (coupon.validUntil && at >= coupon.validUntil) return 'expired';
  if (at < coupon.validFrom) return 'not yet active';
  if (coupon.usageLimitTotal !== null && coupon.uses >= coupon.usageLimitTotal) return 'used up';
  return 'active';
}

function listed(coupon: Coupon & { uses: number }, at: Date): ListedCoupon {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.value,
    currency: coupon.currency,
    max_discount_minor: coupon.maxDiscountMinor,
    minimum_order_minor: coupon.minimumOrderMinor,
    usage_limit_per_buyer: coupon.usageLimitPerBuyer,
    usage_limit_total: coupon.usageLimitTotal,
    uses: coupon.uses,
    valid_from: coupon.validFrom.toISOString(),
    valid_until: coupon.validUntil ? coupon.validUntil.toISOString() : null,
    package_codes: coupon.packageCodes,
    status: statusOf(coupon, at),
  };
}

/** The list as the operator endpoint answers it. */
export async function readCoupons(db: Database, at: Date): Promise<CouponListResponse> {
  return { coupons: (await listCoupons(db)).map((coupon) => listed(coupon, at)) };
}

/** Stores a new coupon valid from `at`; a taken code or an unknown package is an error the operator reads. */
export async function issueCoupon(db: Database, input: CouponIssueRequest, at: Date): Promise<ListedCoupon> {
  if (input.package_codes) {
    const known = await knownPackageCodes(db, input.package_codes);
    const unknown = input.package_codes.filter((code) => !known.has(code));
    if (unknown.length > 0) throw new HttpError(400, `No package ${unknown.join(', ')} in the catalogue`);
  }
  const row = await insertCoupon(db, {
    code: input.code,
    kind: input.kind,
    value: input.value,
    currency: input.currency,
    maxDiscountMinor: input.max_discount_minor,
    minimumOrderMinor: input.minimum_order_minor,
    validFrom: at,
    validUntil: input.valid_days === null ? null : new Date(at.getTime() + input.valid_days * 86_400_000),
    usageLimitPerBuyer: input.usage_limit_per_buyer,
    usageLimitTotal: input.usage_limit_total,
    packageCodes: input.package_codes,
  });
  if (!row) throw new HttpError(409, `The coupon ${input.code} exists already: choose another code`);
  return listed({ ...row, uses: 0 }, at);
}

/** Switches a coupon (or a referral code) off; an unknown code is an error the operator reads. */
export async function revokeCoupon(db: Database, input: CouponRevokeRequest): Promise<CouponRevokeResponse> {
  const revoked = await deactivateCode(db, input.code);
  if (!revoked) throw new HttpError(404, `No coupon or referral code ${input.code}`);
  return revoked;
}

function describeCoupon(c: ListedCoupon): string {
  const money = (amount: number) => formatMoney(amount, c.currency ?? 'INR');
  const discount =
    c.kind === 'percent'
      ? `${c.value / 100} %${c.max_discount_minor === null ? '' : ` (at most ${money(c.max_discount_minor)})`}${c.currency ? ` in ${c.currency}` : ''}`
      : `${money(c.value)} off`;
  return [
    c.code.padEnd(14),
    c.status.padEnd(14),
    discount,
    c.minimum_order_minor > 0 ? `orders from ${money(c.minimum_order_minor)}` : 'any order',
    `${c.usage_limit_per_buyer ?? 'any number'} per buyer`,
    `used ${c.uses}${c.usage_limit_total === null ? '' : ` of ${c.usage_limit_total}`}`,
    `from ${c.valid_from}${c.valid_until ? ` until ${c.valid_until}` : ''}`,
    c.package_codes ? `packages ${c.package_codes.join(',')}` : 'every package',
  ].join('  ');
}

export function describeCoupons({ coupons }: CouponListResponse): string {
  if (coupons.length === 0) return 'No coupons.';
  return [`${coupons.length} coupon(s):`, ...coupons.map(describeCoupon)].join('\n');
}

function describeRevoked(revoked: CouponRevokeResponse): string {
  return `The ${revoked.kind} ${revoked.code} is revoked: it is refused from now on.`;
}

export async function couponsViaServer(
  server: { host: string; port: number; token: string },
  action: CouponsAction,
): Promise<string> {
  if (action.kind === 'list') {
    return describeCoupons(couponListResponseSchema.parse(await operatorRequest(server, COUPONS_ADMIN_PATH)));
  }
  if (action.kind === 'revoke') {
    return describeRevoked(
      couponRevokeResponseSchema.parse(await operatorRequest(server, COUPONS_REVOKE_PATH, action.input)),
    );
  }
  const issued = listedCouponSchema.parse(await operatorRequest(server, COUPONS_ADMIN_PATH, action.input));
  return `Coupon issued: ${describeCoupon(issued)}`;
}

export async function couponsViaDatabase(db: Database, action: CouponsAction): Promise<string> {
  if (action.kind === 'list') return describeCoupons(await readCoupons(db, new Date()));
  if (action.kind === 'revoke') return describeRevoked(await revokeCoupon(db, action.input));
  return `Coupon issued: ${describeCoupon(await issueCoupon(db, action.input, new Date()))}`;
}
