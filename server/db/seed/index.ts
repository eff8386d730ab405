import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '../schema';
import { seedCatalogue } from './catalogue';
import { seedCoupons } from './coupons';
import { seedGameKeys } from './game-keys';
import { seedIndia } from './india';
import { seedInvites } from './invites';
import { seedMaintenance } from './maintenance';
import { seedPlaces } from './places';

type SeedDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * One step of the seed. Each step checks its own tables and inserts only what is
 * missing, so running the seed on every start is safe and a second start keeps the data.
 */
export interface SeedStep {
  name: string;
  /** The README's demo codes: anyone can read them, so a production database never gets them. */
  demo?: boolean;
  run(db: SeedDatabase): Promise<void>;
}

export interface SeedOptions {
  /** Whether the demo invite, coupon and referral codes are seeded: everywhere but production. */
  demoCodes: boolean;
}

/** The steps, in order. Reference data (states, pickup locations, coupons) joins this list later. */
export const SEED_STEPS: readonly SeedStep[] = [
  { name: 'maintenance', run: seedMaintenance },
  { name: 'catalogue', run: (db) => seedCatalogue(db) },
  { name: 'india', run: seedIndia },
  { name: 'places', run: seedPlaces },
  { name: 'coupons', demo: true, run: seedCoupons },
  { name: 'invites', demo: true, run: seedInvites },
  { name: 'game keys', run: seedGameKeys },
];

/** What a server started with NODE_ENV seeds. */
export function seedOptionsFor(nodeEnv: string | undefined): SeedOptions {
  return { demoCodes: nodeEnv !== 'production' };
}

export async function seed(db: SeedDatabase, options: SeedOptions = { demoCodes: true }): Promise<void> {
  for (const step of SEED_STEPS) {
    if (step.demo && !options.demoCodes) continue;
    await step.run(db);
  }
}
