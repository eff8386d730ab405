import { createCatalogueAdmin } from './admin';
import { type CatalogueStore, createCatalogueMemory } from './memory';
import { createCatalogueReads } from './read';

export interface CatalogueServiceDeps extends CatalogueStore {
  /** Spec §9's international-payments flag (FEATURE_INTERNATIONAL_PAYMENTS), as the PWA is built with it. */
  internationalPayments: boolean;
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
