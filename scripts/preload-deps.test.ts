import type { ModulePreloadOptions } from 'vite';
import { describe, expect, it } from 'vitest';
import { type ChunkImports, preloadOnlyWhatIsMissing } from './preload-deps';

const bundle: Record<string, ChunkImports> = {
  'assets/startApp.js': { type: 'chunk', imports: ['assets/react.js', 'assets/router.js'] },
  'assets/router.js': { type: 'chunk', imports: ['assets/react.js'] },
  'assets/react.js': { type: 'chunk', imports: [] },
  'assets/cart.js': { type: 'chunk', imports: ['assets/react.js', 'assets/modal.js'] },
  'assets/modal.js': { type: 'chunk', imports: ['assets/react.js'] },
};

function resolverAfterBundle() {
  const plugin = preloadOnlyWhatIsMissing();
  const config = (plugin.config as () => { build: { modulePreload: ModulePreloadOptions } })();
  const generateBundle = plugin.generateBundle as { handler: (options: unknown, output: unknown) => void };
  generateBundle.handler({}, bundle);
  const resolve = config.build.modulePreload.resolveDependencies;
  if (!resolve) throw new Error('no resolveDependencies');
  return resolve;
}

describe('preloadOnlyWhatIsMissing', () => {
  it('preloads with a dynamic import only the chunks its importer has not loaded before it', () => {
    const resolve = resolverAfterBundle();
    const deps = ['assets/cart.js', 'assets/react.js', 'assets/modal.js'];
    expect(resolve('assets/cart.js', deps, { hostId: 'assets/startApp.js', hostType: 'js' })).toEqual([
      'assets/cart.js',
      'assets/modal.js',
    ]);
  });

  it('leaves the list of an HTML host alone', () => {
    const resolve = resolverAfterBundle();
    const deps = ['assets/cart.js', 'assets/react.js'];
    expect(resolve('assets/cart.js', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(deps);
  });
});
