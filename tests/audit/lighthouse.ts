/**
 * `npm run audit:lighthouse`: the Lighthouse budgets of the built shop.
 *
 * Starts the real server (production mode, fresh temp data dir, 127.0.0.1, free port) on the current dist/, then
 * runs Lighthouse's default config (mobile emulation + simulated throttling) three times on each page of
 * auditedPages (./budgets) in a fresh Debian Chromium, and scores each page by the median of its runs, per category
 * and per metric, so one noisy run on a busy machine does not decide. Each run gathers first (an unthrottled load,
 * with Lighthouse's BenchmarkIndex of the host measured just before it), then audits with the CPU slowdown
 * calibrated from that index (docs/throttling.md of Lighthouse), so a slower or busier host emulates the same
 * phone, not a slower one. It fails below GUARD (./budgets) and on any CLS: a regression guard; the targets are
 * printed beside the medians. Writes .lighthouse/summary.json and every run's report beside it, and appends the
 * medians to .lighthouse/history.jsonl.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromiumArgs, chromiumPath, ensureBuilt, repoRoot } from '../e2e/support/env';
import { type ShopServer, startShopServer } from '../e2e/support/server';
import {
  appendHistory,
  auditedPages,
  budgetFailures,
  type Category,
  CLS_TOLERANCE,
  carriesNoindex,
  categories,
  GUARD,
  type HistoryEntry,
  jsTransferBytes,
  median,
  medianMeasure,
  type PageToAudit,
  performanceTrend,
  readHistory,
  scriptTransfers,
  skippedAudits,
  TARGETS,
} from './budgets';
import {
  calculatorSlowdown,
  cpuSlowdownFor,
  DEFAULT_CPU_SLOWDOWN,
  REFERENCE_HOST_BENCHMARK_INDEX,
} from './calibration';
import { auditTestNumbers, signedInWithCart } from './checkout-setup';

// Three: enough for a median that one noisy run cannot move, at a guard's bar that a busy host's dip stays above.
const RUNS_PER_PAGE = 3;
/** How many earlier runs of the history the summary prints beside this one. */
const TREND_RUNS = 5;
/** Extra attempts for a run that Lighthouse could not measure (runtimeError), not for a low score. */
const MEASUREMENT_RETRIES = 2;

interface RunScores {
  scores: Record<Category, number>;
  /** The host's BenchmarkIndex that Lighthouse measured for the run, and the CPU slowdown calibrated from it. */
  benchmarkIndex: number;
  cpuSlowdown: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript bytes the browser moved on this first load (brotli here: the server sends it when asked). */
  jsTransferBytes: number;
  /** The same scripts as gzip moves them: a figure beside the build's budget (./js-budget.ts). */
  jsGzipBytes: number;
  /** Whether the loaded page carried robots noindex. */
  noindex: boolean;
}

interface PageSummary {
  name: string;
  path: string;
  indexed: boolean;
  runs: RunScores[];
  /** Medians over the runs; noindex when most runs carried it. */
  median: RunScores;
  passed: boolean;
  /** The targets this page misses (printed; only GUARD and CLS fail the audit). */
  targetMisses: string[];
  /** Budgets missed, e.g. "accessibility 96 < 100". */
  failures: string[];
  /** Audits that scored below 1 in the accessibility, best-practices or SEO category in any run. */
  failingAudits: string[];
  notes: string[];
}

const outDir = join(repoRoot, '.lighthouse');
/** Gitignored with the rest of .lighthouse/: each run appends to it, so committing it would dirty every checkout. */
const historyFile = join(outDir, 'history.jsonl');

/** Bytes of a script's body when only gzip is accepted (what a gzip-only browser would move), cached per URL. */
const gzipBytesByUrl = new Map<string, Promise<number>>();
function gzipBytes(url: string): Promise<number> {
  let bytes = gzipBytesByUrl.get(url);
  if (!bytes) {
    bytes = new Promise<number>((resolve, reject) => {
      get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          length += chunk.length;
        });
        response.on('end', () =>
          response.statusCode === 200 ? resolve(length) : reject(new Error(`${url}: ${response.statusCode}`)),
        );
        response.on('error', reject);
      }).on('error', reject);
      // A script that cannot be fetched again counts as unmeasured.
    }).catch(() => Number.NaN);
    gzipBytesByUrl.set(url, bytes);
  }
  return bytes;
}

