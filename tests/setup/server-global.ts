import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { IN_MEMORY, openDatabase } from '../../server/db/client';
import { seed } from '../../server/db/seed/index';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite data dirs dumped once per run (migrated; migrated and seeded), or null on PostgreSQL. */
    pgliteTemplates: { migrated: string; seeded: string } | null;
  }
}

/**
 * The server suite's PGlite databases start from a data dir migrated and seeded once here, at the real clock:
 * loading one takes about half a second where migrating and seeding a new one takes three or more.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplates', null);
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'shop-pglite-templates-'));
  const files = { migrated: join(dir, 'migrated.tar'), seeded: join(dir, 'seeded.tar') };
  const opened = await openDatabase(
    { DATA_DIR: IN_MEMORY, DATABASE_URL: undefined },
    { pglite: 'in-thread', seed: false },
  );
  try {
    const client = (opened.db as typeof opened.db & { $client: PGlite }).$client;
    const dump = async (file: string) =>
      writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await dump(files.migrated);
    await seed(opened.db);
    await dump(files.seeded);
  } finally {
    await opened.close();
  }
  project.provide('pgliteTemplates', files);
  return () => rmSync(dir, { recursive: true, force: true });
}
