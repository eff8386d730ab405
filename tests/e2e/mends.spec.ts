import type { Locator, Page } from '@playwright/test';
import { appReady, waitForServiceWorkerControl } from './support/app';
import { choose, openCheckout, signInAt } from './support/checkout';
import { expect, test } from './support/fixtures';

/* Small mends of the cart, the checkout and the result pages, on a phone against the real server. */

test.use({ viewport: { width: 390, height: 844 } });

/** Puts the named package in the cart from its product page; leaves the cart open and returns it. */
async function addPackage(page: Page, path: string, name: RegExp): Promise<Locator> {
  if (new URL(page.url(), 'http://x').pathname !== path) {
    await page.goto(path);
    await appReady(page);
  }
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await card.getByRole('button', { name: 'Add to cart' }).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart).toBeVisible();
  return cart;
}

/** The page answers a script within 2 s: its main thread is not stuck. */
async function expectAnswering(page: Page): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the page did not answer within 2 s')), 2_000);
  });
  try {
    expect(await Promise.race([page.evaluate(() => 1), stuck])).toBe(1);
  } finally {
    clearTimeout(timer);
  }
}

test.describe('a buyer whose device is set to UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test("sees the pickup point's hours in the centre's own zone", async ({ page, buyerPhone }) => {
    test.setTimeout(60_000);
    await openCheckout(page, buyerPhone);
    await choose(page, 'Delivery option', 'Self Pickup');
    const pickup = page.getByRole('region', { name: 'Pickup point' });
    await expect(pickup).toContainText('IBC Cricket Experience Centre');
    await expect(pickup).toContainText('Open 10:00 – 19:00 IST, 1 January 2025 to 31 December 2030');
  });
});

test('a cart with the no-cost EMI kit and another product says why EMI is not offered', async ({ page }) => {
  await addPackage(page, '/ibc-kit-no-cost-emi', /^IBC home kit\s*-?\s*Solo, no-cost EMI$/);
  await page.keyboard.press('Escape');
  const cart = await addPackage(page, '/ibc-game', /^IBC game\s*-?\s*1 profile$/);
  await expect(cart.getByText('₹', { exact: false }).first()).toBeVisible();
  await expect(cart.getByRole('note')).toHaveText(
    'No-cost EMI is for the no-cost EMI kit bought on its own: with other products in the cart, the order is paid in full.',
  );
});

test("the cart's column headers stand apart, also when no price is known", async ({ page, context }) => {
  await page.goto('/ibc-kit');
  await appReady(page);
  await waitForServiceWorkerControl(page);
  // Added offline, the kit's lines carry no price of the server's yet, only the last known one or a dash.
  await context.setOffline(true);
  const cart = await addPackage(page, '/ibc-kit', /^IBC home kit\s*-?\s*Solo$/);
  const quantity = cart.getByRole('columnheader', { name: 'Quantity', exact: true });
  const price = cart.getByRole('columnheader', { name: 'Price', exact: true });
  await expect(quantity).toBeVisible();
  await expect(price).toBeVisible();
  // The words themselves, not their cells (table cells always touch): at least a space apart.
  const textBox = (header: Locator) =>
    header.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const { left, right } = range.getBoundingClientRect();
      return { left, right };
    });
  const [q, p] = [await textBox(quantity), await textBox(price)];
  expect(p.left - q.right).toBeGreaterThanOrEqual(8);
});

for (const path of ['/success', '/failure']) {
  test(`${path} visited signed out answers and asks the buyer to sign in`, async ({ page }) => {
    await page.goto(path, { waitUntil: 'commit' });
    await expectAnswering(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectAnswering(page);
  });

  test(`${path} with no order id, signed in, says there is no order to show`, async ({
    page,
    buyerPhone,
  }) => {
    await signInAt(page, buyerPhone, '/ibc-kit');
    await page.goto(path, { waitUntil: 'commit' });
    await expectAnswering(page);
    await expect(page.getByRole('heading', { level: 1, name: 'No order to show' })).toBeVisible();
    await expectAnswering(page);
  });
}
