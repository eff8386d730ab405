import type { Database } from '../../db/client';
import { createCatalogueAdmin } from './admin';
import { createCatalogueMemory } from './memory';
import { createCatalogueReads } from './read';
import type { CatalogueVersion } from './version';

export interface CatalogueServiceDeps {
  db: Database;
  now: () => Date;
  /** Spec §9's international-payments flag (FEATURE_INTERNATIONAL_PAYMENTS), as the PWA is built with it. */
  internationalPayments: boolean;
  /**
   * The catalogue's version: with it, every package is loaded once per version and reads are answered from
   * memory; without it (or before it is known) each read queries the database.
   */
  version?: CatalogueVersion | undefined;
}

/** The catalogue: buyers' reads from memory per catalogue version, and the operator's writes. */
export function createCatalogueService({ db, now, internationalPayments, version }: CatalogueServiceDeps) {
  const { catalogue, ...memory } = createCatalogueMemory({ db, now, version });
  return {
    ...memory,
    ...createCatalogueReads({ db, now, internationalPayments, catalogue }),
    ...createCatalogueAdmin({ db, now, version }),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
