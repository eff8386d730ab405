/**
 * The counting behind `npm test`'s last line (tests/run-all.ts), kept pure so it can be tested: the test cases of
 * each step's report, and the summary a runner reads.
 */
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';

export interface Counts {
  passed: number;
  failed: number;
  /** Tests that failed, then passed on a retry: neither passed nor failed, named in the summary. */
  flaky?: string[];
}

function numberAt(value: unknown, key: string): number {
  if (typeof value !== 'object' || value === null) return 0;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'number' ? found : 0;
}

/** vitest's JSON reporter (Jest's format). */
export function vitestCounts(report: unknown): Counts | undefined {
  if (report === undefined) return undefined;
  return { passed: numberAt(report, 'numPassedTests'), failed: numberAt(report, 'numFailedTests') };
}

/** The tests of a Playwright suite whose status is `status`, each named "file › describe › title". */
function testsWithStatus(suite: JSONReportSuite, status: string, path: readonly string[]): string[] {
  const titles = [...path, suite.title].filter((title) => title !== '');
  const names: string[] = [];
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== status) continue;
      const project = test.projectName ? `[${test.projectName}] ` : '';
      names.push(`${project}${[...titles, spec.title].join(' › ')}`);
    }
  }
  for (const child of suite.suites ?? []) names.push(...testsWithStatus(child, status, titles));
  return names;
}

/**
 * Playwright's JSON reporter: `expected` passed first time, `unexpected` failed, `flaky` passed only on a retry.
 * The three are disjoint; a flaky test is counted on its own and named.
 */
export function playwrightCounts(report: unknown): Counts | undefined {
  if (typeof report !== 'object' || report === null) return undefined;
  const { stats, suites } = report as Partial<JSONReport>;
  const flaky = (suites ?? []).flatMap((suite) => testsWithStatus(suite, 'flaky', []));
  // The stats are the reporter's own count; a name the walk could not find still counts.
  const unnamed = Math.max(0, numberAt(stats, 'flaky') - flaky.length);
  return {
    passed: numberAt(stats, 'expected'),
    failed: numberAt(stats, 'unexpected'),
    flaky: [...flaky, ...Array<string>(unnamed).fill('(unnamed)')],
  };
}

export interface StepOutcome {
  exitCode: number;
  counts: Counts | undefined;
}

/** The steps' cases summed; a failing step with no cases of its own (tsc, biome, build) or no report counts as one. */
export function totals(results: readonly StepOutcome[]): Required<Counts> {
  let passed = 0;
  let failed = 0;
  const flaky: string[] = [];
  for (const result of results) {
    passed += result.counts?.passed ?? 0;
    failed += Math.max(result.counts?.failed ?? 0, result.exitCode !== 0 ? 1 : 0);
    flaky.push(...(result.counts?.flaky ?? []));
  }
  return { passed, failed, flaky };
}

/** The last line of the run: `N passed, N failed, N flaky` and the flaky tests' names in brackets. */
export function summaryLine({ passed, failed, flaky }: Required<Counts>): string {
  const names = flaky.length > 0 ? ` (${flaky.join('; ')})` : '';
  return `${passed} passed, ${failed} failed, ${flaky.length} flaky${names}`;
}

/** A step's cases for the table: empty without a report. */
export function casesCell(counts: Counts | undefined): string {
  if (!counts) return '';
  const flaky = counts.flaky === undefined ? '' : `, ${counts.flaky.length} flaky`;
  return `${counts.passed} passed, ${counts.failed} failed${flaky}`;
}
