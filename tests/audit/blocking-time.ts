/**
 * `npm run audit:blocking`: the main thread's blocking time on a first visit, measured from a real Chromium trace
 * (CPU slowed 4x by DevTools, a 412 px phone at 1.75 device pixels per CSS pixel, as Lighthouse emulates): for every task of the page's main thread after the first contentful
 * paint until the app is ready and 3 s more, the part of it beyond 50 ms, summed — Total Blocking Time as a trace
 * shows it, without Lighthouse's simulation. Prints each run and the median per page; a figure, not a budget.
 * /checkout is loaded as the Lighthouse audit loads it (./checkout-setup: a signed-in buyer with a cart, caches
 * cleared), and is ready when its pay action shows.
 *   npm run audit:blocking -- [runs] [path ...]      (default: 7 runs of /, /about-us and /ibc-kit)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath, ensureBuilt } from '../e2e/support/env';
import { startShopServer } from '../e2e/support/server';
import { auditTestNumbers, signInWithCart } from './checkout-setup';

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const [runsArg, ...pathArgs] = process.argv.slice(2);
const runs = Number(runsArg ?? 7);
const paths = pathArgs.length > 0 ? pathArgs : ['/', '/about-us', '/ibc-kit'];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const CHECKOUT_PATH = '/checkout';

async function blockingTime(baseUrl: string, path: string, tracePath: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      deviceScaleFactor: 1.75,
    });
    if (path === CHECKOUT_PATH) await signInWithCart(baseUrl, context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      path: tracePath,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, {
      timeout: 60_000,
    });
    // The checkout is ready once its machines, form and sheet have mounted, long after the shell.
    if (path === CHECKOUT_PATH)
      await page.getByRole('button', { name: 'Proceed to pay' }).waitFor({ timeout: 60_000 });
    // Work the app starts after it is ready (the catalogue answer, deferred renders) still counts.
    await page.waitForTimeout(3000);
    await browser.stopTracing();
  } finally {
    await browser.close();
  }
  const events = (JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? 0;
  return events
    .filter((e) => e.name === 'RunTask' && e.ts >= fcp && mainThreads.has(`${e.pid}:${e.tid}`))
    .reduce((sum, task) => sum + Math.max(0, (task.dur ?? 0) / 1000 - 50), 0);
}

async function main(): Promise<void> {
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-blocking-'));
  const server = await startShopServer({ dataDir, env: { OTP_TEST_NUMBERS: auditTestNumbers() } });
  try {
    for (const path of paths) {
      const figures: number[] = [];
      for (let run = 0; run < runs; run += 1)
        figures.push(await blockingTime(server.baseURL, path, join(dataDir, 'trace.json')));
      console.log(
        `${path}: blocking ms after FCP at 4x: ${figures.map(Math.round).join(' ')}; median ${Math.round(median(figures))}`,
      );
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
