import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import { chromiumArgs, chromiumPath, ensureBuilt, freePortSync, repoRoot } from './tests/e2e/support/env';

/*
 * Playwright evaluates this file in the runner process and again in every worker. The runner picks the port and
 * the data dir once and puts them in process.env, which the workers inherit, so all of them agree.
 * E2E_PORT / E2E_DATA_DIR may also be given from outside (then the data dir is not deleted afterwards).
 */
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(freePortSync());
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // Runs after the web server has been stopped (Playwright stops it before the runner exits).
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
/*
 * The server serves dist/, so dist/ must be current before the web server starts. Playwright starts webServer
 * BEFORE globalSetup, hence the check runs here, once, in the runner process. `npm test` has just built, so
 * there it is a no-op; a lone `npx playwright test` rebuilds only when a source is newer than dist/index.html.
 */
if (!process.env.E2E_BUILD_CHECKED && !process.argv.includes('--list')) {
  process.env.E2E_BUILD_CHECKED = '1';
  ensureBuilt();
}

const port = Number(process.env.E2E_PORT);
/** +919876500001 … +919876500016, all with the code 246810 (tests/e2e/auth.spec.ts picks its own). */
const E2E_OTP_TEST_NUMBERS = Array.from(
  { length: 16 },
  (_, i) => `+9198765${String(i + 1).padStart(5, '0')}:246810`,
).join(',');
const baseURL = `http://127.0.0.1:${port}`;
const isCI = !!process.env.CI;
// A fixed Android Chrome UA (not Playwright's device table, which changes between Playwright releases).
const mobileUserAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

const reporter: ReporterDescription[] = [['list']];
// tests/run-all.ts reads the case counts from this file.
if (process.env.E2E_JSON_REPORT) reporter.push(['json', { outputFile: process.env.E2E_JSON_REPORT }]);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // One server and one database are shared by every test, and some tests change server-wide state
  // (maintenance mode): run one test at a time, in file order, so no test can see another's state.
  fullyParallel: false,
  workers: 1,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    colorScheme: 'dark',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'mobile',
      use: {
        browserName: 'chromium',
        userAgent: mobileUserAgent,
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      name: 'desktop',
      // These journeys are written for the phone layout (390×844); they run in the mobile project only.
      testIgnore: ['**/catalogue.spec.ts', '**/cart-offline.spec.ts'],
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
      },
    },
  ],
  webServer: {
    // `tsx server/main.ts` as one node process (see tsNodeArgs in tests/e2e/support/env.ts), so SIGTERM reaches
    // the server exactly once and it can finish in-flight requests and close the database.
    command: 'node --import tsx server/main.ts',
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      STATIC_DIR: join(repoRoot, 'dist'),
      // Always the fresh embedded database above; E2E_DATABASE_URL opts into PostgreSQL (empty = unset).
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      // Test numbers with a fixed code (nothing is sent to them), used by tests/e2e/auth.spec.ts: one number per
      // test, project and retry, because a number gets at most 5 codes an hour and a 30 s cool-down between codes.
      OTP_TEST_NUMBERS: E2E_OTP_TEST_NUMBERS,
    },
  },
});
