/**
 * The pages `npm run audit:lighthouse` audits and the budgets each must meet, with the pure helpers that score a
 * page from its Lighthouse runs: the median, the first-load JavaScript bytes of a report, and the budget check.
 */
import { z } from 'zod';

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof categories)[number];

/** A set of limits a page's medians are held to. */
export interface Limits {
  /** Minimum median score (0–100) per category on every page; SEO only on pages meant to be indexed. */
  scores: Record<Category, number>;
  /** First-load JavaScript, gzip-transferred, on / and the product pages. */
  jsGzipBytes: number;
}

/** Where the shop means to be: the audit prints every page that misses these. */
export const TARGETS: Limits = {
  scores: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
  jsGzipBytes: 120 * 1024,
};

/**
 * What `npm test` fails below: the targets, except where the shop does not reach them yet: performance 90 (the bar
 * the suite has held since the calibrated audit; every page has measured 90–100), and the first-load
 * JavaScript a margin over today's 154 KB (React DOM, TanStack Router and Query and the page's own code; zod, XState
 * and date-fns are off it). Raise these as the figures improve, never lower them to let a regression through; a page that cannot
 * meet one yet says so in its `performanceFloor`.
 */
export const ENFORCED: Limits = {
  scores: { ...TARGETS.scores, performance: 90 },
  jsGzipBytes: 165 * 1024,
};

/** The limits `npm test` holds this page to: ENFORCED, with the page's own performance floor where it has one. */
export function enforcedLimits(page: PageToAudit): Limits {
  if (page.performanceFloor === undefined) return ENFORCED;
  return { ...ENFORCED, scores: { ...ENFORCED.scores, performance: page.performanceFloor } };
}

/** CLS must be 0; Lighthouse sums shift scores in floating point, so up to this much counts as 0. */
export const CLS_TOLERANCE = 0.001;

export interface PageToAudit {
  name: string;
  path: string;
  /** False for a page that carries robots noindex: it must carry it, and has no is-crawlable audit or SEO budget. */
  indexed: boolean;
  /** Held to the JavaScript limit: the pages a buyer lands on from an ad or a search result. */
  jsBudget: boolean;
  /** Audits that do not apply to this page, beside is-crawlable on a noindex page. */
  skipAudits?: readonly string[];
  /** A lower enforced performance score for a page that does not reach ENFORCED yet, with the reason beside it. */
  performanceFloor?: number;
  /** The state the browser is put in before the load: a signed-in buyer with a cart (./checkout-setup). */
  setup?: 'signedInWithCart';
}

/** Every page the audit scores, in order; a new page a buyer lands on (the checkout) joins here. */
export const auditedPages: readonly PageToAudit[] = [
  { name: 'home', path: '/', indexed: true, jsBudget: true },
  { name: 'ibc-kit', path: '/ibc-kit', indexed: true, jsBudget: true },
  { name: 'custom-designed-bat', path: '/custom-designed-bat', indexed: true, jsBudget: true },
  // Held to 90 like the others: no audit on record has a median under 90 (92–99 before its libraries loaded one per task, 98–100 in six audits since).
  { name: 'sign-in', path: '/sign-in', indexed: false, jsBudget: false },
  { name: 'content', path: '/about-us', indexed: true, jsBudget: false },
  {
    // Reached from the cart: a signed-in buyer with the home kit in it, caches cold (./checkout-setup).
    name: 'checkout',
    path: '/checkout',
    indexed: false,
    jsBudget: false,
    setup: 'signedInWithCart',
    // Held to 90 like the others: ten audits of one commit in a row (25 Nov) had medians of 90 or more (97, 90, 93,
    // 98, 99, 98, 90, 94, 97, 97), once requests started in tasks of their own and the shell rendered once.
  },
  {
    name: 'not-found',
    path: '/no-such-page',
    indexed: false,
    jsBudget: false,
    // A real 404 status is right here, and http-status-code fails on it; / and the others still run it.
    // errors-in-console: the browser logs every 404 document as "Failed to load resource", which is the point here;
    // the e2e suite fails on console errors of the pages it visits.
    skipAudits: ['http-status-code', 'errors-in-console'],
  },
];

/** Lighthouse audits skipped on this page: is-crawlable fails on noindex by design, so a noindex page skips it. */
export function skippedAudits(page: PageToAudit): string[] {
  return [...(page.skipAudits ?? []), ...(page.indexed ? [] : ['is-crawlable'])];
}

/** The middle value (the mean of the middle two for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** Whether a page's meta elements (Lighthouse's MetaElements artifact) keep it out of search indexes. */
export function carriesNoindex(metaElements: readonly { name?: string; content?: string }[]): boolean {
  return metaElements.some(
    (meta) =>
      meta.name?.toLowerCase() === 'robots' &&
      (meta.content ?? '')
        .toLowerCase()
        .split(',')
        .some((token) => ['noindex', 'none'].includes(token.trim())),
  );
}

/** The part of a Lighthouse result these helpers read. */
export interface ReportAudits {
  audits: Record<string, { details?: unknown } | undefined>;
}

