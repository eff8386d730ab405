import type { Locator, Page } from '@playwright/test';
import { appReady } from './support/app';
import { expect, test } from './support/fixtures';

/*
 * One price language: the product page and the cart show the same amounts, with GST, for the same lines — the
 * catalogue's price and the cart's estimate both come from the real server, so a drift between them shows here.
 */

/** The cart opened by the add, with its estimated total in place. */
async function addAndOpen(page: Page, card: Locator): Promise<Locator> {
  const button = card.getByRole('button', { name: 'Add to cart' });
  await expect(button).toBeEnabled();
  await button.click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart).toBeVisible();
  await expect(cart.getByText('Total', { exact: true }).locator('..')).toContainText('₹');
  return cart;
}

test('a kit costs in the cart what its product page says, GST included', async ({ page }) => {
  await page.goto('/ibc-kit');
  await appReady(page);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: /^IBC home kit\s*-?\s*Solo$/ }) });
  // The price the card shows beside "incl. GST": its first amount (an original price is struck, not a <data>).
  const pagePrice = await card
    .locator('p')
    .filter({ hasText: 'incl. GST' })
    .locator('data')
    .first()
    .textContent();
  expect(pagePrice).toMatch(/^₹/);
  await expect(card.getByText('incl. GST').first()).toBeVisible();
  const cart = await addAndOpen(page, card);
  await expect(cart.getByText('Total', { exact: true }).locator('..')).toHaveText(`Total${pagePrice}`);
});

test('a chosen part costs in the cart what its product page says, GST included', async ({ page }) => {
  await page.goto('/custom-designed-bat');
  await appReady(page);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: /Custom designed bat/ }) });
  const grip = card.getByRole('listitem').filter({ hasText: 'Bat grip' });
  const gripPrice = await grip.locator('data').first().textContent();
  await card.getByRole('button', { name: 'Add one Bat grip' }).click();
  await card.getByRole('button', { name: 'Add one Bat grip' }).click();
  const pageTotal = await card
    .getByRole('group', { name: 'Choose what to add' })
    .locator('p')
    .filter({ hasText: /^Total/ })
    .locator('data')
    .textContent();
  const cart = await addAndOpen(page, card);
  const line = cart.getByRole('row', { name: /Bat grip/ });
  // Two grips: the product page's running total for them, and the cart's line and total.
  await expect(line.getByRole('cell').last()).toHaveText(pageTotal ?? '');
  await expect(cart.getByText('Total', { exact: true }).locator('..')).toHaveText(`Total${pageTotal}`);
  expect(gripPrice).toMatch(/^₹/);
});
