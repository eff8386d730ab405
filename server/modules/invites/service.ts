import { createHash, randomInt } from 'node:crypto';
import type { OrderStatus } from '@contract/orders';
import { and, count, desc, eq, like, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type InviteCodeRow, inviteCodes, inviteCodeUses, orders } from '../../db/schema';

/*
 * Invite codes (spec §2: the licence and business-kit checkouts take an invite code only). An operator issues
 * them; the price estimate checks one as the buyer applies it, and order creation takes a use of it inside the
 * order's transaction. A use counts while its order is not cancelled, expired or refunded, so those give it back.
 */

export const INVITE_FIELD = 'invite_code';
/** Orders in these statuses hold no use of their invite code. */
const USE_RELEASED_STATUSES: OrderStatus[] = ['CANCELLED', 'EXPIRED', 'REFUND_PENDING', 'REFUNDED'];
/** No 0/O or 1/I: a code is read out and typed by people. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The code as the checkout sends it (trimmed, upper case): what is hashed. */
export function normaliseInviteCode(code: string): string {
  return code.trim().toUpperCase();
}

export function hashInviteCode(code: string): string {
  return createHash('sha256').update(normaliseInviteCode(code)).digest('hex');
}

/** A new code such as IBC-7KQ4-M9TX (40 bits of randomness). */
export function newInviteCode(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `IBC-${group()}-${group()}`;
}

/** One answer for every refused code: which of unknown, expired, revoked or used up would tell a real code apart. */
export const INVITE_REFUSED = 'This invite code is not valid: check it, or ask us for a new one';

export type InviteState = 'active' | 'revoked' | 'expired' | 'used up';
export type InviteCheck = { ok: true; invite: InviteCodeRow } | { ok: false; message: string };

/** Uses held by orders that still stand (neither cancelled nor expired). */
export async function countInviteUses(db: Executor, codeHash: string): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(inviteCodeUses)
    .innerJoin(orders, eq(orders.id, inviteCodeUses.orderId))
    .where(and(eq(inviteCodeUses.codeHash, codeHash), notInArray(orders.status, USE_RELEASED_STATUSES)));
  return row?.used ?? 0;
}

/** Whether a code can be used now; `lock` holds its row until the transaction ends (order creation). */
export async function checkInviteCode(
  db: Executor,
  code: string,
  at: Date,
  { lock = false }: { lock?: boolean } = {},
): Promise<InviteCheck> {
  const query = db
    .select()
    .from(inviteCodes)
    .where(eq(inviteCodes.codeHash, hashInviteCode(code)));
  const [invite] = lock ? await query.for('update') : await query;
  if (!invite || (await inviteState(db, invite, at)) !== 'active')
    return { ok: false, message: INVITE_REFUSED };
  return { ok: true, invite };
}

/** Whether an invite can be used at `at`; its uses are counted only when it has a limit. */
export async function inviteState(
  db: Executor,
  invite: InviteCodeRow,
  at: Date,
  uses?: number,
): Promise<InviteState> {
  if (!invite.active) return 'revoked';
  if (invite.expiresAt && invite.expiresAt <= at) return 'expired';
  if (invite.maxUses !== null && (uses ?? (await countInviteUses(db, invite.codeHash))) >= invite.maxUses) {
    return 'used up';
  }
  return 'active';
}

/** Inside the order's transaction, after the order row: the code's row locked, its limit counted, a use taken. */
export async function takeInviteUse(
  tx: Executor,
  input: { code: string; userId: string; orderId: string; at: Date },
): Promise<InviteCheck> {
  const checked = await checkInviteCode(tx, input.code, input.at, { lock: true });
  if (!checked.ok) return checked;
  await tx.insert(inviteCodeUses).values({
    codeHash: checked.invite.codeHash,
    userId: input.userId,
    orderId: input.orderId,
    usedAt: input.at,
  });
  return checked;
}

export interface IssueInviteInput {
  /** Who it is for: an e-mail address or a note. */
  issuedTo: string | null;
  /** Null: no limit. */
  maxUses: number | null;
  expiresAt: Date | null;
  /** A code of the operator's choosing; one is made up otherwise. */
  code?: string | undefined;
}

/** Stores a new invite code and answers it: the only time the code itself is seen. */
export async function issueInviteCode(db: Executor, input: IssueInviteInput, at: Date) {
  const code = normaliseInviteCode(input.code ?? newInviteCode());
  const [row] = await db
    .insert(inviteCodes)
    .values({
      codeHash: hashInviteCode(code),
      hint: code.slice(-4),
      issuedTo: input.issuedTo,
      maxUses: input.maxUses,
      expiresAt: input.expiresAt,
      createdAt: at,
    })
    .onConflictDoNothing({ target: inviteCodes.codeHash })
    .returning();
  if (!row) throw new Error('That invite code exists already: choose another');
  return { code, row };
}

/** Characters of its hash an invite is listed and revoked by: short to type, and no help in finding the code. */
export const INVITE_ID_LENGTH = 12;

export function inviteId(codeHash: string): string {
  return codeHash.slice(0, INVITE_ID_LENGTH);
}

export interface ListedInvite {
  invite: InviteCodeRow;
  /** Uses held by orders that still stand. */
  uses: number;
  state: InviteState;
}

/** Every invite, newest first, with the uses its standing orders hold: one query. */
export async function listInvites(db: Executor, at: Date): Promise<ListedInvite[]> {
  const rows = await db
    .select({
      invite: inviteCodes,
      uses: sql<number>`count(${orders.id}) filter (where ${notInArray(orders.status, USE_RELEASED_STATUSES)})`.mapWith(
        Number,
      ),
    })
    .from(inviteCodes)
    .leftJoin(inviteCodeUses, eq(inviteCodeUses.codeHash, inviteCodes.codeHash))
    .leftJoin(orders, eq(orders.id, inviteCodeUses.orderId))
    .groupBy(inviteCodes.codeHash)
    .orderBy(desc(inviteCodes.createdAt), inviteCodes.codeHash);
  const listed: ListedInvite[] = [];
  for (const row of rows) {
    listed.push({ ...row, state: await inviteState(db, row.invite, at, row.uses) });
  }
  return listed;
}

/**
 * Revokes an invite named by its code or by its listed id; orders that already hold a use keep it. Undefined
 * when neither names one.
 */
export async function revokeInvite(db: Executor, codeOrId: string): Promise<InviteCodeRow | undefined> {
  const id = codeOrId.trim().toLowerCase();
  const byId = new RegExp(`^[0-9a-f]{${INVITE_ID_LENGTH}}$`).test(id)
    ? await db
        .select({ codeHash: inviteCodes.codeHash })
        .from(inviteCodes)
        .where(like(inviteCodes.codeHash, `${id}%`))
    : [];
  const codeHash = byId.length === 1 && byId[0] ? byId[0].codeHash : hashInviteCode(codeOrId);
  const [row] = await db
    .update(inviteCodes)
    .set({ active: false })
    .where(eq(inviteCodes.codeHash, codeHash))
    .returning();
  return row;
}
