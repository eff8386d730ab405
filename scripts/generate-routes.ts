/**
 * Regenerates src/routeTree.gen.ts from the files in src/routes, as the Vite plugin does on build, so the
 * typecheck never runs against a route tree that is older than the routes (npm test runs this first).
 */
import { Generator, getConfig } from '@tanstack/router-generator';

const root = new URL('..', import.meta.url).pathname;
const config = getConfig(
  {
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: './src/routes',
    generatedRouteTree: './src/routeTree.gen.ts',
  },
  root,
);
await new Generator({ config, root }).run();
