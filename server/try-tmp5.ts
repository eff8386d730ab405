import { sql } from 'drizzle-orm';
import { IN_MEMORY, openDatabase } from './db/client';
import * as schema from './db/schema';
for (const mode of ['in-thread', 'worker'] as const) {
  const d = await openDatabase({ DATA_DIR: IN_MEMORY, DATABASE_URL: undefined }, { seed: true, pglite: mode });
  let t = performance.now();
  for (let i = 0; i < 500; i++) await d.db.execute(sql`select ${i}::int as x`);
  console.log(mode, 'select us/query', ((performance.now() - t) * 1000 / 500).toFixed(0));
  t = performance.now();
  for (let i = 0; i < 500; i++) await d.db.select().from(schema.packages).limit(5);
  console.log(mode, 'packages us/query', ((performance.now() - t) * 1000 / 500).toFixed(0));
  t = performance.now();
  for (let i = 0; i < 50; i++) await d.db.transaction(async (tx) => { for (let j = 0; j < 8; j++) await tx.execute(sql`select ${j}::int`); });
  console.log(mode, 'tx(8) us', ((performance.now() - t) * 1000 / 50).toFixed(0));
  await d.close();
}
