/**
 * The one-way imports of DESIGN.md §3, checked by `npm run lint` (scripts/layers.ts runs dependency-cruiser on it).
 * Paths are resolved first, so `@/…`, `@contract/…` and relative imports are judged alike; type-only and dynamic
 * imports count too. Test files obey the same rules; a feature's test may also import another feature's test helpers.
 */

const TEST = '[.]test[.]tsx?$';
const TEST_HELPER = '(^|[/.])test-helpers[.]tsx?$|[.]mock[.]tsx?$|^server/(.*/|)testing[.]ts$';
/** Entry points, the generated route tree: they compose the app, so they sit with routes/ and app/ at the top. */
const SRC_ROOT = '^src/[^/]+$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-not-to-other-feature',
      comment:
        'A feature does not import another feature: compose them in routes/ or app/, or move the shared part down.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/', pathNot: TEST },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'feature-test-not-to-other-feature',
      comment: "A feature's test may borrow another feature's test helpers, nothing else of it.",
      severity: 'error',
      from: { path: '^src/features/([^/]+)/.+[.]test[.]tsx?$' },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', TEST_HELPER] },
    },
    {
      name: 'feature-not-up',
      comment: 'Features sit below routes/ and app/: those compose features, never the other way round.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: ['^src/(routes|app)/', SRC_ROOT] },
    },
    {
      name: 'shared-layer-not-up',
      comment:
        'state/, api/, storage/, ui/ and lib/ serve features; they never import a feature, a route or the app.',
      severity: 'error',
      from: { path: '^src/(state|api|storage|ui|lib)/' },
      to: { path: ['^src/(features|routes|app)/', SRC_ROOT] },
    },
    {
      name: 'ui-not-to-api',
      comment:
        'The design system knows nothing of calls: a feature (or api/) turns an API error into what ui/ shows.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/api/' },
    },
    {
      name: 'lib-only-to-contract',
      comment: 'lib/ holds pure helpers: they import packages, contract/ and each other only.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { pathNot: '^(src/lib|contract|node_modules)/' },
    },
    {
      name: 'sw-only-to-lib-storage-contract',
      comment:
        'The service worker is a build of its own, without the app: it imports lib/, storage/ and contract/ only.',
      severity: 'error',
      from: { path: '^src/sw/' },
      to: { pathNot: '^(src/(sw|lib|storage)|contract|node_modules)/' },
    },
    {
      name: 'nothing-to-sw',
      comment: 'The service worker is registered by URL, never imported: its modules would land in the page.',
      severity: 'error',
      from: { pathNot: '^src/sw/' },
      to: { path: '^src/sw/' },
    },
    {
      name: 'contract-only-to-contract',
      comment: 'contract/ is shared by src/ and server/, so it imports neither (nor anything else of ours).',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: '^(contract|node_modules)/' },
    },
    {
      name: 'server-not-to-client',
      comment: 'The server shares only contract/ with the app, and runs without the scripts.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|scripts)/' },
    },
    {
      name: 'src-not-to-server',
      comment: 'The app shares only contract/ with the server; scripts and tests are not shipped.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(server|scripts|tests)/' },
    },
    {
      name: 'code-not-to-tests',
      comment: 'Shipped code never imports a test, a test helper or tests/.',
      severity: 'error',
      from: { path: '^(src|server|contract)/', pathNot: [TEST, TEST_HELPER] },
      to: { path: [TEST, TEST_HELPER, '^tests/'] },
    },
    {
      name: 'no-dynamic-import-of-package',
      comment:
        'A dynamic import of a package (zod, say) makes the bundle keep its every export, where named imports keep ' +
        'only what is used; a step imports a module of ours. react-dom/client is CommonJS, bundled whole anyway.',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST },
      to: { dynamic: true, pathNot: ['^(src|contract)/', '^node_modules/react-dom/client[.]js$'] },
    },
    {
      name: 'not-unresolvable',
      comment:
        'An import the checker cannot resolve escapes every rule above (a new alias must be taught to it).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: '^node_modules/' },
    // A git worktree may link node_modules to another checkout's: keep its paths under node_modules/.
    preserveSymlinks: true,
    exclude: { path: '^(dist|test-results|playwright-report)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
