import type { Page } from '@playwright/test';
import { appReady } from './support/app';
import { expect, test } from './support/fixtures';

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test("a product page's first HTML carries the live price, in the cookie's currency, after an operator's change", async ({
    page,
    context,
    shop,
  }) => {
    const steam = page.getByRole('article', { name: /STEAM edition/ });
    await page.goto('/ibc-steam-game');
    await expect(steam.getByText('₹1,499', { exact: true })).toBeVisible();
    await expect(steam.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    try {
      // ₹2,000 before GST: ₹2,360 with 18 % GST, on the next load (the page is rendered per catalogue version).
      await shop(['catalogue', 'price', 'IBC_STEAM_GAME_KEY', '--currency', 'INR', '--amount', '2000']);
      await page.goto('/ibc-steam-game');
      await expect(steam.getByText('₹2,360', { exact: true })).toBeVisible();
    } finally {
      await shop(['catalogue', 'price', 'IBC_STEAM_GAME_KEY', '--currency', 'INR', '--amount', '1270.34']);
    }
    // A buyer abroad (the country kept in its cookie) gets the page in dollars, no GST on exports.
    await context.addCookies([{ name: 'country', value: 'US', url: page.url() }]);
    await page.goto('/ibc-steam-game');
    await expect(steam.getByText('$19.99', { exact: true })).toBeVisible();
  });

  test('a content page and the home page read and navigate from their server-rendered HTML', async ({
    page,
  }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    await expect(page).toHaveTitle(/About us/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('img', { name: /batter in the IBC VR headset/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Real cricket');
  });

  test('an unknown path is "Page not found", and its sign-in link returns to that path', async ({ page }) => {
    await page.goto('/no/such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    const signIn = page.getByRole('link', { name: 'Sign in' }).first();
    await expect(signIn).toHaveAttribute('href', '/sign-in?redirect=%2Fno%2Fsuch-page');
  });
});

/** Holds the app's code back (the page stays the server's) until the returned function is called. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Every script but the entry, which only boots (it catches early taps) and imports the rest: chunks are named by hash.
  await page.route(/\/assets\/(?!entry-client-)[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('the app takes over the server-rendered page with one title and no lost tap', async ({ page }) => {
  // Hold the app's code back until the buyer has tapped a button of the server-rendered page.
  const release = await holdTheApp(page);
  await page.goto('/ibc-game');
  await page.getByRole('button', { name: /How it works/ }).click();
  await expect(page.locator('html[data-app="ready"]')).not.toBeAttached();
  release();
  await appReady(page);
  await expect(page.getByRole('dialog', { name: 'How it works' })).toBeVisible();
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(page).toHaveTitle(/IBC cricket game/);
});

test('a currency chosen before the app runs is the one it shows once it does', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/ibc-game');
  const currency = page.getByRole('group', { name: 'Choose Currency' });
  await currency.getByRole('radio', { name: 'USD' }).click();
  // Held, not half-done: the page the server rendered stays as it is until the app can act on the tap.
  await expect(currency.getByRole('radio', { name: 'INR' })).toBeChecked();
  release();
  await appReady(page);
  await expect(currency.getByRole('radio', { name: 'USD' })).toBeChecked();
  await expect(page.getByText(/\$\d+(\.\d{2})?/).first()).toBeVisible();
});

test('starting the app adds no stylesheet to a painted page (no second layout of the whole page)', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const added: string[] = [];
    (window as unknown as { lateStylesheets: string[] }).lateStylesheets = added;
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node instanceof HTMLLinkElement && node.rel === 'stylesheet') added.push(node.href);
          }
        }
      }).observe(document.head, { childList: true });
    });
  });
  for (const path of ['/about-us', '/', '/no-such-page']) {
    const statusChecked = page.waitForResponse('**/api/maintenance/status/v1/');
    await page.goto(path);
    await appReady(page);
    await statusChecked;
    expect(
      await page.evaluate(() => (window as unknown as { lateStylesheets: string[] }).lateStylesheets),
      path,
    ).toEqual([]);
  }
});

test("a route's code that fails to load shows the error view, and Retry loads the page", async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  let failing = true;
  // The home page has all it needs: from here every script that is asked for is the new route's (chunks are named by hash).
  await page.route(/\/assets\/[^/]+\.js$/, (route) => (failing ? route.abort() : route.continue()));
  await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  // The frame stays usable around the error: the header and its navigation are still there.
  await expect(page.getByRole('banner')).toBeVisible();
  failing = false;
  await retry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
});
