import type { GENDERS } from '@contract/user';
import { sql } from 'drizzle-orm';
import { boolean, check, date, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';

type Gender = (typeof GENDERS)[number];

/** A buyer. The phone number (E.164) is the sign-in identity; the profile fields are spec §3 User profile. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** +<dial code><national number>, e.g. +919876543210. */
    phoneE164: text('phone_e164').notNull(),
    /** Dial code with its plus, e.g. +91. */
    countryCode: text('country_code').notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    isoCountryCode: text('iso_country_code').notNull(),
    /** The national number as the buyer types it, digits only. */
    phoneNumber: text('phone_number').notNull(),
    name: text('name'),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    gender: text('gender').$type<Gender>(),
    dob: date('dob', { mode: 'string' }),
    profilePicUrl: text('profile_pic_url'),
    languagePreference: text('language_preference'),
    /** Set once the sign-up details step is done. */
    signUpCompletedAt: ts('sign_up_completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_e164_idx').on(t.phoneE164),
    // A verified address belongs to one account: social login links by it.
    uniqueIndex('users_verified_email_idx').on(sql`lower(${t.email})`).where(sql`${t.emailVerified}`),
  ],
);

/** India's states and union territories (reference data, seeded). */
export const indiaStates = pgTable(
  'india_states',
  {
    stateNameEnum: text('state_name_enum').primaryKey(),
    stateName: text('state_name').notNull(),
    kind: text('kind').$type<'STATE' | 'UNION_TERRITORY'>().notNull(),
  },
  (t) => [check('india_states_kind', sql`${t.kind} in ('STATE', 'UNION_TERRITORY')`)],
);

/** Districts of a state (reference data, seeded for the states listed in seed/india.ts). */
export const indiaDistricts = pgTable(
  'india_districts',
  {
    id: serial('id').primaryKey(),
    stateNameEnum: text('state_name_enum')
      .notNull()
      .references(() => indiaStates.stateNameEnum, { onDelete: 'cascade' }),
    districtName: text('district_name').notNull(),
  },
  (t) => [uniqueIndex('india_districts_state_name_idx').on(t.stateNameEnum, t.districtName)],
);

export type UserRow = typeof users.$inferSelect;
