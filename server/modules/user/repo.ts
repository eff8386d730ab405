import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { indiaDistricts, indiaStates, type UserRow, users } from '../../db/schema';

export type UserValues = Partial<typeof users.$inferInsert>;

export async function findUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findUserByPhone(db: Executor, e164: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phoneE164, e164)).limit(1);
  return row;
}

/** At most two: one is a match, two means the address is not a safe way to pick an account. */
export async function findUsersByVerifiedEmail(db: Executor, email: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()} and ${users.emailVerified}`)
    .limit(2);
}

/** Inserts the account of a phone number; undefined when another process created it first. */
export async function insertUserOfPhone(
  db: Executor,
  values: typeof users.$inferInsert,
): Promise<UserRow | undefined> {
  const [created] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.phoneE164 })
    .returning();
  return created;
}

export async function updateUser(
  db: Executor,
  userId: string,
  values: UserValues,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return row;
}

export async function listStates(db: Executor) {
  return db.select().from(indiaStates).orderBy(asc(indiaStates.stateName));
}

/** A state by its enum key or its name (any case). */
export async function findState(db: Executor, key: string, name: string) {
  const [found] = await db
    .select()
    .from(indiaStates)
    .where(
      sql`${indiaStates.stateNameEnum} = ${key} or lower(${indiaStates.stateName}) = ${name.toLowerCase()}`,
    )
    .limit(1);
  return found;
}

export async function listDistrictNames(db: Executor, stateNameEnum: string): Promise<string[]> {
  const rows = await db
    .select({ districtName: indiaDistricts.districtName })
    .from(indiaDistricts)
    .where(eq(indiaDistricts.stateNameEnum, stateNameEnum))
    .orderBy(asc(indiaDistricts.districtName));
  return rows.map((r) => r.districtName);
}
