import { timestamp } from 'drizzle-orm/pg-core';

/** A UTC instant (timestamptz) read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
