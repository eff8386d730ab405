import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../schema';

type SeedDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The game products that are delivered as keys, and how many demo keys each starts with. */
export const SEED_GAME_KEY_PRODUCTS = [
  'IBC_GAME_1_PROFILE_KEY',
  'IBC_GAME_5_PROFILE_KEY',
  'IBC_STEAM_GAME_KEY',
];
const DEMO_KEYS_PER_PRODUCT = 25;

/** Demo keys (DEMO-…): recognisably not real, enough for a demo and the tests. Only into an empty pool. */
export async function seedGameKeys(db: SeedDatabase): Promise<void> {
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(schema.gameKeys);
  if (Number(row?.n ?? 0) > 0) return;
  const keys = SEED_GAME_KEY_PRODUCTS.flatMap((productCode, p) =>
    Array.from({ length: DEMO_KEYS_PER_PRODUCT }, (_, i) => ({
      productCode,
      key: `DEMO-${String(p + 1).padStart(2, '0')}${String(i + 1).padStart(3, '0')}-${productCode.replace(/^IBC_|_KEY$/g, '').replaceAll('_', '')}`,
    })),
  );
  await db.insert(schema.gameKeys).values(keys).onConflictDoNothing();
}
