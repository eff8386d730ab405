import type { Locator, Page } from '@playwright/test';
import { appReady } from './support/app';
import { expect, test } from './support/fixtures';

/* At 320 px wide (the narrowest phone we design for) nothing in the cart is clipped: prices, steppers, Remove. */

test.use({ viewport: { width: 320, height: 640 } });

async function add(page: Page, path: string, heading: RegExp, choose?: (card: Locator) => Promise<void>) {
  await page.goto(path);
  await appReady(page);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: heading }) });
  await choose?.(card);
  const button = card.getByRole('button', { name: 'Add to cart' });
  await expect(button).toBeEnabled();
  await button.click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart).toBeVisible();
  await cart.getByRole('button', { name: 'Close' }).click();
  await expect(cart).toBeHidden();
}

/** Fully inside the viewport, and not cut off by an ancestor that hides overflow. */
async function expectUnclipped(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const clipped = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.left < 0 || box.right > document.documentElement.clientWidth) return 'outside the viewport';
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) return `cut by ${parent.className}`;
    }
    return null;
  });
  expect(clipped, (await target.textContent()) ?? undefined).toBeNull();
}

test('the cart fits a 320 px screen: every price, stepper and Remove is whole', async ({ page }) => {
  // The widest amounts the shop shows: two kits, a Family kit and a customizable line with its stepper.
  await add(page, '/ibc-kit', /^IBC home kit\s*-?\s*Solo$/);
  await add(page, '/ibc-kit', /^IBC home kit\s*-?\s*Solo$/);
  await add(page, '/ibc-kit-no-cost-emi', /Family/);
  await add(page, '/custom-designed-bat', /Custom designed bat/, async (card) => {
    await card.getByRole('button', { name: 'Add one Bat grip' }).click();
  });
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Cart, / })
    .click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart).toBeVisible();
  const table = cart.getByRole('table');
  // Nothing in the cart scrolls sideways (a hidden column is a clipped one on a phone).
  const scrollsSideways = await cart.evaluate((dialog) =>
    [dialog, ...dialog.querySelectorAll('*')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 1)
      .map((element) => element.className),
  );
  expect(scrollsSideways).toEqual([]);
  const cells = table.locator('td');
  for (let i = 0; i < (await cells.count()); i++) await expectUnclipped(cells.nth(i));
  const buttons = table.getByRole('button');
  for (let i = 0; i < (await buttons.count()); i++) {
    const button = buttons.nth(i);
    await expectUnclipped(button);
    const box = await button.boundingBox();
    expect(
      box?.height ?? 0,
      `${await button.getAttribute('aria-label')} is a 44 px target`,
    ).toBeGreaterThanOrEqual(44);
  }
  await expectUnclipped(cart.getByText('Total', { exact: true }).locator('..'));
});
