/**
 * `npm run audit:js`: the gzip JavaScript of every route's first load, from the build, against its budget
 * (./budgets, ROUTE_OWN_JS_BUDGETS): the framework floor (scripts/framework-floor.ts) plus the route's allowance.
 * Deterministic: it reads dist/.vite/first-load.json, gzips each file of dist/ at level 9 as the build and the floor
 * do, and never loads a page. The floor is built again on every run rather than kept as a constant: it is a small
 * in-memory build, and a dependency upgrade then moves the budgets with it instead of leaving a stale figure.
 * `-- --json <file>` also writes the rows and failures there (npm test counts them).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureFrameworkFloor } from '../../scripts/framework-floor';
import { FIRST_LOAD_FILE, type FirstLoadManifest } from '../../scripts/router-manifest';
import { repoRoot } from '../e2e/support/env';
import { LANDING_OWN_JS_BYTES, LANDING_OWN_JS_TARGET, routeJsBudgets } from './budgets';

const dist = join(repoRoot, 'dist');
const manifestPath = join(dist, FIRST_LOAD_FILE);
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: run npm run build first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as FirstLoadManifest;

const gzipOf = new Map<string, number>();
const gzipBytes = (file: string): number => {
  let bytes = gzipOf.get(file);
  if (bytes === undefined) {
    const path = join(dist, file);
    // A file the manifest names but the build lacks is unmeasured, which fails the route's budget.
    bytes = existsSync(path) ? gzipSync(readFileSync(path), { level: 9 }).length : Number.NaN;
    gzipOf.set(file, bytes);
  }
  return bytes;
};
const measured = Object.fromEntries(
  Object.entries(manifest.routes).map(([route, files]) => [
    route,
    files.reduce((sum, file) => sum + gzipBytes(file), 0),
  ]),
);

const floor = await measureFrameworkFloor();
const { rows, failures } = routeJsBudgets(measured, floor.gzipBytes);

const kib = (bytes: number) => (Number.isNaN(bytes) ? '-' : `${(bytes / 1024).toFixed(1)} KB`);
const header = ['route', 'gzip bytes', 'budget bytes', 'gzip', 'own code', 'allowed', 'headroom', ''];
const table = rows.map((row) => [
  row.route,
  String(row.gzipBytes),
  Number.isNaN(row.budgetBytes) ? '-' : String(row.budgetBytes),
  kib(row.gzipBytes),
  kib(row.gzipBytes - floor.gzipBytes),
  kib(row.allowanceBytes),
  kib(row.budgetBytes - row.gzipBytes),
  row.gzipBytes <= row.budgetBytes ? 'ok' : 'OVER',
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((cells) => (cells[i] ?? '').length)));
const line = (cells: string[]) =>
  cells
    .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
    .join('  ')
    .trimEnd();
console.log(
  `First-load JavaScript per route, gzip level 9, from dist/ (${FIRST_LOAD_FILE}).` +
    `\nFramework floor (npm run audit:floor): ${floor.gzipBytes} bytes (${kib(floor.gzipBytes)}); budget = floor + the route's allowance (tests/audit/budgets.ts).`,
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const cells of table) console.log(line(cells));
for (const failure of failures) console.log(`JS BUDGET MISSED ${failure}`);
// Printed beside the budget's failure, should the target and the enforced figure ever part again.
for (const row of rows.filter((r) => r.allowanceBytes === LANDING_OWN_JS_BYTES)) {
  const own = row.gzipBytes - floor.gzipBytes;
  if (own > LANDING_OWN_JS_TARGET)
    console.log(
      `JS TARGET ${row.route}: the shop's own code is ${kib(own)}, ${kib(own - LANDING_OWN_JS_TARGET)} over the ${kib(LANDING_OWN_JS_TARGET)} target`,
    );
}
console.log(
  failures.length === 0
    ? `all ${rows.length} routes within their JavaScript budgets`
    : `${failures.length} JavaScript budget failures`,
);

const jsonAt = process.argv.indexOf('--json');
const jsonPath = jsonAt >= 0 ? process.argv[jsonAt + 1] : undefined;
if (jsonPath) {
  const within = rows.filter((row) => row.gzipBytes <= row.budgetBytes).length;
  const report = { floorBytes: floor.gzipBytes, passed: within, failed: failures.length, rows, failures };
  writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
}
process.exitCode = failures.length === 0 ? 0 : 1;
