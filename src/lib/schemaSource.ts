import type { z } from 'zod';
import type { ZodMiniType } from 'zod/mini';
import { yieldToMain } from './yieldToMain';

/** A zod schema, classic or zod/mini (the lighter one, for checks on every page's start). */
export type Schema = z.ZodType | ZodMiniType;

/**
 * A schema, or a function that loads it. Code that runs on a page's first load passes a loader
 * (`() => import('@contract/…').then((m) => m.someSchema)`), so zod and the schema arrive with the first value
 * to check instead of riding in the page's first scripts.
 */
export type SchemaSource<S extends Schema> = S | (() => Promise<S>);

/**
 * The schema, once loaded. A loader may have just evaluated zod and the schema's modules in this task, so a loaded
 * schema comes back after a yield: the check that follows (zod builds a schema's internals on its first parse) runs
 * in a task of its own.
 */
export async function loadSchema<S extends Schema>(source: SchemaSource<S>): Promise<S> {
  if (typeof source !== 'function') return source;
  const schema = await (source as () => Promise<S>)();
  await yieldToMain();
  return schema;
}
