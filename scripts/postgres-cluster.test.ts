import { describe, expect, it } from 'vitest';
import { POSTGRES_ONLY_PREFIX } from '../server/postgres-only';
import { postgresOnlyProblem } from './postgres-cluster';

const report = (...cases: { fullName: string; status: string }[]) => ({
  testResults: [{ assertionResults: cases }],
});

describe('the PostgreSQL step’s check of its report', () => {
  it('passes when the PostgreSQL-only cases ran and passed', () => {
    expect(
      postgresOnlyProblem(
        report(
          {
            fullName: `${POSTGRES_ONLY_PREFIX} many connections runs two transactions at once`,
            status: 'passed',
          },
          { fullName: 'embedded PGlite on its own thread opens', status: 'skipped' },
        ),
      ),
    ).toBeNull();
  });

  it('fails when they were skipped, as they are without TEST_DATABASE_URL', () => {
    expect(
      postgresOnlyProblem(
        report({
          fullName: `${POSTGRES_ONLY_PREFIX} many connections runs two transactions at once`,
          status: 'skipped',
        }),
      ),
    ).toMatch(/did not pass/);
  });

  it('fails when none ran at all, or the report is missing', () => {
    expect(postgresOnlyProblem(report({ fullName: 'testApp runs', status: 'passed' }))).toBe(
      'no PostgreSQL-only test ran',
    );
    expect(postgresOnlyProblem(undefined)).toBe('no PostgreSQL-only test ran');
  });
});
