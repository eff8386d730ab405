import type { z } from 'zod';

/**
 * A schema, or a function that loads it. Code that runs on a page's first load passes a loader
 * (`() => import('@contract/…').then((m) => m.someSchema)`), so zod and the schema arrive with the first value
 * to check instead of riding in the page's first scripts.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

export async function loadSchema<S extends z.ZodType>(source: SchemaSource<S>): Promise<S> {
  return typeof source === 'function' ? (source as () => Promise<S>)() : source;
}
