import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type MaintenanceWindowRow, maintenanceWindow } from '../../db/schema';

const ROW_ID = 1;

export interface MaintenanceWindow {
  enabled: boolean;
  message: string;
  endsAt: Date | null;
  updatedAt: Date;
}

function toWindow(row: MaintenanceWindowRow): MaintenanceWindow {
  return { enabled: row.enabled, message: row.message, endsAt: row.endsAt, updatedAt: row.updatedAt };
}

/** The shop's maintenance window; "off" when the row is missing (the seed creates it). */
export async function readMaintenanceWindow(db: Database): Promise<MaintenanceWindow> {
  const [row] = await db.select().from(maintenanceWindow).where(eq(maintenanceWindow.id, ROW_ID)).limit(1);
  return row ? toWindow(row) : { enabled: false, message: '', endsAt: null, updatedAt: new Date(0) };
}

export async function writeMaintenanceWindow(
  db: Database,
  window: { enabled: boolean; message: string; endsAt: Date | null; updatedAt: Date },
): Promise<MaintenanceWindow> {
  const values = { ...window, id: ROW_ID };
  const [row] = await db
    .insert(maintenanceWindow)
    .values(values)
    .onConflictDoUpdate({
      target: maintenanceWindow.id,
      set: {
        enabled: values.enabled,
        message: values.message,
        endsAt: values.endsAt,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  if (!row) throw new Error('maintenance window was not saved');
  return toWindow(row);
}
