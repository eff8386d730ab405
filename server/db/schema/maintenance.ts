import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's maintenance window: a single row (id = 1) every API process reads,
 * so an operator can take the shop down or bring it back without a restart.
 */
export const maintenanceWindow = pgTable(
  'maintenance_window',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    message: text('message').notNull().default(''),
    /** When the window ends by itself; null means "until switched off". */
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('maintenance_window_single_row', sql`${t.id} = 1`)],
);

export type MaintenanceWindowRow = typeof maintenanceWindow.$inferSelect;