const tableDetails = z.object({
  items: z.array(
    z.object({
      url: z.string().optional(),
      resourceType: z.string().optional(),
      transferSize: z.number().optional(),
    }),
  ),
});

export interface ScriptTransfer {
  url: string;
  transferSize: number;
}

/** The scripts of a run's load (network-requests), each with the bytes it moved over the network. */
export function scriptTransfers(report: ReportAudits): ScriptTransfer[] {
  const parsed = tableDetails.safeParse(report.audits['network-requests']?.details);
  if (!parsed.success) return [];
  return parsed.data.items
    .filter((item) => item.resourceType === 'Script' && item.url !== undefined)
    .map((item) => ({ url: item.url ?? '', transferSize: item.transferSize ?? 0 }));
}

/**
 * JavaScript bytes transferred on the run's load: the Script requests of network-requests, or resource-summary's
 * script row when that table is absent; NaN when the report has neither.
 */
export function jsTransferBytes(report: ReportAudits): number {
  if (tableDetails.safeParse(report.audits['network-requests']?.details).success) {
    return scriptTransfers(report).reduce((sum, script) => sum + script.transferSize, 0);
  }
  const summary = tableDetails.safeParse(report.audits['resource-summary']?.details);
  const scriptRow = summary.success
    ? summary.data.items.find((item) => item.resourceType === 'script')
    : undefined;
  return scriptRow?.transferSize ?? Number.NaN;
}

/** A page's medians over its runs, as the budgets read them. */
export interface PageMeasure {
  scores: Record<Category, number>;
  cls: number;
  /** First-load JavaScript as gzip would transfer it. */
  jsGzipBytes: number;
  /** Whether the page carried robots noindex in most runs. */
  noindex: boolean;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** A page's medians over its runs, metric by metric; noindex when most runs carried it (a yes/no median). */
export function medianMeasure(runs: readonly PageMeasure[]): PageMeasure {
  const scores = {} as Record<Category, number>;
  for (const c of categories) scores[c] = median(runs.map((r) => r.scores[c]));
  return {
    scores,
    cls: median(runs.map((r) => r.cls)),
    jsGzipBytes: median(runs.map((r) => r.jsGzipBytes)),
    noindex: runs.filter((r) => r.noindex).length * 2 > runs.length,
  };
}

/** A run that scores `score` in every category with `size` as its CLS and JavaScript: the bounds of runs to come. */
function uniformRun(score: number, size: number, noindex: boolean): PageMeasure {
  const scores = Object.fromEntries(categories.map((c) => [c, score])) as Record<Category, number>;
  return { scores, cls: size, jsGzipBytes: size, noindex };
}
const worstRun = uniformRun(0, Number.POSITIVE_INFINITY, false);
const bestRun = uniformRun(100, 0, true);

/**
 * Whether the first runs of a page already decide its budgets on the median of all `planned` runs: 'met' when the
 * page passes however badly the runs to come score, 'missed' when it fails however well they score, undefined while
 * they could still tip it. Each budget is a threshold on one median, so the bounds are exact (an unmeasured
 * metric counts as the worst).
 */
export function settledOutcome(
  page: PageToAudit,
  runs: readonly PageMeasure[],
  planned: number,
  limits: Limits,
): 'met' | 'missed' | undefined {
  const measured = runs.map((r) => ({
    ...r,
    cls: Number.isNaN(r.cls) ? worstRun.cls : r.cls,
    jsGzipBytes: Number.isNaN(r.jsGzipBytes) ? worstRun.jsGzipBytes : r.jsGzipBytes,
  }));
  const toCome = Math.max(0, planned - runs.length);
  const padded = (run: PageMeasure) => medianMeasure([...measured, ...Array<PageMeasure>(toCome).fill(run)]);
  if (budgetFailures(page, padded(worstRun), limits).length === 0) return 'met';
  if (budgetFailures(page, padded(bestRun), limits).length > 0) return 'missed';
  return undefined;
}

/** The limits this page misses, each as one line (e.g. "performance 88 < 95"); empty when it meets them all. */
export function budgetFailures(page: PageToAudit, measure: PageMeasure, limits: Limits): string[] {
  const failures: string[] = [];
  for (const category of categories) {
    if (category === 'seo' && !page.indexed) continue;
    const score = measure.scores[category];
    if (!(score >= limits.scores[category]))
      failures.push(`${category} ${score} < ${limits.scores[category]}`);
  }
  if (!(measure.cls <= CLS_TOLERANCE)) failures.push(`CLS ${measure.cls.toFixed(4)} > 0`);
  if (page.jsBudget && !(measure.jsGzipBytes <= limits.jsGzipBytes)) {
    failures.push(`JS ${kib(measure.jsGzipBytes)} KB gzip > ${kib(limits.jsGzipBytes)} KB`);
  }
  if (!page.indexed && !measure.noindex)
    failures.push('no robots noindex meta on a page not meant to be indexed');
  return failures;
}
