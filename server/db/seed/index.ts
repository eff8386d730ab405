import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '../schema';
import { seedMaintenance } from './maintenance';

type SeedDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * One step of the seed. Each step checks its own tables and inserts only what is
 * missing, so running the seed on every start is safe and a second start keeps the data.
 */
export interface SeedStep {
  name: string;
  run(db: SeedDatabase): Promise<void>;
}

/** The steps, in order. The catalogue, prices, stock and reference data join this list later. */
export const SEED_STEPS: readonly SeedStep[] = [{ name: 'maintenance', run: seedMaintenance }];

export async function seed(db: SeedDatabase): Promise<void> {
  for (const step of SEED_STEPS) {
    await step.run(db);
  }
}
