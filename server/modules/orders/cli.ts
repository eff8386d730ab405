import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { operatorRequest } from '../../runtime';
import { addGameKeys, countFreeGameKeys } from './repo';

// `npm run shop -- orders …`: the operator's order commands (server/cli.ts dispatches here).
export const ORDERS_USAGE = `  npm run shop -- orders add-game-keys <PRODUCT_CODE> <KEY> [<KEY> …]
  npm run shop -- orders add-game-keys <PRODUCT_CODE> --file keys.txt   (one key per line)`;

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

export const GAME_KEYS_ADMIN_PATH = '/api/commerce/admin/game_keys/v1/';

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
): GameKeysRequest {
  const parsed = parseOptions(argv);
  const [verb, code, ...keys] = parsed.positionals;
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
  return result.data;
}

export function describeGameKeys(result: GameKeysResponse): string {
  return `${result.added} key(s) added to ${result.product_code}; ${result.free} free`;
}

export async function ordersViaServer(
  server: { host: string; port: number; token: string },
  input: GameKeysRequest,
): Promise<string> {
  return describeGameKeys(
    gameKeysResponseSchema.parse(await operatorRequest(server, GAME_KEYS_ADMIN_PATH, input)),
  );
}

export async function ordersViaDatabase(db: Database, input: GameKeysRequest): Promise<string> {
  const added = await addGameKeys(db, input.product_code, input.keys);
  return describeGameKeys({
    product_code: input.product_code,
    added,
    free: await countFreeGameKeys(db, input.product_code),
  });
}
