import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../schema';

type SeedDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Demo coupons (DESIGN.md §6): a percent one, a flat one, an expired one, one for USD orders, one for bats. */
export const SEED_COUPONS: (typeof schema.coupons.$inferInsert)[] = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    value: 1_000,
    currency: 'INR',
    maxDiscountMinor: 500_000,
    minimumOrderMinor: 100_000,
    validFrom: new Date('2025-01-01T00:00:00+05:30'),
    validUntil: null,
    usageLimitPerBuyer: 1,
    usageLimitTotal: null,
    packageCodes: null,
  },
  {
    code: 'FLAT500',
    kind: 'flat',
    value: 50_000,
    currency: 'INR',
    minimumOrderMinor: 500_000,
    validFrom: new Date('2025-01-01T00:00:00+05:30'),
    validUntil: null,
    usageLimitPerBuyer: 2,
    usageLimitTotal: 10_000,
    packageCodes: null,
  },
  {
    code: 'DIWALI2024',
    kind: 'percent',
    value: 1_500,
    currency: 'INR',
    minimumOrderMinor: 0,
    validFrom: new Date('2024-10-20T00:00:00+05:30'),
    validUntil: new Date('2024-11-05T00:00:00+05:30'),
    usageLimitPerBuyer: 1,
    usageLimitTotal: null,
    packageCodes: null,
  },
  {
    code: 'WORLD20',
    kind: 'flat',
    value: 2_000,
    currency: 'USD',
    minimumOrderMinor: 20_000,
    validFrom: new Date('2025-01-01T00:00:00Z'),
    validUntil: null,
    usageLimitPerBuyer: 1,
    usageLimitTotal: null,
    packageCodes: null,
  },
  {
    code: 'BATFAN5',
    kind: 'percent',
    value: 500,
    currency: null,
    minimumOrderMinor: 0,
    validFrom: new Date('2025-01-01T00:00:00Z'),
    validUntil: null,
    usageLimitPerBuyer: null,
    usageLimitTotal: null,
    packageCodes: ['BAT', 'GAME_PLUS_BAT'],
  },
];

/** Demo associate (referral) codes: each gives the buyer the association discount. */
export const SEED_ASSOCIATE_CODES: (typeof schema.associateCodes.$inferInsert)[] = [
  { code: 'CLUB-RAHUL', associateName: 'Rahul Dravid Cricket Club', discountBp: 500, maxDiscountMinor: null },
  {
    code: 'ACADEMY-MEERA',
    associateName: 'Meera Cricket Academy',
    discountBp: 300,
    maxDiscountMinor: 300_000,
  },
  { code: 'CLUB-OLD', associateName: 'A club no longer with us', discountBp: 500, active: false },
];

/** Inserts the codes that are missing; an operator's change to a seeded code is kept. */
export async function seedCoupons(db: SeedDatabase): Promise<void> {
  await db.insert(schema.coupons).values(SEED_COUPONS).onConflictDoNothing({ target: schema.coupons.code });
  await db
    .insert(schema.associateCodes)
    .values(SEED_ASSOCIATE_CODES)
    .onConflictDoNothing({ target: schema.associateCodes.code });
}
