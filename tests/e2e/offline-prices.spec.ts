import type { Locator, Page } from '@playwright/test';
import { appReady, waitForServiceWorkerControl } from './support/app';
import { storedQueries } from './support/device';
import { expect, test } from './support/fixtures';

/*
 * A returning buyer on a phone with no network: every product page and the cart show the last known prices the
 * shop kept on the device, the offline notice never hides a page's heading, and an offline load hydrates cleanly.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The package codes of the catalogue lists kept on the device (the persisted query cache). */
async function storedPackageCodes(page: Page): Promise<string[]> {
  return (await storedQueries(page))
    .filter((query) => query.queryKey[0] === 'catalogue')
    .flatMap(
      (query) =>
        (query.data as { packages?: { package_code: string }[] } | undefined)?.packages?.map(
          (p) => p.package_code,
        ) ?? [],
    );
}

const HYDRATION_ERROR = /418|hydrat|differed from the server/i;

/** Console errors React raises when the first client render differs from the HTML (minified error #418). */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    if (HYDRATION_ERROR.test(text)) errors.push(text);
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(error.message)) errors.push(error.message);
  });
  return errors;
}

/** Whether two boxes on screen overlap. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [first, second] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!first || !second) throw new Error('a box is not on screen');
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  );
}

const PRODUCT_LINE_CODES = ['SOLO', 'FAMILY', 'GAME_1_PROFILE', 'GAME_5_PROFILE', 'GAME_PLUS_BAT', 'BAT'];

/** Visits the home page online until the service worker controls it (and the packages `codes` are kept on the device). */
async function visitHomeOnline(page: Page, codes: readonly string[] = []): Promise<void> {
  await page.goto('/');
  await appReady(page);
  await waitForServiceWorkerControl(page);
  if (codes.length === 0) return;
  await expect
    .poll(() => storedPackageCodes(page), { message: 'the packages are kept on the device' })
    .toEqual(expect.arrayContaining([...codes]));
}

test('a product page never visited opens offline with its last known prices, and the cart shows the same', async ({
  context,
  page,
}) => {
  await visitHomeOnline(page, PRODUCT_LINE_CODES);

  await context.setOffline(true);
  try {
    await page.goto('/ibc-game');
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'IBC cricket game' })).toBeVisible();
    const game = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: /^IBC game\s*-?\s*1 profile$/ }) });
    await expect(game).toContainText('₹4,999');
    await expect(page.getByRole('status').filter({ hasText: 'Last known price' })).toBeVisible();
    await expect(page.getByText('Connection lost')).toHaveCount(0);

    // Bought offline from those prices: the cart shows the price the page shows, said to be the last known.
    const add = game.getByRole('button', { name: 'Add to cart' });
    await expect(add).toBeEnabled();
    await add.click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(cart).toBeVisible();
    const line = cart.getByRole('rowgroup', { name: /^IBC game\s*-?\s*1 profile$/ }).getByRole('row');
    await expect(line.getByRole('cell').last()).toHaveText('₹4,999');
    await expect(cart.getByText('Price not known yet')).toHaveCount(0);
    await expect(cart.getByText(/last known/i)).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('offline, the notice does not cover the heading of a product page', async ({ context, page }) => {
  await visitHomeOnline(page);
  await context.setOffline(true);
  try {
    for (const path of ['/ibc-kit', '/ibc-game']) {
      await page.goto(path);
      await appReady(page);
      const notice = page.getByRole('status').filter({ hasText: 'You are offline' });
      await expect(notice).toBeVisible();
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      expect(await overlaps(notice, heading), `the offline notice covers the h1 of ${path}`).toBe(false);
    }
  } finally {
    await context.setOffline(false);
  }
});

test('an offline load, of a saved page or of one never seen, hydrates without a mismatch', async ({
  context,
  page,
}) => {
  await visitHomeOnline(page);
  await context.setOffline(true);
  try {
    for (const path of ['/', '/ibc-game-plus-bat']) {
      const tab = await context.newPage();
      const errors = hydrationErrors(tab);
      await tab.goto(path);
      await appReady(tab);
      await expect(tab.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
      await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
      expect(errors, `hydrating ${path} offline`).toEqual([]);
      await tab.close();
    }
  } finally {
    await context.setOffline(false);
  }
});
