// Runtime cache names; bump a version when the shape of what a cache holds changes.
export const cacheNames = {
  assets: 'ibc-assets-v1',
  images: 'ibc-images-v1',
  productImages: 'ibc-product-images-v1',
  catalogue: 'ibc-catalogue-v1',
} as const;

const pagesPrefix = 'ibc-pages-';

// Saved pages name the hashed scripts of the build that saw them, so each build keeps its own pages cache.
export function pagesCacheName(revision: string): string {
  return `${pagesPrefix}${revision}`;
}

/** A pages cache of another build: its HTML may name scripts the current precache no longer holds. */
export function isOutdatedPagesCache(name: string, revision: string): boolean {
  return name.startsWith(pagesPrefix) && name !== pagesCacheName(revision);
}