async function startServer(): Promise<ShopServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'));
  const log = createWriteStream(join(outDir, 'server.log'));
  try {
    const server = await startShopServer({
      dataDir,
      output: log,
      env: {
        NODE_ENV: 'production',
        // Production refuses to start without a signing secret or with codes printed to the log: this
        // audit server is local and throw-away, so it gets a random secret and the log adapter knowingly.
        AUTH_SECRET: randomBytes(32).toString('hex'),
        OTP_ALLOW_LOG_IN_PRODUCTION: 'true',
        // …and the sandbox, where no money moves, knowingly too.
        PAYMENT_PROVIDER: 'sandbox',
        SANDBOX_IN_PRODUCTION: 'true',
        OTP_TEST_NUMBERS: auditTestNumbers(),
        DATABASE_URL: '',
      },
    });
    return {
      ...server,
      stop: async () => {
        await server.stop();
        log.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

interface AuditedRun {
  lhr: Result;
  /** The host's BenchmarkIndex that Lighthouse measured right before this run's page load. */
  benchmarkIndex: number;
  cpuSlowdown: number;
  noindex: boolean;
}

/**
 * One Lighthouse run in a fresh browser, so no run inherits another's caches or compiled code. Simulated
 * throttling applies the CPU slowdown when auditing the recorded load, so the load is gathered first and the
 * slowdown then calibrated from the BenchmarkIndex of that very gathering.
 */
async function auditOnce(
  baseUrl: string,
  page: PageToAudit,
  run: number,
  track: (c: LaunchedChrome | null) => void,
): Promise<AuditedRun> {
  const url = `${baseUrl}${page.path}`;
  const artifactsDir = join(outDir, `${page.name}-${run}.artifacts`);
  rmSync(artifactsDir, { recursive: true, force: true });
  const flags: Flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    // The not-found page answers 404, which Lighthouse refuses to score unless told; http-status-code checks the rest.
    ignoreStatusCode: true,
    skipAudits: skippedAudits(page),
    // The set-up state (the session, the cart) is the page's input; the setup itself cleared every cache.
    ...(page.setup ? { disableStorageReset: true } : {}),
  };
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: [...chromiumArgs, '--headless=new'],
    logLevel: 'silent',
  });
  track(chrome);
  try {
    if (page.setup === 'signedInWithCart') await signedInWithCart(baseUrl, chrome.port);
    await lighthouse(url, { ...flags, port: chrome.port, gatherMode: artifactsDir });
  } finally {
    chrome.kill();
    track(null);
  }
  const artifactsFile = join(artifactsDir, 'artifacts.json');
  const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as {
    BenchmarkIndex?: number;
    MetaElements?: { name?: string; content?: string }[];
    settings: { throttlingMethod: string; throttling: { cpuSlowdownMultiplier: number } };
  };
  if (artifacts.settings.throttlingMethod !== 'simulate')
    throw new Error('calibration needs simulated throttling');
  const benchmarkIndex = Math.round(artifacts.BenchmarkIndex ?? REFERENCE_HOST_BENCHMARK_INDEX);
  const cpuSlowdown = cpuSlowdownFor(benchmarkIndex);
  // Lighthouse audits only with the settings it gathered with; a simulated load ran unthrottled, so the CPU
  // slowdown it records is not yet used, and the calibrated one takes its place.
  artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdown;
  writeFileSync(artifactsFile, JSON.stringify(artifacts));
  // Merged into Lighthouse's mobile throttling (Slow 4G network, simulated): only the CPU part changes.
  const result = await lighthouse(url, {
    ...flags,
    auditMode: artifactsDir,
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
  });
  rmSync(artifactsDir, { recursive: true, force: true });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const report = Array.isArray(result.report) ? result.report.join('') : result.report;
  writeFileSync(join(outDir, `${page.name}-${run}.json`), report);
  return {
    lhr: result.lhr,
    benchmarkIndex,
    cpuSlowdown,
    noindex: carriesNoindex(artifacts.MetaElements ?? []),
  };
}

async function scoresOf({ lhr, benchmarkIndex, cpuSlowdown, noindex }: AuditedRun): Promise<RunScores> {
  const score = (id: Category) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsTransferBytes: jsTransferBytes(lhr),
    jsGzipBytes: lhr.runtimeError
      ? Number.NaN
      : (await Promise.all(scriptTransfers(lhr).map((script) => gzipBytes(script.url)))).reduce(
          (a, b) => a + b,
          0,
        ),
    noindex,
    benchmarkIndex,
    cpuSlowdown,
  };
}

