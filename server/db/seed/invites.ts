import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { hashInviteCode } from '../../modules/invites/service';
import * as schema from '../schema';

type SeedDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Demo invite codes for the licence and business-kit checkouts (README): open, one use, and an expired one. */
export const SEED_INVITE_CODES: readonly {
  code: string;
  issuedTo: string;
  maxUses: number | null;
  expiresAt: Date | null;
}[] = [
  { code: 'BUSINESS-DEMO', issuedTo: 'demo: any number of orders', maxUses: null, expiresAt: null },
  { code: 'BUSINESS-ONCE', issuedTo: 'demo: one order at a time', maxUses: 1, expiresAt: null },
  {
    code: 'BUSINESS-2024',
    issuedTo: 'demo: expired',
    maxUses: null,
    expiresAt: new Date('2025-01-01T00:00:00+05:30'),
  },
];

/** Inserts the codes that are missing; an operator's change to a seeded code is kept. */
export async function seedInvites(db: SeedDatabase): Promise<void> {
  await db
    .insert(schema.inviteCodes)
    .values(
      SEED_INVITE_CODES.map((invite) => ({
        codeHash: hashInviteCode(invite.code),
        hint: invite.code.slice(-4),
        issuedTo: invite.issuedTo,
        maxUses: invite.maxUses,
        expiresAt: invite.expiresAt,
      })),
    )
    .onConflictDoNothing({ target: schema.inviteCodes.codeHash });
}
