import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A dynamic import of zod makes the bundle keep every export of zod (and build its namespace objects as the page starts),
// where the named imports of the rest of the app keep only what is used. A step imports a module of ours instead.
const SOURCE = join(import.meta.dirname, '..', 'src');
/** Whole anyway: a CommonJS module is bundled as one. */
const WHOLE_PACKAGES = new Set(['react-dom/client']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('dynamic imports in the app', () => {
  it('name modules of the app, never a package by its name', () => {
    const offenders = sourceFiles(SOURCE).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)]
        .map((match) => match[1] as string)
        .filter((specifier) => !/^(\.|@\/|@contract\/)/.test(specifier) && !WHOLE_PACKAGES.has(specifier))
        .map((specifier) => `${file.slice(SOURCE.length + 1)}: import('${specifier}')`),
    );
    expect(offenders).toEqual([]);
  });
});
