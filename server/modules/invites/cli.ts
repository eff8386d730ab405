import { parseArgs } from 'node:util';
import { DISCOUNT_CODE_MAX_LENGTH } from '@contract/pricing';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { operatorRequest } from '../../runtime';
import { issueInviteCode } from './service';

// `npm run shop -- invites …`: the operator's invite commands (server/cli.ts dispatches here).
export const INVITES_USAGE = `  npm run shop -- invites issue [--email ADDRESS] [--uses N | --unlimited] [--days N] [--code CODE]
      (a code for the business licence and kit checkouts; one use and no expiry unless told)`;

export class InvitesUsageError extends Error {}

export const inviteIssueRequestSchema = z.object({
  issued_to: z.string().trim().min(1).max(200).nullable(),
  /** Orders it may hold at once; null: no limit. */
  max_uses: z.number().int().positive().max(1_000_000).nullable(),
  /** Days until it expires; null: never. */
  valid_days: z.number().int().positive().max(3650).nullable(),
  code: z
    .string()
    .trim()
    .min(6, 'An invite code has 6 to 32 letters, digits, _ or -')
    .max(DISCOUNT_CODE_MAX_LENGTH, 'An invite code has 6 to 32 letters, digits, _ or -')
    .regex(/^[A-Za-z0-9_-]+$/, 'An invite code has 6 to 32 letters, digits, _ or -')
    .nullable(),
});
export const inviteIssueResponseSchema = z.object({
  code: z.string(),
  issued_to: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  expires_at: z.string().nullable(),
});
export type InviteIssueRequest = z.infer<typeof inviteIssueRequestSchema>;
export type InviteIssueResponse = z.infer<typeof inviteIssueResponseSchema>;

export const INVITES_ADMIN_PATH = '/api/commerce/admin/invites/v1/';

function usage(message?: string): InvitesUsageError {
  return new InvitesUsageError(`${message ? `${message}\n` : ''}Usage:\n${INVITES_USAGE}`);
}

function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        uses: { type: 'string' },
        unlimited: { type: 'boolean' },
        days: { type: 'string' },
        code: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // An unknown option or a missing value.
    throw usage((error as Error).message);
  }
}

/** Parses the words after `invites`. */
export function parseInvitesCommand(argv: string[]): InviteIssueRequest {
  const { positionals, values } = parseOptions(argv);
  if (values.help || positionals[0] !== 'issue' || positionals.length > 1) throw usage();
  if (values.unlimited && values.uses !== undefined) throw usage('Give --uses or --unlimited, not both');
  const whole = (text: string | undefined) => (text === undefined ? null : Number(text));
  const result = inviteIssueRequestSchema.safeParse({
    issued_to: values.email ?? null,
    max_uses: values.unlimited ? null : (whole(values.uses) ?? 1),
    valid_days: whole(values.days),
    code: values.code ?? null,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw usage(
      `--${String(issue?.path[0] ?? 'uses')
        .replace('max_', '')
        .replace('valid_', '')}: ${issue?.message}`,
    );
  }
  return result.data;
}

export function describeInvite(result: InviteIssueResponse): string {
  const uses = result.max_uses === null ? 'unlimited uses' : `${result.max_uses} use(s)`;
  const until = result.expires_at ? `valid until ${result.expires_at}` : 'no expiry';
  const to = result.issued_to ? ` for ${result.issued_to}` : '';
  return `Invite code ${result.code}${to}: ${uses}, ${until}. It is shown only now: pass it on.`;
}

/** Issues the code through `db` (the server's operator route and the CLI without a server both come here). */
export async function issueInvite(
  db: Database,
  input: InviteIssueRequest,
  at: Date,
): Promise<InviteIssueResponse> {
  const expiresAt = input.valid_days === null ? null : new Date(at.getTime() + input.valid_days * 86_400_000);
  const { code, row } = await issueInviteCode(
    db,
    { issuedTo: input.issued_to, maxUses: input.max_uses, expiresAt, code: input.code ?? undefined },
    at,
  );
  return {
    code,
    issued_to: row.issuedTo,
    max_uses: row.maxUses,
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}

export async function invitesViaServer(
  server: { host: string; port: number; token: string },
  input: InviteIssueRequest,
): Promise<string> {
  return describeInvite(
    inviteIssueResponseSchema.parse(await operatorRequest(server, INVITES_ADMIN_PATH, input)),
  );
}

export async function invitesViaDatabase(db: Database, input: InviteIssueRequest): Promise<string> {
  return describeInvite(await issueInvite(db, input, new Date()));
}
