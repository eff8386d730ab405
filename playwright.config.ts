import { defineConfig, type ReporterDescription } from '@playwright/test';
import { chromiumArgs, chromiumPath, ensureBuilt } from './tests/e2e/support/env';

/*
 * Each worker starts its own shop server on a free port with its own fresh database (the worker fixture in
 * tests/e2e/support/fixtures.ts), so a test that changes server-wide state (maintenance mode, a price, stock)
 * never affects a test of another worker, and every test may run in any worker.
 *
 * The servers serve dist/, so dist/ must be current first. This file is evaluated in the runner and again in
 * every worker: the check runs once, in the runner. `npm test` has just built, so there it is a no-op; a lone
 * `npx playwright test` rebuilds only when a source is newer than the last build.
 */
if (!process.env.E2E_BUILD_CHECKED && !process.argv.includes('--list')) {
  process.env.E2E_BUILD_CHECKED = '1';
  ensureBuilt();
}

// Workers on one PostgreSQL database would share its state: E2E_DATABASE_URL runs them one at a time.
const workers = process.env.E2E_DATABASE_URL ? 1 : Number(process.env.E2E_WORKERS || 2);
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
  fullyParallel: true,
  workers,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    colorScheme: 'dark',
    // Recording a trace screenshots every frame (a quarter of the suite's CPU): CI records the retry of a failed
    // test, a local run (no retries) every failing test.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
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
      // These journeys are written for the phone layout (390×844); they run in the mobile project only. The
      // first-screen and checkout specs set a test's viewport themselves (phone and 1280×800): one project is enough.
      // Sign-in, the server's first HTML and the offline start do not depend on the screen: they run once too.
      testIgnore: [
        '**/catalogue.spec.ts',
        '**/cart-offline.spec.ts',
        '**/first-screen.spec.ts',
        '**/checkout.spec.ts',
        '**/checkout-sheet.spec.ts',
        '**/payment.spec.ts',
        '**/auth.spec.ts',
        '**/server-rendering.spec.ts',
        '**/offline-start.spec.ts',
        '**/offline-prices.spec.ts',
        '**/signin-lockout.spec.ts',
        '**/mends.spec.ts',
        '**/abroad.spec.ts',
        '**/checkout-form.spec.ts',
        '**/checkout-money.spec.ts',
        '**/postal.spec.ts',
        '**/pending-payment.spec.ts',
      ],
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
      },
    },
  ],
});
