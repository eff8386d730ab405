/**
 * `npm run audit:lighthouse`: the Lighthouse budgets of the built shop.
 *
 * Starts the real server (production mode, fresh temp data dir, 127.0.0.1, free port) on the current dist/, then
 * runs Lighthouse's default config (mobile emulation + simulated throttling) three times on each page in a fresh
 * Debian Chromium, and scores each page by the median of its runs, per category and per metric, so one noisy run
 * on a busy machine does not decide. Each run gathers first (an unthrottled load, with Lighthouse's BenchmarkIndex
 * of the host measured just before it), then audits with the CPU slowdown calibrated from that index
 * (docs/throttling.md of Lighthouse), so a slower or busier host emulates the same phone, not a slower one. Fails below performance 90 or below 100 in accessibility, best practices
 * or SEO. Writes .lighthouse/summary.json and every run's report beside it.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromiumArgs, chromiumPath, ensureBuilt, repoRoot } from '../e2e/support/env';
import { type ShopServer, startShopServer } from '../e2e/support/server';

/*
 * Lighthouse's mobile default, a 4x CPU slowdown, assumes a high-end desktop host (docs/throttling.md, "Calibrating
 * the CPU slowdown"): BenchmarkIndex 1533 is the 4x point of Lighthouse's CPU throttling calculator. A slower or
 * busier host measures a lower index and gets the smaller slowdown the calculator gives for it, so it is not scored
 * as a slower phone. A host above the reference keeps the default 4x the budgets were set against (the calculator
 * would go up to ~10x there; the note printed with the scores says when that is the case).
 */
const REFERENCE_HOST_BENCHMARK_INDEX = 1533;
const DEFAULT_CPU_SLOWDOWN = 4;

/** Lighthouse's CPU throttling calculator (lighthouse-cpu-throttling-calculator), piecewise linear. */
function calculatorSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** The CPU slowdown a run on a host of this BenchmarkIndex is scored with: the calculator's, at most the default. */
function cpuSlowdownFor(benchmarkIndex: number): number {
  return Math.round(Math.min(DEFAULT_CPU_SLOWDOWN, calculatorSlowdown(benchmarkIndex)) * 100) / 100;
}

// Five, not three: a single run's TBT on this class of host ranges over 5x at the same slowdown, and the median of five holds.
const RUNS_PER_PAGE = 5;
/** Extra attempts for a run that Lighthouse could not measure (runtimeError), not for a low score. */
const MEASUREMENT_RETRIES = 2;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];
/** Minimum median score (0–100) per category: the targets of issue 2, item 9. */
const budgets: Record<Category, number> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

interface PageToAudit {
  name: string;
  path: string;
  /** Audits that do not apply to this page, each with the reason. */
  skipAudits?: readonly string[];
}

const pages: readonly PageToAudit[] = [
  { name: 'home', path: '/' },
  { name: 'content', path: '/about-us' },
  {
    name: 'not-found',
    path: '/no-such-page',
    // Both audits ask "should a search engine index this page?", and for a not-found page the right answer is
    // no: a soft 404 should carry `noindex` (is-crawlable fails on it) and a real 404 status is correct
    // (http-status-code fails on it). Their pass condition is inverted here, so they are skipped on this page
    // only; / and /about-us still run them, so a robots.txt block or an X-Robots-Tag would still fail there.
    // errors-in-console: the browser logs every 404 document as "Failed to load resource", which is the point here;
    // the e2e suite fails on console errors of the pages it visits.
    skipAudits: ['is-crawlable', 'http-status-code', 'errors-in-console'],
  },
];

interface RunScores {
  scores: Record<Category, number>;
  /** The host's BenchmarkIndex that Lighthouse measured for the run, and the CPU slowdown calibrated from it. */
  benchmarkIndex: number;
  cpuSlowdown: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface PageSummary {
  name: string;
  path: string;
  runs: RunScores[];
  median: RunScores;
  passed: boolean;
  /** Budgets missed, e.g. "accessibility 96 < 100". */
  failures: string[];
  /** Audits that scored below 1 in the accessibility, best-practices or SEO category in any run. */
  failingAudits: string[];
  notes: string[];
}

const outDir = join(repoRoot, '.lighthouse');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
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
}

/**
 * One Lighthouse run in a fresh browser, so no run inherits another's caches or compiled code. Simulated
 * throttling applies the CPU slowdown when auditing the recorded load, so the load is gathered first and the
 * slowdown then calibrated from the BenchmarkIndex of that very gathering.
 */
