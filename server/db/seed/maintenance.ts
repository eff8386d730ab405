import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../schema';

/** The shop starts "working": the single maintenance row, switched off. */
export async function seedMaintenance(db: PgDatabase<PgQueryResultHKT, typeof schema>): Promise<void> {
  await db
    .insert(schema.maintenanceWindow)
    .values({ id: 1, enabled: false, message: '', endsAt: null })
    .onConflictDoNothing({ target: schema.maintenanceWindow.id });
}
