import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { orders } from './orders';
import { users } from './user';

// ---- Business licences: one per pin of a paid licence order, each with the device it runs on (spec §3) ----

/** One pin of a paid business licence: created when its order is paid, once per pin. */
export const userBusinessLicences = pgTable(
  'user_business_licences',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    productCode: text('product_code').notNull(),
    /** 1…pins within its order. */
    pin: integer('pin').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('user_business_licences_order_pin').on(t.orderId, t.productCode, t.pin),
    index('user_business_licences_user').on(t.userId),
    check('user_business_licences_pin', sql`${t.pin} > 0`),
  ],
);

/** The device a licence runs on (spec §3 licence device); the buyer registers it, and may replace it. */
export const licenceDevices = pgTable(
  'licence_devices',
  {
    userBusinessLicenceId: integer('user_business_licence_id')
      .primaryKey()
      .references(() => userBusinessLicences.id),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name'),
    deviceCode: text('device_code'),
    registeredAt: ts('registered_at').notNull().defaultNow(),
  },
  // One device runs one licence.
  (t) => [uniqueIndex('licence_devices_device').on(t.deviceId)],
);

export type UserBusinessLicenceRow = typeof userBusinessLicences.$inferSelect;
