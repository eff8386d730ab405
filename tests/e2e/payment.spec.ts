import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  acceptTerms,
  closeSummary,
  fillCheckout,
  openCheckout,
  openSummary,
  payButton,
  proceedToPay,
  sandboxModal,
  serverOrders,
  summaryTotal,
} from './support/checkout';
import { expect, test } from './support/fixtures';

/*
 * Paying, in the real app against the real server and its built-in sandbox provider, at 390×844 (the mobile project): the card modal,
 * the hosted payment page and back, a failure then a retry that pays exactly once, and a payment left pending
 * that the app resolves by itself when it is opened again.
 */

/** Signs a new buyer in, puts the kit in the cart and fills the checkout up to "Proceed to pay". */
async function toPayment(page: Page, buyerPhone: string): Promise<void> {
  await openCheckout(page, buyerPhone);
  await fillCheckout(page, buyerPhone);
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectPaid(page: Page): Promise<string> {
  const card = page.locator('#successCard');
  await expect(card.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(page).toHaveURL(/\/(success|order\/[^/]+\/success)/);
  const number = card.getByRole('definition').first();
  await expect(number).toHaveText(/^IBC\d+$/);
  return (await number.textContent()) ?? '';
}

test('a buyer pays through the sandbox card modal and sees the paid order, its game key and an empty cart', async ({
  page,
  context,
  baseURL,
  buyerPhone,
}) => {
  test.setTimeout(90_000);
  await toPayment(page, buyerPhone);
  await proceedToPay(page);

  const modal = sandboxModal(page);
  await expect(modal.dialog).toBeVisible();
  // The modal (its frame included) is usable with a screen reader and a thumb.
  await expect(
    page.frameLocator('iframe[title="Sandbox payment"]').getByRole('button', { name: 'Pay (success)' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await modal.choose('Pay (success)');

  const number = await expectPaid(page);
  await expect(page.locator('#successCard').getByRole('heading', { name: 'Your game key' })).toBeVisible();
  await expect(page.locator('#successCard code')).toHaveText(/\S{8,}/);
  const gameKey = (await page.locator('#successCard code').textContent()) ?? '';
  // The cart is emptied once paid.
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart/ })).toHaveAccessibleName(
    'Cart, 0 items',
  );

  const orders = await serverOrders(context, baseURL ?? '');
  expect(orders.map((o) => o.order_status)).toEqual(['SUCCESS']);

  await page.getByRole('link', { name: 'See my orders' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const order = page.getByRole('article').filter({ hasText: `Order ${number}` });
  await expect(order).toContainText('Confirmed');
  await expect(order).toContainText('IBC VR headset');
  await expect(order).toContainText(gameKey);
});

test('a buyer pays on the hosted payment page and comes back to the paid order', async ({
  page,
  context,
  baseURL,
  buyerPhone,
}) => {
  test.setTimeout(90_000);
  await toPayment(page, buyerPhone);
  await page.getByRole('radio', { name: 'Secure payment page' }).check();
  await proceedToPay(page);

  await expect(page).toHaveURL(/\/pay\/sandbox\/link\//);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay (success)' }).click();

  await expect(page).toHaveURL(/\/order\/[^/]+\/success/);
  await expectPaid(page);
  expect((await serverOrders(context, baseURL ?? '')).map((o) => o.order_status)).toEqual(['SUCCESS']);
});

test('a failed payment keeps the cart; trying again pays exactly once', async ({
  page,
  context,
  baseURL,
  buyerPhone,
}) => {
  test.setTimeout(120_000);
  await toPayment(page, buyerPhone);
  await proceedToPay(page);
  await sandboxModal(page).choose('Fail the payment');

  const failed = page.locator('#failureCard');
  await expect(failed.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible();
  await expect(page).toHaveURL(/\/failure/);
  await failed.getByRole('link', { name: 'Try again' }).click();

  // The cart and the details are still there; the terms are ticked again, then pay again.
  await expect(page).toHaveURL(/\/checkout$/);
  await acceptTerms(page);
  await expect(payButton(page)).toBeEnabled();
  await proceedToPay(page);
  const modal = sandboxModal(page);
  await expect(modal.dialog).toBeVisible();
  await modal.choose('Pay (success)');
  await expectPaid(page);

  const statuses = (await serverOrders(context, baseURL ?? '')).map((o) => o.order_status);
  expect(statuses.filter((s) => s === 'SUCCESS')).toHaveLength(1);
  // The new order replaced the failed one, which gave its stock back.
  expect(statuses).toEqual(['SUCCESS', 'CANCELLED']);
});

test('a payment left pending is resolved when the app is opened again, with a banner', async ({
  page,
  context,
  baseURL,
  buyerPhone,
}) => {
  test.setTimeout(120_000);
  await toPayment(page, buyerPhone);
  await proceedToPay(page);
  await sandboxModal(page).choose('Leave it pending');
  const [pending] = await serverOrders(context, baseURL ?? '');
  expect(pending?.order_status).toMatch(/CREATED|PENDING/);
  await page.close();

  // The provider settles it while the app is closed (its webhook is the source of truth).
  await expect
    .poll(async () => (await serverOrders(context, baseURL ?? ''))[0]?.order_status, { timeout: 30_000 })
    .toBe('SUCCESS');

  const reopened = await context.newPage();
  await reopened.goto('/');
  const banner = reopened.getByRole('status').filter({ hasText: /^Your order IBC\d+ is confirmed/ });
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'View order' }).click();
  await expect(reopened).toHaveURL(/\/order\/[^/]+\/success/);
  await expectPaid(reopened);
  // Paid while the app was closed: the cart it was bought from is emptied all the same.
  await expect(reopened.getByRole('banner').getByRole('button', { name: /^Cart/ })).toHaveAccessibleName(
    'Cart, 0 items',
  );
});

test('a price the operator changed after the estimate is shown before paying, and the new total is what is paid', async ({
  page,
  buyerPhone,
  shop,
}) => {
  test.setTimeout(120_000);
  await toPayment(page, buyerPhone);
  let summary = await openSummary(page);
  const shown = (await summaryTotal(summary).textContent()) ?? '';
  await closeSummary(page);

  const response = await page.request.get(
    '/api/commerce/packages/available/price_estimate/v1/?package_codes=SOLO&country_name_enum=IN',
  );
  const body = (await response.json()) as {
    packages: { products: { product_code: string; taxable_amount: number }[] }[];
  };
  const original = body.packages[0]?.products.find(
    (p) => p.product_code === 'IBC_VR_HEADSET',
  )?.taxable_amount;
  if (original === undefined) throw new Error('SOLO has no IBC_VR_HEADSET');
  try {
    // The shop raises the headset's price while the buyer looks at the old total.
    await shop([
      'catalogue',
      'price',
      'IBC_VR_HEADSET',
      '--currency',
      'INR',
      '--amount',
      String(Math.round((original + 1000) * 100) / 100),
    ]);
    await proceedToPay(page);

    const alert = page.getByRole('alert').filter({ hasText: 'The total changed to' });
    await expect(alert).toHaveText(/^The total changed to ₹[\d,.]+\. Check it and pay again\.$/);
    const changed = /₹[\d,]+(\.\d\d)?/.exec((await alert.textContent()) ?? '')?.[0] ?? '';
    expect(changed).not.toBe(shown);
    await expect(sandboxModal(page).dialog).toBeHidden();
    // The summary is priced again: the buyer sees the new total before paying it.
    summary = await openSummary(page);
    await expect(summaryTotal(summary)).toHaveText(changed);
    await closeSummary(page);

    await expect(payButton(page)).toBeEnabled();
    await proceedToPay(page);
    const modal = sandboxModal(page);
    await expect(modal.dialog).toBeVisible();
    await modal.choose('Pay (success)');
    await expectPaid(page);
  } finally {
    await shop(['catalogue', 'price', 'IBC_VR_HEADSET', '--currency', 'INR', '--amount', String(original)]);
  }
});
