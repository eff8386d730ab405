import type { Locator, Page } from '@playwright/test';
import { appReady } from './support/app';
import { fillCheckout, proceedToPay, sandboxModal, signInAt } from './support/checkout';
import { expect, test } from './support/fixtures';

/*
 * The custom bat is designed on its page: willow grade, size, weight, handle, grip and an engraved name, priced by
 * the server from the catalogue; the design travels with the cart line, the order and My orders.
 */

test.use({ viewport: { width: 390, height: 844 } });

const DESCRIPTION =
  "English willow grade 1, SH, 2lb 8oz–2lb 10oz, oval handle, chevron grip, engraved 'ASHA'";

function batCard(page: Page): Locator {
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: /Custom designed bat/ }) });
}

function designer(card: Locator): Locator {
  return card.getByRole('region', { name: 'Design your bat' });
}

test('a designed bat is ordered, and its choices are seen in the cart, on the success card and in My orders', async ({
  page,
  buyerPhone,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, buyerPhone, '/custom-designed-bat');
  await appReady(page);
  const card = batCard(page);
  const design = designer(card);
  await design.getByRole('radio', { name: /^English willow grade 1/ }).check();
  await design.getByRole('radio', { name: /^SH\b/ }).check();
  await design.getByRole('radio', { name: /^2lb 8oz–2lb 10oz/ }).check();
  await design.getByRole('radio', { name: /^oval handle/ }).check();
  await design.getByRole('radio', { name: /^chevron grip/ }).check();
  await design.getByLabel('Name to engrave (optional)').fill('ASHA');
  await expect(design.getByRole('img', { name: `Preview of your bat: ${DESCRIPTION}` })).toBeVisible();

  // ₹4,984 for the bat and ₹8,400 for grade 1 willow, GST included.
  const batRow = card.getByRole('listitem').filter({ hasText: 'Custom designed bat' });
  await expect(batRow).toContainText('₹13,384');
  await card.getByRole('button', { name: 'Add one Custom designed bat' }).click();
  await card.getByRole('button', { name: 'Add to cart' }).click();

  const cart = page.getByRole('dialog', { name: 'Your cart' });
  const line = cart.getByRole('row', { name: /Custom designed bat/ });
  await expect(line).toContainText(DESCRIPTION);
  await expect(line.getByRole('cell').last()).toHaveText('₹13,384');
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await fillCheckout(page, buyerPhone);
  expect(await proceedToPay(page)).toBe('₹13,384');
  const modal = sandboxModal(page);
  await expect(modal.dialog).toBeVisible();
  await modal.choose('Pay (success)');

  const success = page.locator('#successCard');
  await expect(success.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(success).toContainText(`1 × Custom designed bat: ${DESCRIPTION}`);
  const number = (await success.getByRole('definition').first().textContent()) ?? '';

  await page.getByRole('link', { name: 'See my orders' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const order = page.getByRole('article').filter({ hasText: `Order ${number}` });
  await expect(order).toContainText(`Your design: ${DESCRIPTION}`);
});

test('the sticky buy bar shows the bat’s price for the design on screen, not the cheapest accessory’s', async ({
  page,
}) => {
  await page.goto('/custom-designed-bat');
  await appReady(page);
  const card = batCard(page);
  const design = designer(card);
  await design.getByRole('radio', { name: /^English willow grade 2/ }).check();
  // Reading the choices: the card's own Add to cart is below the screen, so the bar comes up.
  await design.getByRole('group', { name: 'Size' }).scrollIntoViewIfNeeded();
  const bar = page.getByRole('complementary', { name: 'Buy Custom designed bat' });
  await expect(bar).toBeVisible();
  // ₹4,984 + ₹5,600 for grade 2 willow, GST included; the grip alone is ₹308.
  await expect(bar).toContainText('Your bat₹10,584');
  await expect(bar).not.toContainText('₹308');
  await design.getByRole('radio', { name: /^Kashmir willow/ }).check();
  await expect(bar).toContainText('Your bat₹4,984');
  // Every choice is a 44 px target for a thumb.
  for (const radio of await design.getByRole('radio').all()) {
    const box = await radio.locator('xpath=ancestor::label[1]').boundingBox();
    expect(box?.height ?? 0, `${await radio.getAttribute('value')} is a 44 px target`).toBeGreaterThanOrEqual(
      44,
    );
  }
});
