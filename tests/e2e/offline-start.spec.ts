import type { BrowserContext, Page } from '@playwright/test';
import { appReady, waitForServiceWorkerControl } from './support/app';
import { expect, test } from './support/fixtures';

/*
 * A returning buyer opens the shop from the home screen with no network: the service worker answers with the
 * last HTML it saw for that page, so the page paints before a script has run; a page it never saw gets the
 * app shell, whose router renders it.
 */

/** Turns off the page's own scripts (the service worker still runs): what it shows comes from its HTML alone. */
async function withoutScripts(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
}

/** Whether the service worker has saved the HTML of a path in its pages cache. */
function savedPage(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    for (const name of await caches.keys()) {
      if (name.startsWith('ibc-pages-') && (await (await caches.open(name)).match(wanted))) return true;
    }
    return false;
  }, path);
}

/**
 * The text a buyer sees: rendered text, not the contents of scripts, templates or hidden nodes, nor of inert ones
 * (the sticky buy bar waits off screen, inert, until the page scrolls).
 */
async function visibleText(page: Page): Promise<string> {
  // innerText follows the styles (text-transform, display): read it once every stylesheet has applied.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
      (link) => link.sheet !== null,
    ),
  );
  return page.evaluate(() => {
    for (const node of document.querySelectorAll('[inert]')) node.remove();
    // biome-ignore lint/performance/useDomNodeTextContent: what is painted, which textContent is not.
    return document.body.innerText.trim();
  });
}

interface FirstPaint {
  status: number | undefined;
  fromServiceWorker: boolean | undefined;
  text: string;
}

/** Opens a path in a new tab with its scripts off and reads what its HTML paints. */
async function firstPaint(context: BrowserContext, path: string): Promise<FirstPaint> {
  const tab = await context.newPage();
  try {
    await withoutScripts(context, tab);
    const response = await tab.goto(path, { waitUntil: 'domcontentloaded' });
    // No script ran: the live app never marked the document as started.
    await expect(tab.locator('html[data-app="ready"]')).toHaveCount(0);
    return {
      status: response?.status(),
      fromServiceWorker: response?.fromServiceWorker(),
      text: await visibleText(tab),
    };
  } finally {
    await tab.close();
  }
}

test('a product page seen online opens offline from its saved HTML, before any script runs', async ({
  context,
  page,
}) => {
  await page.goto('/ibc-kit');
  await waitForServiceWorkerControl(page);
  // What the server's HTML paints online; loading it through the worker saves it.
  const online = await firstPaint(context, '/ibc-kit');
  expect(online.status).toBe(200);
  expect(online.text).toContain('IBC home kit');
  // The packages with their prices (with GST) are in that HTML, not filled in by a script.
  expect(online.text).toMatch(/IBC home kit\s*-?\s*Solo[\s\S]*₹47,989[\s\S]*Add to cart/);
  await expect.poll(() => savedPage(page, '/ibc-kit'), { message: 'the page is saved' }).toBe(true);

  await context.setOffline(true);
  try {
    // The same tab, opening the page again, then a fresh tab as from the home screen.
    await withoutScripts(context, page);
    const again = await page.goto('/ibc-kit', { waitUntil: 'domcontentloaded' });
    expect(again?.fromServiceWorker(), 'the service worker answered').toBe(true);
    expect(again?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'IBC home kit' })).toBeVisible();
    expect(await visibleText(page)).toBe(online.text);
    await expect(page.locator('html[data-app="ready"]')).toHaveCount(0);

    const fresh = await firstPaint(context, '/ibc-kit');
    expect(fresh).toEqual({ status: 200, fromServiceWorker: true, text: online.text });

    // With its scripts, the saved page starts the app offline too.
    const live = await context.newPage();
    await live.goto('/ibc-kit');
    await appReady(live);
    await expect(live.getByRole('heading', { level: 1, name: 'IBC home kit' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test("the home-screen start URL opens offline with the start page's saved HTML", async ({
  context,
  page,
}) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  // The worker saves "/" when it activates: the home-screen icon starts there (with ?source=pwa).
  await expect.poll(() => savedPage(page, '/'), { message: '"/" is saved' }).toBe(true);
  const online = await firstPaint(context, '/');
  expect(online.text).not.toBe('');

  await context.setOffline(true);
  try {
    const start = await firstPaint(context, '/?source=pwa');
    expect(start).toEqual({ status: 200, fromServiceWorker: true, text: online.text });
  } finally {
    await context.setOffline(false);
  }
});

test('a page never seen, opened offline, gets the app shell and the app renders it', async ({
  context,
  page,
}) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  expect(await savedPage(page, '/about-us')).toBe(false);

  await context.setOffline(true);
  try {
    const response = await page.goto('/about-us');
    // The shell, not the browser's offline error page.
    expect(response?.fromServiceWorker()).toBe(true);
    expect(response?.status()).toBe(200);
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\S/);
    expect(await savedPage(page, '/about-us')).toBe(false);
  } finally {
    await context.setOffline(false);
  }
});
