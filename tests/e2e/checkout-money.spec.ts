import type { Locator, Page } from '@playwright/test';
import {
  acceptTerms,
  addKit,
  choose,
  closeSummary,
  fillCheckout,
  openCheckout,
  openSummary,
  payButton,
  proceedToPay,
  sandboxModal,
  summaryTotal,
  totalBarAmount,
} from './support/checkout';
import { expect, test } from './support/fixtures';

/*
 * The money on the checkout's screen, at 390×844 against the real server: the total shown is the total charged,
 * also after a failed payment, a reload and a cart that grew; and the tax reads as the invoice will.
 */

test.use({ viewport: { width: 390, height: 844 } });

const RUPEES = /₹[\d,]+(\.\d\d)?/;

/** The summary's row named `term` (Items, GST, …): its amount. */
const summaryRow = (summary: Locator, term: string | RegExp) =>
  summary
    .getByRole('term')
    .filter({ hasText: typeof term === 'string' ? new RegExp(`^${term}$`) : term })
    .locator('xpath=following-sibling::dd[1]');

/** The total bar, the summary's Items, Total and GST: none of them reads ₹0, and the totals agree. */
async function expectPricedAt(page: Page, total: string): Promise<void> {
  // A reopened checkout keeps the details, not the terms: the buyer ticks them again.
  await acceptTerms(page);
  await expect(payButton(page)).toBeEnabled();
  await expect(totalBarAmount(page)).toHaveText(total);
  const summary = await openSummary(page);
  await expect(summaryTotal(summary)).toHaveText(total);
  await expect(summaryRow(summary, 'Items')).not.toHaveText(/^₹0$/);
  await expect(summaryRow(summary, /^(GST|CGST|IGST)/).first()).not.toHaveText(/^₹0$/);
  await closeSummary(page);
}

test('after a failed payment and "Try again" the total shown is the total charged, also after a reload and a new item', async ({
  page,
  buyerPhone,
}) => {
  test.setTimeout(180_000);
  await openCheckout(page, buyerPhone);
  await fillCheckout(page, buyerPhone);
  const first = (await totalBarAmount(page).textContent()) ?? '';
  expect(first).toMatch(RUPEES);
  expect(first).not.toBe('₹0');

  expect(await proceedToPay(page)).toBe(first);
  const modal = sandboxModal(page);
  await expect(modal.amount).toHaveText(first);
  await modal.choose('Fail the payment');
  const failed = page.locator('#failureCard');
  await expect(failed.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible();
  await failed.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectPricedAt(page, first);

  await page.reload();
  await expectPricedAt(page, first);

  // Another kit: the total doubles, and the stored failed order does not hold it at zero.
  await addKit(page);
  await page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await acceptTerms(page);
  await expect(payButton(page)).toBeEnabled();
  const second = (await totalBarAmount(page).textContent()) ?? '';
  expect(second).toMatch(RUPEES);
  expect(second).not.toBe(first);
  await expectPricedAt(page, second);

  expect(await proceedToPay(page)).toBe(second);
  await expect(page.getByRole('status').filter({ hasText: 'Your order comes to' })).toContainText(second);
  await expect(sandboxModal(page).amount).toHaveText(second);
  await sandboxModal(page).choose('Pay (success)');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
});

/** The checkout's own estimate request, priced for `state` (state_name_enum). */
const estimateFor = (page: Page, state: string) =>
  page.waitForResponse(
    (r) =>
      r.url().includes('/price_estimate/') &&
      r.request().method() === 'POST' &&
      r.request().postDataJSON()?.state_name === state &&
      r.ok(),
  );

test('the GST reads as the invoice will and follows the state in the form: Karnataka CGST + SGST, Delhi IGST, also on the success card and in My orders', async ({
  page,
  buyerPhone,
}) => {
  test.setTimeout(120_000);
  await openCheckout(page, buyerPhone);
  await fillCheckout(page, buyerPhone);
  // Bengaluru is in the seller's state: the tax is CGST and SGST.
  let summary = await openSummary(page);
  await expect(summaryRow(summary, 'CGST')).toHaveText(RUPEES);
  await expect(summaryRow(summary, 'SGST')).toHaveText(RUPEES);
  await expect(summary.getByRole('term').filter({ hasText: /^(IGST|GST)$/ })).toHaveCount(0);
  await closeSummary(page);

  // The buyer changes the state: the order is priced again for it before paying, and the tax becomes IGST.
  const delhi = estimateFor(page, 'DELHI');
  await choose(page, 'State', 'Delhi');
  const priced = (await (await delhi).json()) as { gst: { supply: string } };
  expect(priced.gst.supply).toBe('inter_state');
  await expect(payButton(page)).toBeEnabled();
  summary = await openSummary(page);
  await expect(summaryRow(summary, 'IGST')).toHaveText(RUPEES);
  const igst = (await summaryRow(summary, 'IGST').textContent()) ?? '';
  await expect(summary.getByRole('term').filter({ hasText: /^(CGST|SGST|GST)$/ })).toHaveCount(0);
  await closeSummary(page);

  // The order goes out with the state it was priced for.
  const created = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname.includes('/order/create/'),
  );
  await proceedToPay(page);
  expect((await created).postDataJSON()?.billing_details?.state_name_enum).toBe('DELHI');
  await sandboxModal(page).choose('Pay (success)');

  // The paid order keeps the split it was priced with: the same IGST on the success card and in My orders.
  const card = page.getByRole('region', { name: 'Payment successful' });
  await expect(summaryRow(card, 'IGST')).toHaveText(igst);
  await expect(card.getByRole('term').filter({ hasText: /^(CGST|SGST|GST)$/ })).toHaveCount(0);
  await card.getByRole('link', { name: 'See my orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  const order = page.getByRole('article').first();
  await expect(order.getByText('Confirmed')).toBeVisible();
  await expect(summaryRow(order, 'IGST')).toHaveText(igst);
  await expect(order.getByRole('term').filter({ hasText: /^(CGST|SGST|GST)$/ })).toHaveCount(0);
});
