import type { Locator, Page } from '@playwright/test';
import { appReady } from './support/app';
import { expect, test } from './support/fixtures';

/*
 * Buying is on the first screen: on a phone the first package's price and "Add to cart" show without scrolling,
 * a sticky buy bar keeps the action at hand while the buyer reads a package's details, and on a wide screen a
 * page of one package puts its pictures beside its details.
 */

const INR_PRICE = /^₹[\d,]+(\.\d\d)?$/;
const PHONE = { width: 390, height: 844 };

const PHONE_PAGES: { path: string; first: string }[] = [
  { path: '/ibc-kit', first: 'IBC home kit Solo' },
  { path: '/ibc-kit-no-cost-emi', first: 'IBC home kit Solo, no-cost EMI' },
  { path: '/ibc-game', first: 'IBC game 1 profile' },
  { path: '/ibc-steam-game', first: 'IBC game STEAM edition' },
  { path: '/ibc-game-plus-bat', first: 'IBC game plus bat' },
];

function card(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

function buyBar(page: Page, name: string): Locator {
  return page.getByRole('complementary', { name: `Buy ${name}` });
}

/** Wholly in the part of the screen nothing covers: under the sticky header, above the bottom navigation. */
async function expectUncovered(page: Page, target: Locator): Promise<void> {
  // Measured where it comes to rest: the buy bar slides in with a transition.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        // A cancelled animation rejects its promise: it has come to rest all the same.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const box = await target.boundingBox();
  const header = await page.getByRole('banner').boundingBox();
  const nav = await page.getByRole('navigation', { name: 'Quick' }).boundingBox();
  expect(box && header && nav, 'the target, the header and the bottom navigation are laid out').toBeTruthy();
  if (!box || !header || !nav) return;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(nav.y + 0.5);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** The layout shifts since the page loaded (the CLS sum), as Chromium's PerformanceObserver reports them. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          const shifts = list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[];
          resolve(shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all is no shift: an observer with nothing buffered never calls back.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(0)));
      }),
  );
}

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: PHONE });

  for (const { path, first } of PHONE_PAGES) {
    test(`${path}: the first package's price and Add to cart show without scrolling`, async ({ page }) => {
      await page.goto(path);
      await appReady(page);
      const article = card(page, first);
      const add = article.getByRole('button', { name: 'Add to cart' });
      await expect(add).toBeEnabled();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expectUncovered(page, article.getByText(INR_PRICE).first());
      await expectUncovered(page, add);
      // The card's own button is on screen: its bar stays out of the way (and out of the accessibility tree).
      await expect(buyBar(page, first)).toBeHidden();
    });
  }

  test('/: from "Shop the home kit" the first package’s price and Add to cart are on screen', async ({
    page,
  }) => {
    await page.goto('/');
    await appReady(page);
    await page.getByRole('link', { name: 'Shop the home kit' }).click();
    const article = card(page, 'IBC home kit Solo');
    const add = article.getByRole('button', { name: 'Add to cart' });
    await expect(add).toBeEnabled();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // The link scrolls smoothly: where it lands is what counts, not a frame on the way.
    await expect(async () => {
      await expectUncovered(page, article.getByText(INR_PRICE).first());
      await expectUncovered(page, add);
    }).toPass();
  });

  test('the sticky bar buys the package while its details are read, and never shifts the page', async ({
    page,
  }) => {
    await page.goto('/ibc-kit');
    await appReady(page);
    const article = card(page, 'IBC home kit Solo');
    const add = article.getByRole('button', { name: 'Add to cart' });
    await expect(add).toBeEnabled();
    const bar = buyBar(page, 'IBC home kit Solo');
    await expect(bar).toBeHidden();

    // Scroll on until the card's own button has gone under the header: the description and the box's contents show.
    await add.evaluate((button) =>
      window.scrollTo(0, button.getBoundingClientRect().bottom + window.scrollY),
    );
    await expect(article.getByRole('list', { name: 'In the box' })).toBeInViewport();
    await expect(bar).toBeVisible();
    await expect(bar.getByText('IBC home kit Solo')).toBeVisible();
    await expect(bar.getByText(INR_PRICE)).toBeVisible();
    await expect(bar.getByText('incl. GST')).toBeVisible();
    const action = bar.getByRole('button', { name: 'Add to cart' });
    await expect(action).toBeEnabled();
    await expectUncovered(page, bar);
    expect((await action.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    // Only one bar: the next package's stays hidden.
    await expect(page.getByRole('complementary', { name: /^Buy / })).toHaveCount(1);
    expect(await layoutShift(page)).toBe(0);

    // Reachable by keyboard: focus lands on the bar's action and Enter buys.
    await action.focus();
    await expect(action).toBeFocused();
    await page.keyboard.press('Enter');
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(cart).toBeVisible();
    await expect(cart).toContainText('Solo');
    await expect(article.getByRole('status')).toHaveText('Added to your cart.');
    await cart.getByRole('button', { name: 'Close' }).click();
    await expect(cart).toBeHidden();

    // Back at the card's own button, the bar goes again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeHidden();
  });

  test("/custom-designed-bat: the bar offers the bat at its design's price and asks for a choice first", async ({
    page,
  }) => {
    await page.goto('/custom-designed-bat');
    await appReady(page);
    const bar = buyBar(page, 'Custom designed bat');
    // The card's designer and choice of items are taller than a phone: the bar carries the price and the action at scroll 0.
    await expect(bar).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectUncovered(page, bar);
    await expect(bar).toContainText(/Your bat₹/);
    await expect(bar.getByText(INR_PRICE)).toBeVisible();
    const action = bar.getByRole('button', { name: 'Add to cart' });
    await expect(action).toBeDisabled();
    await expect(action).toHaveAccessibleDescription('Choose at least one item');

    await card(page, 'Custom designed bat')
      .getByRole('button', { name: 'Add one Custom designed bat' })
      .click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(action).toBeEnabled();
    await expect(bar.getByText(/^Total$/)).toBeVisible();
    await action.click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(cart).toBeVisible();
    await expect(cart).toContainText('Custom designed bat');
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the bar fits: name, price and a whole 44 px action inside the screen', async ({ page }) => {
    await page.goto('/custom-designed-bat');
    await appReady(page);
    const bar = buyBar(page, 'Custom designed bat');
    await expect(bar).toBeVisible();
    await expectUncovered(page, bar);
    const action = bar.getByRole('button', { name: 'Add to cart' });
    await expectUncovered(page, action);
    expect((await action.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways, 'nothing scrolls sideways').toBe(false);
  });
});

test.describe('on a 1280 × 800 screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  // The seed's pages of one package. The bat is designed before it is bought: its first screen starts the designer,
  // and its Add to cart follows the choices.
  for (const { path, name, buy } of [
    { path: '/ibc-steam-game', name: 'IBC game STEAM edition', buy: 'card' },
    { path: '/ibc-game-plus-bat', name: 'IBC game plus bat', buy: 'card' },
    { path: '/custom-designed-bat', name: 'Custom designed bat', buy: 'designer' },
  ]) {
    test(`${path}: the pictures sit beside the details, using the width`, async ({ page }) => {
      await page.goto(path);
      await appReady(page);
      const article = card(page, name);
      await expect(article).toBeVisible();
      const pictures = await article.getByRole('list', { name: /^Pictures of / }).boundingBox();
      const details = await article.getByRole('heading', { name }).boundingBox();
      const add = await article.getByRole('button', { name: 'Add to cart' }).boundingBox();
      expect(pictures && details && add).toBeTruthy();
      if (!pictures || !details || !add) return;
      // Side by side: the x ranges do not overlap, and both are inside the screen.
      expect(pictures.x + pictures.width).toBeLessThanOrEqual(details.x);
      expect(pictures.x).toBeGreaterThanOrEqual(0);
      expect(details.x + details.width).toBeLessThanOrEqual(1280);
      expect(add.x).toBeGreaterThanOrEqual(pictures.x + pictures.width);
      // Together they span the page's content, not half of it.
      expect(add.x + add.width - pictures.x).toBeGreaterThan(1280 * 0.75);
      // And a buy action is on the first screen.
      if (buy === 'card') {
        expect(add.y + add.height).toBeLessThanOrEqual(800);
        await expect(buyBar(page, name)).toBeHidden();
      } else {
        const designer = await article.getByRole('region', { name: 'Design your bat' }).boundingBox();
        expect(designer?.y ?? 800).toBeLessThan(800);
        expect(designer?.x ?? 0).toBeGreaterThanOrEqual(pictures.x + pictures.width);
      }
    });
  }
});
