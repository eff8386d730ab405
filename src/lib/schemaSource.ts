import type { z } from 'zod';
import type { ZodMiniType } from 'zod/mini';

/** A zod schema, classic or zod/mini (the lighter one, for checks on every page's start). */
export type Schema = z.ZodType | ZodMiniType;

/**
 * A schema, or a function that loads it. Code that runs on a page's first load passes a loader
 * (`() => import('@contract/…').then((m) => m.someSchema)`), so zod and the schema arrive with the first value
 * to check instead of riding in the page's first scripts.
 */
export type SchemaSource<S extends Schema> = S | (() => Promise<S>);

export async function loadSchema<S extends Schema>(source: SchemaSource<S>): Promise<S> {
  return typeof source === 'function' ? (source as () => Promise<S>)() : source;
}
