import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatMoney, toMajor, toMinor } from '@contract/money';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { operatorRequest } from '../../runtime';
import { addGameKeys, countFreeGameKeys, listRefunds } from './repo';
import { customerOrderId } from './wire';

// `npm run shop -- orders …`: the operator's order commands (server/cli.ts dispatches here).
export const ORDERS_USAGE = `  npm run shop -- orders add-game-keys <PRODUCT_CODE> <KEY> [<KEY> …]
  npm run shop -- orders add-game-keys <PRODUCT_CODE> --file keys.txt   (one key per line)
  npm run shop -- orders refunds   (payments on cancelled or expired orders: refunded, owed, or left to a person)`;

export class OrdersUsageError extends Error {}

export const gameKeysRequestSchema = z.object({
  product_code: z.string().trim().min(1).max(64),
  keys: z.array(z.string().trim().min(4).max(128)).min(1).max(10_000),
});
export const gameKeysResponseSchema = z.object({
  product_code: z.string(),
  added: z.number().int(),
  free: z.number().int(),
});
export type GameKeysRequest = z.infer<typeof gameKeysRequestSchema>;
export type GameKeysResponse = z.infer<typeof gameKeysResponseSchema>;

export const refundsResponseSchema = z.object({
  refunds: z.array(
    z.object({
      order_id: z.string(),
      customer_order_id: z.string(),
      order_status: z.enum(['REFUND_PENDING', 'REFUNDED']),
      /** Major units, as money travels on the wire. */
      total_amount: z.number().nonnegative(),
      currency: z.enum(['INR', 'USD']),
      provider_payment_id: z.string().nullable(),
      refund_id: z.string().nullable(),
      /** Refund requests made to the provider so far, and the last refusal's words. */
      refund_attempts: z.number().int().nonnegative(),
      last_error: z.string().nullable(),
      /** The provider refused every attempt: a person must refund it by hand. */
      needs_person: z.boolean(),
      updated_at: z.string(),
    }),
  ),
});
export type RefundsResponse = z.infer<typeof refundsResponseSchema>;

export type OrdersAction = { kind: 'add-game-keys'; input: GameKeysRequest } | { kind: 'refunds' };

export const GAME_KEYS_ADMIN_PATH = '/api/commerce/admin/game_keys/v1/';
export const REFUNDS_ADMIN_PATH = '/api/commerce/admin/refunds/v1/';

function usage(message?: string): OrdersUsageError {
  return new OrdersUsageError(`${message ? `${message}\n` : ''}Usage:\n${ORDERS_USAGE}`);
}

function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: { file: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    // An unknown option or a missing value.
    throw usage((error as Error).message);
  }
}

/** Parses the words after `orders`; `readFile` is the file reader (tests pass their own). */
export function parseOrdersCommand(
  argv: string[],
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): OrdersAction {
  const parsed = parseOptions(argv);
  const [verb, code, ...keys] = parsed.positionals;
  if (!parsed.values.help && verb === 'refunds' && code === undefined) return { kind: 'refunds' };
  if (parsed.values.help || verb !== 'add-game-keys') throw usage();
  if (!code) throw usage('Name the game product code');
  const fromFile = parsed.values.file
    ? readFile(parsed.values.file)
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : [];
  const result = gameKeysRequestSchema.safeParse({ product_code: code, keys: [...keys, ...fromFile] });
  if (!result.success) throw usage(`keys: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return { kind: 'add-game-keys', input: result.data };
}

export function describeRefunds({ refunds }: RefundsResponse): string {
  if (refunds.length === 0) return 'No payments on cancelled or expired orders to refund.';
  const lines = refunds.map((r) =>
    [
      r.customer_order_id,
      (r.needs_person ? 'NEEDS A PERSON' : r.order_status).padEnd(14),
      formatMoney(toMinor(r.total_amount, r.currency), r.currency).padStart(10),
      r.provider_payment_id ?? '-',
      r.refund_id ?? '(not accepted yet)',
      `${r.refund_attempts} attempt(s)`,
      r.updated_at,
      ...(r.last_error && r.order_status !== 'REFUNDED' ? [`last error: ${r.last_error}`] : []),
    ].join('  '),
  );
  const stuck = refunds.filter((r) => r.needs_person).length;
  return [
    `${refunds.length} payment(s) on cancelled or expired orders, refunded or to refund:`,
    ...(stuck > 0
      ? [`${stuck} need a person: the provider refused every refund attempt; refund them by hand.`]
      : []),
    ...lines,
  ].join('\n');
}

export function describeGameKeys(result: GameKeysResponse): string {
  return `${result.added} key(s) added to ${result.product_code}; ${result.free} free`;
}

export async function ordersViaServer(
  server: { host: string; port: number; token: string },
  action: OrdersAction,
): Promise<string> {
  if (action.kind === 'refunds') {
    return describeRefunds(refundsResponseSchema.parse(await operatorRequest(server, REFUNDS_ADMIN_PATH)));
  }
  return describeGameKeys(
    gameKeysResponseSchema.parse(await operatorRequest(server, GAME_KEYS_ADMIN_PATH, action.input)),
  );
}

/** The refunds list as the operator endpoint answers it. */
export async function readRefunds(db: Database): Promise<RefundsResponse> {
  const rows = await listRefunds(db, 200);
  return {
    refunds: rows.map((row) => ({
      order_id: row.id,
      customer_order_id: customerOrderId(row.number),
      order_status: row.status as 'REFUND_PENDING' | 'REFUNDED',
      total_amount: toMajor(row.totalMinor, row.currency),
      currency: row.currency,
      provider_payment_id: row.providerPaymentId,
      refund_id: row.refundId,
      refund_attempts: row.refundAttempts,
      last_error: row.refundLastError,
      needs_person: row.status === 'REFUND_PENDING' && row.refundGaveUpAt !== null,
      updated_at: row.updatedAt.toISOString(),
    })),
  };
}

export async function ordersViaDatabase(db: Database, action: OrdersAction): Promise<string> {
  if (action.kind === 'refunds') return describeRefunds(await readRefunds(db));
  const input = action.input;
  const added = await addGameKeys(db, input.product_code, input.keys);
  return describeGameKeys({
    product_code: input.product_code,
    added,
    free: await countFreeGameKeys(db, input.product_code),
  });
}
