import type { TokenSetName } from '@contract/tokens';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './user';

/** What a one-time code proves. */
export type OtpPurpose = 'phone_sign_in' | 'email_verification';
export type SessionRevokedReason = 'logout' | 'reuse' | 'admin';

/**
 * A one-time code (phone sign-in or e-mail verification). Only its HMAC is kept. A new code for the same
 * subject supersedes the old one; `attempts` counts tries, and the code dies at the limit.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').$type<OtpPurpose>().notNull(),
    /** What the code proves: the E.164 phone number, or "<user id>:<lower-cased e-mail>". */
    subject: text('subject').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** HMACs of the wrong codes already tried: the same wrong code again is refused without using up a try. */
    refusedHashes: text('refused_hashes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** Set when used, superseded by a newer code, or dead after too many tries. */
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    index('otp_codes_subject_idx').on(t.purpose, t.subject, t.createdAt),
    check('otp_codes_purpose', sql`${t.purpose} in ('phone_sign_in', 'email_verification')`),
  ],
);

/** Fixed-window counters shared by every API process: one row per key and window. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Proof-of-work challenges already solved: each admits one code, until it expires (then it is deleted). */
export const spentChallenges = pgTable(
  'spent_challenges',
  {
    signature: text('signature').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('spent_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * A refresh-token family: one sign-in on one device for one token set. Revoking it ends the session, and the
 * access tokens that carry its id stop working at the next request.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The token set of spec §6: main, business or forms. */
    audience: text('audience').$type<TokenSetName>().notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** logout, reuse (a rotated refresh token came back) or admin. */
    revokedReason: text('revoked_reason').$type<SessionRevokedReason>(),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    check('auth_sessions_audience', sql`${t.audience} in ('main', 'business', 'forms')`),
  ],
);

/** A refresh token (its HMAC). Each refresh marks the presented token used and issues the next in the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** An OpenID Connect identity (issuer + subject) linked to a buyer. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_idx').on(t.issuer, t.subject),
    uniqueIndex('user_identities_user_issuer_idx').on(t.userId, t.issuer),
  ],
);

/**
 * A started authorization-code flow: state (hashed), the PKCE verifier and nonce, and a browser-binding
 * secret (hashed). Single use, 10 minutes.
 */
export const oidcFlows = pgTable('oidc_flows', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  flowTokenHash: text('flow_token_hash').notNull(),
  /** The signed-in buyer who started it (linking), if any. */
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

/**
 * A verified identity waiting to be used: /token/v1/ makes one after checking the id_token; /login/v1/ or the
 * phone verification with a social ticket uses it up. Hashed, 15 minutes.
 */
export const socialTickets = pgTable('social_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email'),
  emailVerified: boolean('email_verified').notNull().default(false),
  name: text('name'),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

export type OtpCodeRow = typeof otpCodes.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;
export type SocialTicketRow = typeof socialTickets.$inferSelect;
