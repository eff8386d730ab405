import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteRowsBefore } from '../../db/retention';
import {
  authSessions,
  type OtpPurpose,
  oidcFlows,
  otpCodes,
  refreshTokens,
  type SessionRevokedReason,
  type SocialTicketRow,
  socialTickets,
  spentChallenges,
  userIdentities,
  users,
} from '../../db/schema';

/* One-time codes ------------------------------------------------------------------------------------------ */

export interface CodeSubject {
  purpose: OtpPurpose;
  subject: string;
}

/** The codes of one purpose and subject that can still be used. */
function liveCodesOf(input: CodeSubject) {
  return and(
    eq(otpCodes.purpose, input.purpose),
    eq(otpCodes.subject, input.subject),
    isNull(otpCodes.consumedAt),
  );
}

/** Serialises requests for the same subject across processes until the transaction ends. */
export async function lockCodeSubject(tx: Executor, input: CodeSubject): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${input.purpose}:${input.subject}`}, 0))`,
  );
}

/**
 * Whether a code goes to someone who has signed in before: a buyer's phone number, or for an e-mail code an
 * address verified on a buyer's account.
 */
export async function isKnownRecipient(tx: Executor, input: CodeSubject & { to: string }): Promise<boolean> {
  const known =
    input.purpose === 'phone_sign_in'
      ? eq(users.phoneE164, input.subject)
      : and(eq(sql`lower(${users.email})`, input.to.toLowerCase()), sql`${users.emailVerified}`);
  const [row] = await tx.select({ id: users.id }).from(users).where(known).limit(1);
  return row !== undefined;
}

/**
 * Records a solved challenge as spent; false when it already was (a replay). A concurrent spend of the same one
 * waits on the key and then finds it. Spent challenges past their expiry are dropped on the way.
 */
export async function spendChallenge(
  tx: Executor,
  challenge: { signature: string; expiresAt: Date },
  at: Date,
): Promise<boolean> {
  await tx.delete(spentChallenges).where(lt(spentChallenges.expiresAt, at));
  const inserted = await tx
    .insert(spentChallenges)
    .values(challenge)
    .onConflictDoNothing()
    .returning({ signature: spentChallenges.signature });
  return inserted.length === 1;
}

/** When the newest code of a subject was made, if any. */
export async function latestCodeCreatedAt(tx: Executor, input: CodeSubject): Promise<Date | undefined> {
  const [latest] = await tx
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.purpose, input.purpose), eq(otpCodes.subject, input.subject)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return latest?.createdAt;
}

/** Marks every live code of a subject used (a newer one supersedes them, or sending failed). */
export async function consumeLiveCodes(tx: Executor, input: CodeSubject, at: Date): Promise<void> {
  await tx.update(otpCodes).set({ consumedAt: at }).where(liveCodesOf(input));
}

export async function insertCode(
  tx: Executor,
  values: CodeSubject & { codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await tx.insert(otpCodes).values({ ...values, attempts: 0 });
}

export async function deleteCodesBefore(tx: Executor, input: CodeSubject, before: Date): Promise<void> {
  await tx
    .delete(otpCodes)
    .where(
      and(
        eq(otpCodes.purpose, input.purpose),
        eq(otpCodes.subject, input.subject),
        lt(otpCodes.createdAt, before),
      ),
    );
}

export async function latestCode(db: Executor, input: CodeSubject) {
  const [latest] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.purpose, input.purpose), eq(otpCodes.subject, input.subject)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  return latest;
}

/** Counts one try atomically; undefined when the code is used or out of tries. */
export async function countCodeAttempt(
  db: Executor,
  codeId: number,
  maxAttempts: number,
): Promise<number | undefined> {
  const [counted] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, codeId), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, maxAttempts)))
    .returning({ attempts: otpCodes.attempts });
  return counted?.attempts;
}

/**
 * Counts one wrong try atomically and remembers the wrong code's HMAC; undefined when the code is used, out of
 * tries, or this wrong code was already counted (a parallel duplicate).
 */
export async function countRefusedAttempt(
  db: Executor,
  codeId: number,
  maxAttempts: number,
  refusedHash: string,
): Promise<number | undefined> {
  const [counted] = await db
    .update(otpCodes)
    .set({
      attempts: sql`${otpCodes.attempts} + 1`,
      refusedHashes: sql`array_append(${otpCodes.refusedHashes}, ${refusedHash})`,
    })
    .where(
      and(
        eq(otpCodes.id, codeId),
        isNull(otpCodes.consumedAt),
        lt(otpCodes.attempts, maxAttempts),
        sql`not (${refusedHash} = any(${otpCodes.refusedHashes}))`,
      ),
    )
    .returning({ attempts: otpCodes.attempts });
  return counted?.attempts;
}

export async function killCode(db: Executor, codeId: number, at: Date): Promise<void> {
  await db.update(otpCodes).set({ consumedAt: at }).where(eq(otpCodes.id, codeId));
}

