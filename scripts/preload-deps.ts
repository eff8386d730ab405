/**
 * Vite lists, beside every dynamic import, the chunks and stylesheets to fetch with it (`__vite__mapDeps`), including
 * the chunks the importing chunk imports statically: those have run before the import can, so listing them only
 * adds bytes to the first load. This plugin keeps, for each dynamic import, the chunks the importer has not loaded.
 */
import type { Plugin } from 'vite';

export interface ChunkImports {
  type: string;
  imports?: string[];
}

/** Every chunk `file` loads before it runs: itself and its static imports, transitively. */
function staticClosure(bundle: Readonly<Record<string, ChunkImports>>, file: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = bundle[name];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(file);
  return seen;
}

export function preloadOnlyWhatIsMissing(): Plugin {
  let bundle: Readonly<Record<string, ChunkImports>> = {};
  const loadedBy = new Map<string, Set<string>>();
  return {
    name: 'preload-only-what-is-missing',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (_file, deps, { hostId, hostType }) => {
            if (hostType !== 'js') return deps;
            let loaded = loadedBy.get(hostId);
            if (!loaded) {
              loaded = staticClosure(bundle, hostId);
              loadedBy.set(hostId, loaded);
            }
            return deps.filter((dep) => !loaded.has(dep));
          },
        },
      },
    }),
    // Vite writes the lists in a generateBundle of its own, which runs after this one.
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
        loadedBy.clear();
      },
    },
  };
}
