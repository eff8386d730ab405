import type { Database } from '../../db/client';
import {
  type CataloguePackage,
  type CatalogueProduct,
  loadPackages,
  loadStock,
  readContentVersion,
  type StockLevels,
} from './repo';
import { type CatalogueVersion, perVersion } from './version';

/** Every package, as loaded for one catalogue version. */
export interface Snapshot {
  generatedAt: Date;
  /** The content version it was loaded at: a later version with the same one differs only in stock. */
  contentVersion: number;
  packages: CataloguePackage[];
  byId: Map<number, CataloguePackage>;
  byCode: Map<string, CataloguePackage>;
}

function snapshotOf(packages: CataloguePackage[], contentVersion: number, at: Date): Snapshot {
  return {
    generatedAt: at,
    contentVersion,
    packages,
    byId: new Map(packages.map((p) => [p.id, p])),
    byCode: new Map(packages.map((p) => [p.code, p])),
  };
}

/** The snapshot with today's stock: new objects only for the products (and their packages) whose stock moved. */
function withStock(previous: Snapshot, stock: StockLevels, at: Date): Snapshot {
  const moved = new Map<number, CatalogueProduct>();
  const current = (product: CatalogueProduct): CatalogueProduct => {
    const level = stock.byProduct.get(product.id);
    if (
      !level ||
      (level.availabilityType === product.availabilityType &&
        level.availableQuantity === product.availableQuantity)
    ) {
      return product;
    }
    let next = moved.get(product.id);
    if (!next) {
      next = { ...product, ...level };
      moved.set(product.id, next);
    }
    return next;
  };
  const packages = previous.packages.map((pkg) => {
    const items = pkg.items.map((item) => {
      const product = current(item.product);
      return product === item.product ? item : { ...item, product };
    });
    return items.every((item, i) => item === pkg.items[i]) ? pkg : { ...pkg, items };
  });
  return snapshotOf(packages, previous.contentVersion, at);
}

/** What the catalogue's parts are built from. */
export interface CatalogueStore {
  db: Database;
  now: () => Date;
  /**
   * The catalogue's version: with it, every package is loaded once per version and reads are answered from
   * memory; without it (or before it is known) each read queries the database.
   */
  version?: CatalogueVersion | undefined;
}

/** The catalogue in memory, loaded once per catalogue version and moved on by this process's own stock changes. */
export function createCatalogueMemory({ db, now, version }: CatalogueStore) {
  const snapshots = perVersion(version, async (previous: Snapshot | undefined): Promise<Snapshot> => {
    // Most new versions are orders' stock changes: one query then, not the whole catalogue.
    const stock = previous ? await loadStock(db) : undefined;
    if (previous && stock?.contentVersion === previous.contentVersion)
      return withStock(previous, stock, now());
    const contentVersion = stock?.contentVersion ?? (await readContentVersion(db));
    return snapshotOf(await loadPackages(db, 'all'), contentVersion, now());
  });
  /** The catalogue of the version this process knows. */
  const catalogue = snapshots.get;

  return {
    catalogue,
    /**
     * This process's order took stock in the write that moved the version to `version`: the catalogue follows
     * from the levels it left, without a load, when it knew the version before.
     */
    stockTaken(version: number, levels: readonly { product_id: number; available_quantity: number }[]): void {
      const byProduct: StockLevels['byProduct'] = new Map(
        levels.map((l) => [
          l.product_id,
          { availabilityType: 'LIMITED', availableQuantity: l.available_quantity },
        ]),
      );
      snapshots.advance(version, (previous) =>
        withStock(previous, { contentVersion: previous.contentVersion, byProduct }, now()),
      );
    },

    /** The content version of the catalogue this process knows (what is not stock). */
    async contentVersion(): Promise<number> {
      return (await catalogue()).contentVersion;
    },

    /** A package as loaded for the catalogue version this process knows (the checkout prices from it). */
    async findPackage(id: number): Promise<CataloguePackage | undefined> {
      return (await catalogue()).byId.get(id);
    },
  };
}
