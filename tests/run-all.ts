/**
 * `npm test`: typecheck, lint, unit/component/API tests (the API's on PGlite) and, alongside them, the API tests
 * again on a throw-away PostgreSQL cluster, then build, the JavaScript budget of every route, browser end-to-end,
 * the Lighthouse guard, in that order. A step streams its output; a step run alongside another keeps its output until
 * it ends (then prints it whole). The first failing step stops the run, except a budget step, after which the
 * browser steps still run. Every step's time is printed. The last line is the summary a runner reads:
 * `N passed, N failed, N flaky (names)` (test cases; a failing step that has no cases of its own counts as one; a
 * flaky test is an e2e test that passed only on its retry).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresOnlyProblem, SERVER_SUITE_ARGS, startPostgresCluster } from '../scripts/postgres-cluster';
import { localBin, repoRoot } from './e2e/support/env';
import { type Counts, casesCell, playwrightCounts, summaryLine, totals, vitestCounts } from './run-summary';

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Test-case counts from the step's report; undefined when the step has no cases. */
  counts?: () => Counts | undefined;
  /** Starts what the step needs; its `stop` runs after the step, however it ended. */
  setup?: () => Promise<{ env: Record<string, string>; stop: () => void }>;
  /** Why the step failed although its command succeeded, or null. */
  verify?: () => string | null;
  /**
   * Runs at the same time as the step before it, its output kept in a file until it ends: the two use different
   * cores of a two-core machine (each suite runs one worker) and different databases.
   */
  alongsidePrevious?: boolean;
  /** Its failure fails the run but does not stop the steps after it: they measure other things. */
  keepGoing?: boolean;
}

interface StepResult {
  name: string;
  exitCode: number;
  seconds: number;
  counts: Counts | undefined;
}

const reportDir = mkdtempSync(join(tmpdir(), 'shop-test-report-'));
const vitestReport = join(reportDir, 'vitest.json');
const FUZZ_TEST = 'server/contract-fuzz.test.ts';
const vitestPostgresReport = join(reportDir, 'vitest-postgres.json');
const playwrightReport = join(reportDir, 'playwright.json');
const jsBudgetReport = join(reportDir, 'js-budget.json');
const lighthouseSummary = join(repoRoot, '.lighthouse', 'summary.json');