async function auditOnce(
  url: string,
  page: PageToAudit,
  run: number,
  track: (c: LaunchedChrome | null) => void,
): Promise<AuditedRun> {
  const artifactsDir = join(outDir, `${page.name}-${run}.artifacts`);
  rmSync(artifactsDir, { recursive: true, force: true });
  const flags: Flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    // The not-found page answers 404, which Lighthouse refuses to score unless told; http-status-code checks the rest.
    ignoreStatusCode: true,
    ...(page.skipAudits ? { skipAudits: [...page.skipAudits] } : {}),
  };
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: [...chromiumArgs, '--headless=new'],
    logLevel: 'silent',
  });
  track(chrome);
  try {
    await lighthouse(url, { ...flags, port: chrome.port, gatherMode: artifactsDir });
  } finally {
    chrome.kill();
    track(null);
  }
  const artifactsFile = join(artifactsDir, 'artifacts.json');
  const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as {
    BenchmarkIndex?: number;
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
  return { lhr: result.lhr, benchmarkIndex, cpuSlowdown };
}

function scoresOf({ lhr, benchmarkIndex, cpuSlowdown }: AuditedRun): RunScores {
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

function printTable(summaries: PageSummary[]): void {
  const header = [
    'page',
    'performance',
    'accessibility',
    'best-practices',
    'SEO',
    'LCP ms',
    'TBT ms',
    'CLS',
    'host index',
    'CPU slowdown',
  ];
  const rows = summaries.map((s) => [
    `${s.name} (${s.path})`,
    String(s.median.scores.performance),
    String(s.median.scores.accessibility),
    String(s.median.scores['best-practices']),
    String(s.median.scores.seo),
    String(Math.round(s.median.lcpMs)),
    String(Math.round(s.median.tbtMs)),
    s.median.cls.toFixed(3),
    String(s.median.benchmarkIndex),
    `${s.median.cpuSlowdown}x`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  console.log(
    `\nLighthouse, median of ${RUNS_PER_PAGE} runs per page (mobile, simulated throttling, CPU slowdown from each host BenchmarkIndex by Lighthouse's calculator, at most ${DEFAULT_CPU_SLOWDOWN}x):`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
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

    for (const page of pages) {
      const runs: RunScores[] = [];
      const failingAudits = new Set<string>();
      const notes = new Set<string>();
      for (let run = 1; run <= RUNS_PER_PAGE; run++) {
        const runStarted = performance.now();
        let audited = await auditOnce(`${baseUrl}${page.path}`, page, run, track);
        // A runtime error (e.g. NO_NAVSTART) means Lighthouse failed to measure, not that the page scored 0;
        // Lighthouse itself says "run again". Retry a little; a page that keeps erroring still fails with 0s.
        for (let attempt = 1; audited.lhr.runtimeError && attempt <= MEASUREMENT_RETRIES; attempt++) {
          notes.add(`run ${run}: ${audited.lhr.runtimeError.code}, measured again`);
          audited = await auditOnce(`${baseUrl}${page.path}`, page, run, track);
        }
        const { lhr } = audited;
        if (lhr.runtimeError)
          notes.add(`runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        for (const warning of lhr.runWarnings) notes.add(`warning: ${warning}`);
        for (const audit of failingAuditsOf(lhr)) failingAudits.add(audit);
        const scores = scoresOf(audited);
        runs.push(scores);
        console.log(
          `${page.path} run ${run}/${RUNS_PER_PAGE}: ${categories.map((c) => `${c} ${scores.scores[c]}`).join(', ')}` +
            `; TBT ${Math.round(scores.tbtMs)} ms; host index ${scores.benchmarkIndex},` +
            ` CPU slowdown ${scores.cpuSlowdown}x (calculator ${calculatorSlowdown(scores.benchmarkIndex).toFixed(2)}x)` +
            ` (${((performance.now() - runStarted) / 1000).toFixed(1)} s)`,
        );
      }
      const medianScores = {} as Record<Category, number>;
      for (const c of categories) medianScores[c] = median(runs.map((r) => r.scores[c]));
      const medianRun: RunScores = {
        scores: medianScores,
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
        cpuSlowdown: median(runs.map((r) => r.cpuSlowdown)),
      };
      const failures = categories
        .filter((c) => !(medianScores[c] >= budgets[c]))
        .map((c) => `${c} ${medianScores[c]} < ${budgets[c]}`);
      summaries.push({
        name: page.name,
        path: page.path,
        runs,
        median: medianRun,
        passed: failures.length === 0,
        failures,
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
  writeFileSync(
    join(outDir, 'summary.json'),
    `${JSON.stringify({ generatedAt: new Date().toISOString(), runsPerPage: RUNS_PER_PAGE, budgets, seconds, pages: summaries }, null, 2)}\n`,
  );

  printTable(summaries);
  for (const s of summaries) {
    for (const note of s.notes) console.log(`${s.path}: ${note}`);
    if (s.failingAudits.length > 0)
      console.log(`${s.path} audits below 1:\n  ${s.failingAudits.join('\n  ')}`);
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
