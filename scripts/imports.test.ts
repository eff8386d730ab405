import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Imports against the layers are dependency-cruiser's (npm run lint); this reach stays: it skips type-only imports.

const ROOT = join(import.meta.dirname, '..');
const ALIASES: [string, string][] = [
  ['@/', 'src/'],
  ['@contract/', 'contract/'],
];
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The shipped modules under a folder of the project (tests and their helpers left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-helpers)?\.tsx?$/.test(entry.name)
      ? [join(ROOT, path)]
      : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  let base: string;
  if (alias) base = join(ROOT, alias[1], specifier.slice(alias[0].length));
  else if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${relative(ROOT, from)}: cannot resolve ${specifier}`);
}

/** The modules a set of files reaches through static and dynamic imports (type-only imports load nothing). */
function reached(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    // Comments name modules too; they load nothing.
    const source = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const specifiers = [
      ...[...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map(
        (m) => m[1],
      ),
      ...[...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]),
      ...[...source.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]),
    ];
    for (const specifier of specifiers) {
      const target = resolve(file, specifier as string);
      if (target) queue.push(target);
    }
  }
  return seen;
}

describe('what a signed-in page loads', () => {
  // Every module a page reaches is fetched and evaluated as it starts, so a signed-in page (the checkout, the profile,
  // the kept session) must not reach the sign-in's schemas: the user contract alone costs a long task on a phone.
  it('the checkout, the profile and the kept session never reach the sign-in contract or its calls', () => {
    const signedIn = reached([
      ...sourceFiles('src/features/checkout'),
      join(ROOT, 'src/features/profile/useProfile.ts'),
      join(ROOT, 'src/features/auth/AuthProvider.tsx'),
      join(ROOT, 'src/routes/checkout.tsx'),
    ]);
    expect(signedIn.has(join(ROOT, 'src/features/checkout/CheckoutPage.tsx'))).toBe(true);
    expect(signedIn.has(join(ROOT, 'contract/account.ts'))).toBe(true);
    const signIn = ['contract/user.ts', 'src/api/user.ts'].filter((file) => signedIn.has(join(ROOT, file)));
    expect(signIn).toEqual([]);
  });
});