/** Uses a code up; false when another request used it first. */
export async function spendCode(db: Executor, codeId: number, at: Date): Promise<boolean> {
  const [used] = await db
    .update(otpCodes)
    .set({ consumedAt: at })
    .where(and(eq(otpCodes.id, codeId), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return used !== undefined;
}

/* Sessions and refresh tokens ----------------------------------------------------------------------------- */

export async function insertSession(
  db: Executor,
  values: typeof authSessions.$inferInsert,
  firstToken: Omit<typeof refreshTokens.$inferInsert, 'sessionId'>,
): Promise<void> {
  await db.insert(authSessions).values(values);
  await db.insert(refreshTokens).values({ ...firstToken, sessionId: values.id });
}

/** Revokes a live session; false when it was revoked already (or does not exist). */
export async function revokeSession(
  db: Executor,
  sessionId: string,
  reason: SessionRevokedReason,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.length > 0;
}

/** A refresh token by its hash, with its session. */
export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      tokenId: refreshTokens.id,
      usedAt: refreshTokens.usedAt,
      expiresAt: refreshTokens.expiresAt,
      sessionId: authSessions.id,
      userId: authSessions.userId,
      audience: authSessions.audience,
      revokedAt: authSessions.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * In one transaction: marks the presented token used (only if nobody did first), adds the next token of the
 * family and touches the session. False when another refresh used the token first.
 */
export async function rotateRefreshToken(
  db: Executor,
  input: { tokenId: number; sessionId: string; nextHash: string; at: Date; expiresAt: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(refreshTokens)
      .set({ usedAt: input.at })
      .where(and(eq(refreshTokens.id, input.tokenId), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (!used) return false;
    await tx.insert(refreshTokens).values({
      sessionId: input.sessionId,
      tokenHash: input.nextHash,
      createdAt: input.at,
      expiresAt: input.expiresAt,
    });
    await tx.update(authSessions).set({ lastUsedAt: input.at }).where(eq(authSessions.id, input.sessionId));
    return true;
  });
}

export async function sessionOfRefreshTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row?.sessionId;
}

export async function findSession(db: Executor, sessionId: string) {
  const [session] = await db
    .select({ userId: authSessions.userId, revokedAt: authSessions.revokedAt })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  return session;
}

/* OpenID Connect flows, social tickets and linked identities ---------------------------------------------- */

export async function insertFlow(db: Executor, values: typeof oidcFlows.$inferInsert): Promise<void> {
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, values.createdAt));
  await db.insert(oidcFlows).values(values);
}

/** Claims a live flow by its state's hash (single use); undefined when expired, used or unknown. */
export async function claimFlow(db: Executor, stateHash: string, at: Date) {
  const [flow] = await db
    .update(oidcFlows)
    .set({ consumedAt: at })
    .where(and(eq(oidcFlows.stateHash, stateHash), isNull(oidcFlows.consumedAt), gt(oidcFlows.expiresAt, at)))
    .returning();
  return flow;
}

export async function insertTicket(db: Executor, values: typeof socialTickets.$inferInsert): Promise<void> {
  await db.delete(socialTickets).where(lt(socialTickets.expiresAt, values.createdAt));
  await db.insert(socialTickets).values(values);
}

/** A live, unused ticket by its hash. */
export async function findLiveTicket(
  db: Executor,
  ticketHash: string,
  at: Date,
): Promise<SocialTicketRow | undefined> {
  const [row] = await db
    .select()
    .from(socialTickets)
    .where(
      and(
        eq(socialTickets.ticketHash, ticketHash),
        isNull(socialTickets.consumedAt),
        gt(socialTickets.expiresAt, at),
      ),
    )
    .limit(1);
  return row;
}

/** Uses a ticket up; false when another request used it first. */
export async function consumeTicket(db: Executor, ticketHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(socialTickets)
    .set({ consumedAt: at })
    .where(and(eq(socialTickets.ticketHash, ticketHash), isNull(socialTickets.consumedAt)))
    .returning({ ticketHash: socialTickets.ticketHash });
  return rows.length > 0;
}

export async function findLinkedUser(
  db: Executor,
  issuer: string,
  subject: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.userId;
}

/** Links an identity; false when it (or another of the issuer for this buyer) is linked already. */
export async function insertIdentity(
  db: Executor,
  values: typeof userIdentities.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(userIdentities)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  return inserted.length > 0;
}

/* Retention ---------------------------------------------------------------------------------------------- */

/** Deletes one-time codes, OpenID Connect flows and social tickets that expired before `cutoff`; how many went. */
export async function deleteSpentCodesBefore(db: Executor, cutoff: Date): Promise<number> {
  const codes = await deleteRowsBefore(
    db,
    otpCodes,
    { id: otpCodes.id, stampedAt: otpCodes.expiresAt },
    cutoff,
  );
  const flows = await deleteRowsBefore(
    db,
    oidcFlows,
    { id: oidcFlows.stateHash, stampedAt: oidcFlows.expiresAt },
    cutoff,
  );
  const tickets = await deleteRowsBefore(
    db,
    socialTickets,
    { id: socialTickets.ticketHash, stampedAt: socialTickets.expiresAt },
    cutoff,
  );
  return codes + flows + tickets;
}
