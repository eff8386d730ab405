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
  run(db: SeedDatabase): Promise<void>;
}

/** The steps, in order. Reference data (states, pickup locations, coupons) joins this list later. */
export const SEED_STEPS: readonly SeedStep[] = [
  { name: 'maintenance', run: seedMaintenance },
  { name: 'catalogue', run: (db) => seedCatalogue(db) },
  { name: 'india', run: seedIndia },
  { name: 'places', run: seedPlaces },
  { name: 'coupons', run: seedCoupons },
  { name: 'invites', run: seedInvites },
  { name: 'game keys', run: seedGameKeys },
];

export async function seed(db: SeedDatabase): Promise<void> {
  for (const step of SEED_STEPS) {
    await step.run(db);
  }
}
