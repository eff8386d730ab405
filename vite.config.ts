import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { parseFeatureFlags } from './contract/flags';
import { APP_SHELL_PATH } from './contract/paths';
import { preloadOnlyWhatIsMissing } from './scripts/preload-deps';
import { routerManifest } from './scripts/router-manifest';

const ROUTER_CONFIG = {
  target: 'react',
  autoCodeSplitting: true,
  routesDirectory: './src/routes',
  generatedRouteTree: './src/routeTree.gen.ts',
} as const;
const CLIENT_ENTRY = 'src/entry-client.tsx';

/*
 * The service worker's offline fallback for a page it never saw (src/sw/app-shell.ts): the server's app shell,
 * precached with a revision hashed from every precached file so that each build refetches it. A transform, not
 * additionalManifestEntries: those are fixed before the build and cannot see its output.
 */
const precacheAppShell: ManifestTransform = (entries) => {
  const hash = createHash('sha256');
  for (const entry of [...entries].sort((a, b) => a.url.localeCompare(b.url))) {
    hash.update(`${entry.url} ${entry.revision ?? ''}\n`);
  }
  const revision = hash.digest('hex').slice(0, 20);
  return { manifest: [...entries, { url: APP_SHELL_PATH, revision, size: 0 }] };
};

// The PWA is built into dist/ and its server bundle into dist/.server/ (npm run build); the Fastify server serves
// the files (server/plugins/static.ts) and renders the pages (server/plugins/pages.ts).
export default defineConfig(({ isSsrBuild, mode }) => ({
  // Spec §9's feature flags are read by the server and the PWA from the same FEATURE_* variables (contract/flags.ts).
  envPrefix: ['VITE_', 'FEATURE_'],
  // The PWA's flags are settled when it is built: pages carry their values, not the table and its parser.
  define: {
    __FEATURE_FLAGS__: JSON.stringify(parseFeatureFlags(loadEnv(mode, process.cwd(), 'FEATURE_')).flags),
  },
  plugins: [
    tanstackRouter(ROUTER_CONFIG),
    react(),
    !isSsrBuild && preloadOnlyWhatIsMissing(),
    !isSsrBuild && routerManifest({ routerConfig: ROUTER_CONFIG, entry: CLIENT_ENTRY }),
    // The server bundle (src/entry-server.tsx) renders pages in Node: it needs no service worker.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        // The manifest is a hand-written file in public/, linked from index.html.
        manifest: false,
        injectManifest: {
          // A classic script: registerServiceWorker registers it without { type: 'module' }.
          rollupFormat: 'iife',
          globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,webmanifest}'],
          manifestTransforms: [precacheAppShell],
        },
        devOptions: { enabled: false },
      }),
  ],
  resolve: {
    tsconfigPaths: true,
    // The browser's zod goes jitless before its first schema, wherever that is built (src/lib/zod/classic.ts).
    alias: isSsrBuild
      ? []
      : [
          { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod/classic.ts', import.meta.url)) },
          {
            find: /^zod\/mini$/,
            replacement: fileURLToPath(new URL('./src/lib/zod/mini.ts', import.meta.url)),
          },
        ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // No index.html: the server renders every document (src/entry-server.tsx).
      ...(isSsrBuild ? {} : { input: CLIENT_ENTRY }),
      // Building a zod schema has no side effects: a schema the chunk never uses is dropped instead of being
      // built at start-up (contract modules hold every schema of their service).
      treeshake: { manualPureFunctions: ['z'] },
      // The route tree's small search and guard modules load with every page: one chunk, not five, saves their
      // per-chunk import and export code on the first load. Likewise / and the product pages load the product page
      // and the home page together (the club edition, which shows the product page's cards, takes the home page's
      // few KB with them), and the small UI pieces every page shows (buttons, money, skeletons, the logo, the stepper) as one chunk.
      ...(isSsrBuild
        ? {}
        : {
            output: {
              // A chunk's or stylesheet's name is its hash only: every import and every preload list carries the file
              // names, and the route tree lists many of them on every page's first load.
              chunkFileNames: 'assets/[hash].js',
              assetFileNames: 'assets/[hash][extname]',
              advancedChunks: {
                groups: [
                  {
                    name: 'product-page',
                    includeDependenciesRecursively: false,
                    test: /src[\\/](routes[\\/]-product-route\.tsx|features[\\/]home[\\/]|features[\\/]catalogue[\\/](ProductPage|availability|display|components[\\/](Gallery|StickyBuyBar|PackageCard|AvailablePackageCard|HowItWorks|PackageCardSkeleton)\.))/,
                  },
                  {
                    name: 'ui-basics',
                    includeDependenciesRecursively: false,
                    test: /src[\\/](ui[\\/](QuantityStepper|Money|Skeleton|Spinner|Button|Logo)\.(tsx|css)|lib[\\/](stock|packageName|dates)\.ts)$/,
                  },
                  {
                    name: 'route-config',
                    test: /src[\\/](routes[\\/](-result-search|sign-in[\\/]-search)|lib[\\/]inviteSearch|features[\\/]auth[\\/]guards|lib[\\/]site|lib[\\/]countries|lib[\\/]featureFlags)\.tsx?$|contract[\\/]patterns\.ts$/,
                  },
                ],
              },
            },
          }),
    },
  },
}));