/** Audits below a perfect score in the pass/fail categories, named so a failure can be acted on. */
function failingAuditsOf(lhr: Result): string[] {
  const failing: string[] = [];
  for (const id of ['accessibility', 'best-practices', 'seo'] as const) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.push(`${id}: ${audit.id} (${audit.title})`);
      }
    }
  }
  return failing;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

function printTable(summaries: PageSummary[]): void {
  const header = [
    'page',
    `perf (target ${TARGETS.scores.performance})`,
    'a11y',
    'best-pr',
    'SEO',
    'LCP ms',
    'TBT ms',
    'CLS',
    'JS KB',
    'JS gzip KB',
    'host index',
    'CPU',
    'budgets',
  ];
  const rows = summaries.map((s) => [
    `${s.name} (${s.path})`,
    `${s.median.scores.performance} ${s.median.scores.performance >= TARGETS.scores.performance ? 'met' : 'short'}`,
    String(s.median.scores.accessibility),
    String(s.median.scores['best-practices']),
    s.indexed ? String(s.median.scores.seo) : `(${s.median.scores.seo})`,
    String(Math.round(s.median.lcpMs)),
    String(Math.round(s.median.tbtMs)),
    s.median.cls.toFixed(3),
    kib(s.median.jsTransferBytes),
    kib(s.median.jsGzipBytes),
    String(s.median.benchmarkIndex),
    // Two decimals, as each run's slowdown has.
    `${Number(s.median.cpuSlowdown.toFixed(2))}x`,
    s.passed ? (s.targetMisses.length === 0 ? 'met' : 'met (targets missed)') : 'MISSED',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(
    `\nLighthouse, median of each page's ${RUNS_PER_PAGE} runs (mobile, simulated throttling, CPU slowdown ${DEFAULT_CPU_SLOWDOWN}x at host BenchmarkIndex ${REFERENCE_HOST_BENCHMARK_INDEX}, scaled to each run's index by Lighthouse's calculator).` +
      `\nGuard (npm test fails below): performance >= ${GUARD.scores.performance}, accessibility and best practices ${GUARD.scores.accessibility}, SEO ${GUARD.scores.seo} where indexed ((n) = noindex page, no SEO budget),` +
      ` CLS 0 (<= ${CLS_TOLERANCE} float noise), robots noindex where not indexed. Target, printed only: performance >= ${TARGETS.scores.performance}.` +
      `\nJS KB: the scripts of the first load as the browser moved them (brotli, headers included); JS gzip KB: the same scripts' gzip bodies (a figure: the budget is the build's, npm run audit:js).`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** The checked-out commit, with a + when the tree has changes: what a history line's figures belong to. */
function currentCommit(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
  if (head.status !== 0) return 'unknown';
  const status = spawnSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' });
  return `${head.stdout.trim()}${status.stdout.trim() === '' ? '' : '+'}`;
}

function historyEntry(at: string, summaries: readonly PageSummary[]): HistoryEntry {
  return {
    at,
    commit: currentCommit(),
    runsPerPage: RUNS_PER_PAGE,
    pages: Object.fromEntries(
      summaries.map((s) => [
        s.name,
        { scores: s.median.scores, cls: s.median.cls, lcpMs: s.median.lcpMs, tbtMs: s.median.tbtMs },
      ]),
    ),
  };
}

/** Each page's performance median in the last runs of the history, then this run's. */
function printTrend(earlier: readonly HistoryEntry[], summaries: readonly PageSummary[]): void {
  const shown = earlier.slice(-TREND_RUNS);
  console.log(
    `\nPerformance medians, ${shown.length} earlier runs of ${historyFile.replace(`${repoRoot}/`, '')} (oldest first), then this one:`,
  );
  for (const s of summaries) {
    const trend = performanceTrend(shown, s.name, TREND_RUNS).map((score) =>
      Number.isNaN(score) ? '-' : String(score),
    );
    console.log(`  ${s.name.padEnd(20)} ${[...trend, `[${s.median.scores.performance}]`].join(' ')}`);
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  mkdirSync(outDir, { recursive: true });
  rmSync(join(outDir, 'summary.json'), { force: true });
  ensureBuilt();

  let chrome: LaunchedChrome | null = null;
  let server: ShopServer | null = null;
  const stopAll = async () => {
    chrome?.kill();
    chrome = null;
    await server?.stop();
    server = null;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const track = (c: LaunchedChrome | null) => {
    chrome = c;
  };
  const summaries: PageSummary[] = [];
  try {
    server = await startServer();
    const baseUrl = server.baseURL;
    console.log(`server ready at ${baseUrl}`);

    // `npm run audit:lighthouse -- checkout home` audits only the pages named; npm test audits them all.
    const only = process.argv.slice(2);
    for (const page of auditedPages.filter((p) => only.length === 0 || only.includes(p.name))) {
      const runs: RunScores[] = [];
      const failingAudits = new Set<string>();
      const notes = new Set<string>();
      for (let run = 1; run <= RUNS_PER_PAGE; run++) {
        const runStarted = performance.now();
        let audited = await auditOnce(baseUrl, page, run, track);
        // A runtime error (e.g. NO_NAVSTART) means Lighthouse failed to measure, not that the page scored 0;
        // Lighthouse itself says "run again". Retry a little; a page that keeps erroring still fails with 0s.
        for (let attempt = 1; audited.lhr.runtimeError && attempt <= MEASUREMENT_RETRIES; attempt++) {
          notes.add(`run ${run}: ${audited.lhr.runtimeError.code}, measured again`);
          audited = await auditOnce(baseUrl, page, run, track);
        }
        const { lhr } = audited;
        if (lhr.runtimeError)
          notes.add(`runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        for (const warning of lhr.runWarnings) notes.add(`warning: ${warning}`);
        for (const audit of failingAuditsOf(lhr)) failingAudits.add(audit);
        const scores = await scoresOf(audited);
        runs.push(scores);
        console.log(
          `${page.path} run ${run} of ${RUNS_PER_PAGE}: ${categories.map((c) => `${c} ${scores.scores[c]}`).join(', ')}` +
            `; LCP ${Math.round(scores.lcpMs)} ms, TBT ${Math.round(scores.tbtMs)} ms, CLS ${scores.cls.toFixed(3)},` +
            ` JS ${kib(scores.jsTransferBytes)} KB (${kib(scores.jsGzipBytes)} KB gzip); host index ${scores.benchmarkIndex},` +
            ` CPU slowdown ${scores.cpuSlowdown}x (calculator ${calculatorSlowdown(scores.benchmarkIndex).toFixed(2)}x)` +
            ` (${((performance.now() - runStarted) / 1000).toFixed(1)} s)`,
        );
      }
      const medianRun: RunScores = {
        ...medianMeasure(runs),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
        cpuSlowdown: median(runs.map((r) => r.cpuSlowdown)),
        jsTransferBytes: median(runs.map((r) => r.jsTransferBytes)),
        jsGzipBytes: median(runs.map((r) => r.jsGzipBytes)),
      };
      const failures = budgetFailures(page, medianRun, GUARD);
      const targetMisses = budgetFailures(page, medianRun, TARGETS);
      summaries.push({
        name: page.name,
        path: page.path,
        indexed: page.indexed,
        runs,
        median: medianRun,
        passed: failures.length === 0,
        failures,
        targetMisses,
        failingAudits: [...failingAudits],
        notes: [...notes],
      });
    }
  } finally {
    await stopAll();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  const seconds = (performance.now() - started) / 1000;
  const generatedAt = new Date().toISOString();
  writeFileSync(
    join(outDir, 'summary.json'),
    `${JSON.stringify({ generatedAt, runsPerPage: RUNS_PER_PAGE, budgets: { targets: TARGETS, guard: GUARD, seoOnIndexedPagesOnly: true, cls: 0, clsTolerance: CLS_TOLERANCE }, seconds, pages: summaries }, null, 2)}\n`,
  );
  const earlier = readHistory(historyFile);
  appendHistory(historyFile, historyEntry(generatedAt, summaries));

  printTable(summaries);
  printTrend(earlier, summaries);
  for (const s of summaries) {
    for (const note of s.notes) console.log(`${s.path}: ${note}`);
    if (s.failingAudits.length > 0)
      console.log(`${s.path} audits below 1:\n  ${s.failingAudits.join('\n  ')}`);
  }
  for (const s of summaries) {
    if (s.targetMisses.length > 0) console.log(`target missed ${s.path}: ${s.targetMisses.join('; ')}`);
  }
  const failed = summaries.filter((s) => !s.passed);
  for (const s of failed) console.log(`BUDGET MISSED ${s.path}: ${s.failures.join('; ')}`);
  console.log(
    `${failed.length === 0 ? 'all budgets met' : `${failed.length} of ${summaries.length} pages over budget`}` +
      ` (${seconds.toFixed(0)} s; reports in .lighthouse/)`,
  );
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
