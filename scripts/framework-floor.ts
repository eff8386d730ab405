/*
 * npm run audit:floor: the JavaScript a first load needs before any of the shop's own code, measured the way the
 * build measures a route's first load (scripts/router-manifest.ts: gzip level 9 per chunk, summed). It builds
 * scripts/framework-floor/entry.tsx, the smallest app on the brief's packages that does what every shop page's
 * first load does, as one chunk in production mode, and prints its size against the JavaScript target of
 * tests/audit/budgets.ts. A figure, not a budget: not part of npm test.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';
import { TARGETS } from '../tests/audit/budgets';

const root = path.dirname(fileURLToPath(import.meta.url));
const output = (await build({
  configFile: false,
  root: path.join(root, 'framework-floor'),
  mode: 'production',
  logLevel: 'silent',
  plugins: [react()],
  build: {
    write: false,
    target: 'es2022',
    rolldownOptions: { input: path.join(root, 'framework-floor/entry.tsx') },
  },
})) as Rolldown.RolldownOutput;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let floor = 0;
for (const item of output.output) {
  if (item.type !== 'chunk') continue;
  const gzip = gzipSync(item.code, { level: 9 }).length;
  floor += gzip;
  process.stdout.write(
    `  ${item.fileName.padEnd(40)} ${kib(item.code.length).padStart(9)} ${kib(gzip).padStart(9)} gzip\n`,
  );
}
process.stdout.write(
  `The brief's packages alone, for a first load: ${kib(floor)} gzip. Target for / and the product pages: ` +
    `${kib(TARGETS.jsGzipBytes)}; left for the shop's own code: ${kib(TARGETS.jsGzipBytes - floor)}.\n`,
);
