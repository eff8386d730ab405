/*
 * npm run audit:floor: the JavaScript a first load needs before any of the shop's own code, measured the way the
 * build measures a route's first load (scripts/router-manifest.ts: gzip level 9 per chunk, summed). It builds
 * scripts/framework-floor/entry.tsx, the smallest app on the brief's packages that does what every shop page's
 * first load does, as one chunk in production mode, in memory. `npm test` measures it again on every run
 * (tests/audit/js-budget.ts): the route budgets are this floor plus the shop's own allowance.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';
import { LANDING_OWN_JS_TARGET } from '../tests/audit/budgets';

const root = path.dirname(fileURLToPath(import.meta.url));

export interface FrameworkFloor {
  /** gzip bytes of every chunk, summed. */
  gzipBytes: number;
  chunks: { fileName: string; bytes: number; gzipBytes: number }[];
}

export async function measureFrameworkFloor(): Promise<FrameworkFloor> {
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
  const chunks = output.output
    .filter((item) => item.type === 'chunk')
    .map((item) => ({
      fileName: item.fileName,
      bytes: Buffer.byteLength(item.code),
      gzipBytes: gzipSync(item.code, { level: 9 }).length,
    }));
  return { gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0), chunks };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const floor = await measureFrameworkFloor();
  for (const chunk of floor.chunks) {
    process.stdout.write(
      `  ${chunk.fileName.padEnd(40)} ${kib(chunk.bytes).padStart(9)} ${kib(chunk.gzipBytes).padStart(9)} gzip\n`,
    );
  }
  process.stdout.write(
    `The brief's packages alone, for a first load: ${kib(floor.gzipBytes)} gzip (${floor.gzipBytes} bytes). ` +
      `/ and the product pages are to hold it plus ${kib(LANDING_OWN_JS_TARGET)} of the shop's own code: ` +
      `${kib(floor.gzipBytes + LANDING_OWN_JS_TARGET)}.\n`,
  );
}