function readJson(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** tests/audit/js-budget.ts: one case per route, one failure per budget missed. */
function jsBudgetCounts(): Counts | undefined {
  const report = readJson(jsBudgetReport) as { passed?: unknown; failed?: unknown } | undefined;
  if (typeof report?.passed !== 'number' || typeof report.failed !== 'number') return undefined;
  return { passed: report.passed, failed: report.failed };
}

/** tests/audit/lighthouse.ts: one case per audited page (all of its budgets met or not). */
function lighthouseCounts(): Counts | undefined {
  const summary = readJson(lighthouseSummary);
  const pages =
    typeof summary === 'object' && summary !== null ? (summary as { pages?: unknown }).pages : undefined;
  if (!Array.isArray(pages)) return undefined;
  const passed = pages.filter((page) => (page as { passed?: unknown }).passed === true).length;
  return { passed, failed: pages.length - passed };
}

const steps: Step[] = [
  // The route tree is generated code: bring it up to date with src/routes before anything reads it.
  { name: 'route tree', command: localBin('tsx'), args: ['scripts/generate-routes.ts'] },
  { name: 'typecheck', command: localBin('tsc'), args: ['--noEmit', '-p', '.'] },
  ...(existsSync(join(repoRoot, 'tsconfig.sw.json'))
    ? [{ name: 'typecheck sw', command: localBin('tsc'), args: ['--noEmit', '-p', 'tsconfig.sw.json'] }]
    : []),
  { name: 'lint', command: localBin('biome'), args: ['check', '.'] },
  // DESIGN.md §3's one-way imports (dependency-cruiser, .dependency-cruiser.cjs), as `npm run lint` runs them.
  { name: 'layers', command: localBin('tsx'), args: ['scripts/layers.ts'] },
  {
    name: 'vitest',
    command: localBin('vitest'),
    // No --passWithNoTests: include globs that match nothing are a broken suite, not a green one. The contract fuzz
    // (10,000+ malformed requests, refused before any query) runs once, in the PostgreSQL suite beside this one, which
    // ends first: here it would add some 35 s to the longest step.
    args: [
      'run',
      `--exclude=${FUZZ_TEST}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
    // This run is the PGlite one, whatever the caller's shell has set.
    env: { TEST_DATABASE_URL: '' },
    counts: () => vitestCounts(readJson(vitestReport)),
  },
  {
    // The API suite again on real PostgreSQL: many connections, so concurrent buyers really race for rows.
    name: 'vitest postgres',
    alongsidePrevious: true,
    command: localBin('vitest'),
    args: [
      ...SERVER_SUITE_ARGS,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestPostgresReport}`,
    ],
    setup: async () => {
      const cluster = await startPostgresCluster();
      console.log(`PostgreSQL on 127.0.0.1:${cluster.port}`);
      return { env: { TEST_DATABASE_URL: cluster.url }, stop: cluster.stop };
    },
    counts: () => vitestCounts(readJson(vitestPostgresReport)),
    verify: () => postgresOnlyProblem(readJson(vitestPostgresReport)),
  },
  // npm run build: vite build, then the precompressed .br/.gz copies the server sends.
  { name: 'build', command: 'npm', args: ['run', 'build'] },
  {
    // Deterministic, from dist/: each route's first-load gzip JavaScript against the framework floor plus its allowance.
    name: 'js budgets',
    command: process.execPath,
    args: ['--import', 'tsx', join(repoRoot, 'tests', 'audit', 'js-budget.ts'), '--json', jsBudgetReport],
    counts: () => jsBudgetCounts(),
    keepGoing: true,
  },
  {
    name: 'e2e',
    command: localBin('playwright'),
    args: ['test'],
    env: { E2E_JSON_REPORT: playwrightReport },
    counts: () => playwrightCounts(readJson(playwrightReport)),
  },
  {
    name: 'lighthouse',
    command: process.execPath,
    args: ['--import', 'tsx', join(repoRoot, 'tests', 'audit', 'lighthouse.ts')],
    counts: lighthouseCounts,
  },
];

let interrupted = false;

/** Runs the step's command, its output to this terminal or, with `log`, to that file. */
function run(step: Step, log?: number): Promise<number> {
  return new Promise((resolveExit) => {
    const child = spawn(step.command, step.args, {
      cwd: repoRoot,
      stdio: log === undefined ? 'inherit' : ['ignore', log, log],
      env: {
        ...process.env,
        ...step.env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
      },
    });
    const forward = (signal: NodeJS.Signals) => {
      interrupted = true;
      child.kill(signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`[${step.name}] could not start ${step.command}: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolveExit(code ?? (signal ? 128 : 1));
    });
  });
}

async function runWithSetup(step: Step, log?: number): Promise<number> {
  if (!step.setup) return run(step, log);
  const { env, stop } = await step.setup();
  try {
    if (interrupted) return 130;
    return await run({ ...step, env: { ...step.env, ...env } }, log);
  } finally {
    stop();
  }
}

function announce(step: Step, note = ''): void {
  console.log(
    `\n=== ${step.name}${note}: ${[step.command, ...step.args].map((a) => a.replace(`${repoRoot}/`, '')).join(' ')}`,
  );
}

async function runStep(step: Step, log?: number): Promise<StepResult> {
  const stepStarted = performance.now();
  let exitCode: number;
  try {
    exitCode = await runWithSetup(step, log);
  } catch (error) {
    console.error(`[${step.name}] ${error instanceof Error ? error.message : String(error)}`);
    exitCode = 1;
  }
  const problem = exitCode === 0 ? (step.verify?.() ?? null) : null;
  if (problem) {
    console.error(`[${step.name}] ${problem}`);
    exitCode = 1;
  }
  return {
    name: step.name,
    exitCode,
    seconds: (performance.now() - stepStarted) / 1000,
    counts: step.counts?.(),
  };
}

/** The step, and the one after it at the same time when that one runs alongside; its output follows once both end. */
async function runGroup(step: Step, partner: Step | undefined): Promise<StepResult[]> {
  announce(step);
  if (!partner) return [await runStep(step)];
  const logPath = join(reportDir, `${partner.name.replaceAll(' ', '-')}.log`);
  const log = openSync(logPath, 'w');
  let results: StepResult[];
  try {
    results = await Promise.all([runStep(step), runStep(partner, log)]);
  } finally {
    closeSync(log);
  }
  announce(partner, ' (ran alongside the step above)');
  process.stdout.write(readFileSync(logPath));
  return results;
}

function printTable(results: StepResult[]): void {
  const rows = results.map((r) => [
    r.name,
    r.exitCode === 0 ? 'ok' : `FAILED (exit ${r.exitCode})`,
    casesCell(r.counts),
    `${r.seconds.toFixed(1)} s`,
  ]);
  const header = ['step', 'result', 'cases', 'time'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\n${line(header)}`);
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<number> {
  const results: StepResult[] = [];
  const started = performance.now();
  rmSync(lighthouseSummary, { force: true });

  // A Ctrl-C between steps (or while a step's setup runs) ends the run after it, so its cleanup still happens.
  const stopAfterStep = () => {
    interrupted = true;
  };
  process.on('SIGINT', stopAfterStep);
  process.on('SIGTERM', stopAfterStep);

  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as Step;
    const partner = steps[i + 1]?.alongsidePrevious ? steps[i + 1] : undefined;
    if (partner) i++;
    const group = await runGroup(step, partner);
    results.push(...group);
    const stops = (r: StepResult) => r.exitCode !== 0 && !steps.find((s) => s.name === r.name)?.keepGoing;
    if (group.some(stops) || interrupted) break;
  }

  printTable(results);
  const skipped = steps.slice(results.length).map((step) => step.name);
  if (skipped.length > 0) console.log(`not run: ${skipped.join(', ')}`);
  console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);

  rmSync(reportDir, { recursive: true, force: true });
  console.log(summaryLine(totals(results)));
  return results.every((r) => r.exitCode === 0) && !interrupted ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    console.log(summaryLine({ passed: 0, failed: 1, flaky: [] }));
    process.exitCode = 1;
  },
);
