import { describe, expect, it } from 'vitest';
import { casesCell, playwrightCounts, summaryLine, totals, vitestCounts } from './run-summary';

const test = (status: string, projectName = 'chromium') => ({ status, projectName, results: [] });

// A Playwright JSON report: a file suite with a describe, as the reporter nests them.
const report = {
  stats: { expected: 3, unexpected: 1, flaky: 2, skipped: 0 },
  suites: [
    {
      title: 'checkout.spec.ts',
      specs: [{ title: 'pays by card', tests: [test('flaky')] }],
      suites: [
        {
          title: 'offline',
          specs: [
            { title: 'keeps the cart', tests: [test('expected')] },
            { title: 'replays the outbox', tests: [test('flaky')] },
            { title: 'shows the banner', tests: [test('unexpected')] },
          ],
        },
      ],
    },
    { title: 'home.spec.ts', specs: [{ title: 'renders', tests: [test('expected'), test('expected', '')] }] },
  ],
};

describe('the e2e counts', () => {
  it('counts a test that passed only on its retry as flaky, apart from passed and failed, and names it', () => {
    expect(playwrightCounts(report)).toEqual({
      passed: 3,
      failed: 1,
      flaky: [
        '[chromium] checkout.spec.ts › pays by card',
        '[chromium] checkout.spec.ts › offline › replays the outbox',
      ],
    });
  });

  it('still counts flaky tests the stats report but the suites do not name', () => {
    expect(playwrightCounts({ stats: { expected: 1, unexpected: 0, flaky: 1 } })?.flaky).toEqual([
      '(unnamed)',
    ]);
  });

  it('has no counts without a report', () => {
    expect(playwrightCounts(undefined)).toBeUndefined();
    expect(vitestCounts(undefined)).toBeUndefined();
  });
});

describe('the summary line', () => {
  it('sums the steps, naming the flaky tests', () => {
    const flaky = playwrightCounts(report);
    const sum = totals([
      { exitCode: 0, counts: vitestCounts({ numPassedTests: 500, numFailedTests: 0 }) },
      { exitCode: 1, counts: flaky },
    ]);
    expect(summaryLine(sum)).toBe(
      '503 passed, 1 failed, 2 flaky ([chromium] checkout.spec.ts › pays by card; [chromium] checkout.spec.ts › offline › replays the outbox)',
    );
  });

  it('counts a failing step without cases as one failure, and says 0 flaky when none were', () => {
    expect(
      summaryLine(
        totals([
          { exitCode: 0, counts: { passed: 4, failed: 0 } },
          { exitCode: 2, counts: undefined },
        ]),
      ),
    ).toBe('4 passed, 1 failed, 0 flaky');
  });

  it("prints a step's flaky count in the table only where the step can have them", () => {
    expect(casesCell({ passed: 4, failed: 0 })).toBe('4 passed, 0 failed');
    expect(casesCell({ passed: 4, failed: 0, flaky: ['x'] })).toBe('4 passed, 0 failed, 1 flaky');
    expect(casesCell(undefined)).toBe('');
  });
});
