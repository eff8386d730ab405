import { parseArgs } from 'node:util';
import { DISCOUNT_CODE_MAX_LENGTH } from '@contract/pricing';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import { operatorRequest } from '../../runtime';
import { inviteId, issueInviteCode, type ListedInvite, listInvites, revokeInvite } from './service';

// `npm run shop -- invites …`: the operator's invite commands (server/cli.ts dispatches here).
export const INVITES_USAGE = `  npm run shop -- invites issue [--email ADDRESS] [--uses N | --unlimited] [--days N] [--code CODE]
      (a code for the business licence and kit checkouts; one use and no expiry unless told)
  npm run shop -- invites list   (each code's id, whom it was issued to, uses, expiry and status; never the code)
  npm run shop -- invites revoke <CODE or ID>   (refused from then on; orders already placed keep their use)`;

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

const listedInviteSchema = z.object({
  /** The start of the code's hash: what `invites revoke` takes besides the code. */
  id: z.string(),
  /** The code's last characters. */
  hint: z.string(),
  issued_to: z.string().nullable(),
  uses: z.number().int(),
  max_uses: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(['active', 'revoked', 'expired', 'used up']),
});
export const inviteListResponseSchema = z.object({ invites: z.array(listedInviteSchema) });
export const inviteRevokeRequestSchema = z.object({
  code_or_id: z.string().trim().min(1).max(DISCOUNT_CODE_MAX_LENGTH),
});
export const inviteRevokeResponseSchema = listedInviteSchema.pick({ id: true, hint: true, issued_to: true });
export type InviteListResponse = z.infer<typeof inviteListResponseSchema>;
export type InviteRevokeRequest = z.infer<typeof inviteRevokeRequestSchema>;
export type InviteRevokeResponse = z.infer<typeof inviteRevokeResponseSchema>;

export type InvitesAction =
  | { kind: 'issue'; input: InviteIssueRequest }
  | { kind: 'list' }
  | { kind: 'revoke'; input: InviteRevokeRequest };

export const INVITES_ADMIN_PATH = '/api/commerce/admin/invites/v1/';
export const INVITES_REVOKE_PATH = '/api/commerce/admin/invites/revoke/v1/';

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
export function parseInvitesCommand(argv: string[]): InvitesAction {
  const { positionals, values } = parseOptions(argv);
  const [verb, ...rest] = positionals;
  const bare = Object.keys(values).length === 0;
  if (bare && verb === 'list' && rest.length === 0) return { kind: 'list' };
  if (bare && verb === 'revoke' && rest.length === 1) {
    const input = inviteRevokeRequestSchema.safeParse({ code_or_id: rest[0] });
    if (!input.success) throw usage('Name the invite code, or its id from invites list');
    return { kind: 'revoke', input: input.data };
  }
  if (values.help || verb !== 'issue' || rest.length > 0) throw usage();
  return { kind: 'issue', input: parseIssue(values) };
}

function parseIssue(values: ReturnType<typeof parseOptions>['values']): InviteIssueRequest {
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

function listed({ invite, uses, state }: ListedInvite): InviteListResponse['invites'][number] {
  return {
    id: inviteId(invite.codeHash),
    hint: invite.hint,
    issued_to: invite.issuedTo,
    uses,
    max_uses: invite.maxUses,
    expires_at: invite.expiresAt ? invite.expiresAt.toISOString() : null,
    created_at: invite.createdAt.toISOString(),
    status: state,
  };
}

/** The list as the operator endpoint answers it. */
export async function readInvites(db: Database, at: Date): Promise<InviteListResponse> {
  return { invites: (await listInvites(db, at)).map(listed) };
}

/** Revokes through `db`; an unknown code or id is an error the operator reads. */
export async function revokeInviteBy(
  db: Database,
  input: InviteRevokeRequest,
): Promise<InviteRevokeResponse> {
  const row = await revokeInvite(db, input.code_or_id);
  if (!row)
    throw new HttpError(404, `No invite code or id ${input.code_or_id}: see npm run shop -- invites list`);
  return { id: inviteId(row.codeHash), hint: row.hint, issued_to: row.issuedTo };
}

export function describeInvites({ invites }: InviteListResponse): string {
  if (invites.length === 0) return 'No invite codes.';
  const lines = invites.map((i) =>
    [
      i.id,
      `…${i.hint}`.padEnd(6),
      i.status.padEnd(7),
      `${i.uses}/${i.max_uses ?? '∞'} uses`.padEnd(10),
      (i.expires_at ? `until ${i.expires_at}` : 'no expiry').padEnd(36),
      i.issued_to ?? '-',
    ].join('  '),
  );
  return [
    `${invites.length} invite code(s), newest first (id, last characters, status, uses, expiry, for):`,
    ...lines,
  ].join('\n');
}

export function describeRevokedInvite(result: InviteRevokeResponse): string {
  const to = result.issued_to ? ` (for ${result.issued_to})` : '';
  return `Invite ${result.id} …${result.hint}${to} revoked: it is refused from now on.`;
}

export async function invitesViaServer(
  server: { host: string; port: number; token: string },
  action: InvitesAction,
): Promise<string> {
  if (action.kind === 'list') {
    return describeInvites(inviteListResponseSchema.parse(await operatorRequest(server, INVITES_ADMIN_PATH)));
  }
  if (action.kind === 'revoke') {
    return describeRevokedInvite(
      inviteRevokeResponseSchema.parse(await operatorRequest(server, INVITES_REVOKE_PATH, action.input)),
    );
  }
  return describeInvite(
    inviteIssueResponseSchema.parse(await operatorRequest(server, INVITES_ADMIN_PATH, action.input)),
  );
}

export async function invitesViaDatabase(db: Database, action: InvitesAction): Promise<string> {
  if (action.kind === 'list') return describeInvites(await readInvites(db, new Date()));
  if (action.kind === 'revoke') return describeRevokedInvite(await revokeInviteBy(db, action.input));
  return describeInvite(await issueInvite(db, action.input, new Date()));
}
