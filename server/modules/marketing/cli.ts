import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { operatorRequest } from '../../runtime';
import { listMarketingPushes } from './repo';

// `npm run shop -- marketing pushes …`: what the marketing service stored, newest first (server/cli.ts dispatches here).
export const MARKETING_USAGE = `  npm run shop -- marketing pushes [--kind event|user|anonymous_user] [--name EVENT] [--limit N]
      (the stored pushes, newest first, one JSON line each; 50 unless told, at most 1000)`;

export class MarketingUsageError extends Error {}

export const PUSH_KINDS = ['event', 'user', 'anonymous_user'] as const;

export const marketingPushesQuerySchema = z.object({
  kind: z.enum(PUSH_KINDS).optional(),
  name: z.string().trim().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});
export type MarketingPushesQuery = z.infer<typeof marketingPushesQuerySchema>;

export const marketingPushesResponseSchema = z.object({
  pushes: z.array(
    z.object({
      kind: z.enum(PUSH_KINDS),
      name: z.string().nullable(),
      user_id: z.string().nullable(),
      anonymous_id: z.string().nullable(),
      data: z.record(z.string(), z.unknown()),
      occurred_at: z.string(),
      received_at: z.string(),
      /** The outbox's Idempotency-Key it was stored under; null for a push sent without one. */
      idempotency_key: z.string().nullable(),
    }),
  ),
});
export type MarketingPushesResponse = z.infer<typeof marketingPushesResponseSchema>;

export const MARKETING_ADMIN_PATH = '/api/marketing/admin/pushes/v1/';

function usage(message?: string): MarketingUsageError {
  return new MarketingUsageError(`${message ? `${message}\n` : ''}Usage:\n${MARKETING_USAGE}`);
}

/** Parses the words after `marketing`. */
export function parseMarketingCommand(argv: string[]): MarketingPushesQuery {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        kind: { type: 'string' },
        name: { type: 'string' },
        limit: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw usage((error as Error).message);
  }
  const { positionals, values } = parsed;
  if (values.help || positionals[0] !== 'pushes' || positionals.length > 1) throw usage();
  const result = marketingPushesQuerySchema.safeParse({
    kind: values.kind,
    name: values.name,
    limit: values.limit,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw usage(`--${String(issue?.path[0] ?? 'limit')}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/** The stored pushes as the operator endpoint answers them. */
export async function readMarketingPushes(
  db: Database,
  query: MarketingPushesQuery,
): Promise<MarketingPushesResponse> {
  const rows = await listMarketingPushes(db, query);
  return {
    pushes: rows.map((row) => ({
      kind: row.kind,
      name: row.name,
      user_id: row.userId,
      anonymous_id: row.anonymousId,
      data: row.data as Record<string, unknown>,
      occurred_at: row.occurredAt.toISOString(),
      received_at: row.receivedAt.toISOString(),
      idempotency_key: row.idempotencyKey,
    })),
  };
}

export function describePushes({ pushes }: MarketingPushesResponse): string {
  if (pushes.length === 0) return 'No pushes stored.';
  return pushes.map((push) => JSON.stringify(push)).join('\n');
}

function queryString(query: MarketingPushesQuery): string {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.kind) params.set('kind', query.kind);
  if (query.name) params.set('name', query.name);
  return `?${params}`;
}

export async function marketingViaServer(
  server: { host: string; port: number; token: string },
  query: MarketingPushesQuery,
): Promise<string> {
  const answer = await operatorRequest(server, `${MARKETING_ADMIN_PATH}${queryString(query)}`);
  return describePushes(marketingPushesResponseSchema.parse(answer));
}

export async function marketingViaDatabase(db: Database, query: MarketingPushesQuery): Promise<string> {
  return describePushes(await readMarketingPushes(db, query));
}
