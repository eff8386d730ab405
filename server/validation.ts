import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** NUL, which PostgreSQL's text and jsonb refuse, or a UTF-16 half without its pair, which UTF-8 cannot hold. */
function unstorable(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/** The JSON-pointer path of the first string (key or value) the database could not store, or null. */
export function unstorablePath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = `${path}/${key}`;
    if (unstorable(key)) return childPath;
    const found = unstorablePath(child, childPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The contract's validator, after one check every part of every request gets: no string the database cannot
 * store, so such input is a 400 naming its field instead of a failed query.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const path = unstorablePath(data);
    if (path !== null) {
      return { error: [{ instancePath: path, message: 'Remove the control characters' }] as never };
    }
    return validate(data);
  };
};
