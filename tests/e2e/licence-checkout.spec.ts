import type { Page } from '@playwright/test';
import {
  closeSummary,
  fillCheckout,
  openSummary,
  payButton,
  proceedToPay,
  sandboxModal,
  serverOrders,
  signIn,
} from './support/checkout';
import { expect, test } from './support/fixtures';

/*
 * The licence and business-kit checkouts against the real server at 390×844: the invite code is the only code they
 * take, the server refuses the order without a valid one (nothing is charged), and with one the order is paid
 * through the sandbox like any other and shows in My orders.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The order summary's invite code field (the summary is a bottom sheet on a phone). */
async function inviteField(page: Page) {
  const summary = await openSummary(page);
  return { summary, field: summary.getByLabel('Invite code', { exact: true }) };
}

test('a business kit is refused without an invite code: the server says why under the field, nothing is charged', async ({
  page,
  context,
  baseURL,
  buyerPhone,
}) => {
  test.setTimeout(120_000);
  await page.goto('/business-kit');
  await page.getByRole('button', { name: 'Buy with an invite code' }).click();
  await signIn(page, buyerPhone, '/checkout');
  await fillCheckout(page, buyerPhone, { payable: false });
  // Everything else is in order: the pay button says what is missing, and where.
  await expect(payButton(page)).toBeDisabled();
  await expect(payButton(page)).toHaveAccessibleDescription('Enter your invite code in the order summary');

  const { summary, field } = await inviteField(page);
  // The invite code is the only code this checkout takes, with the way to ask for one.
  await expect(summary.getByLabel('Coupon code')).toHaveCount(0);
  await expect(summary.getByRole('link', { name: 'No invite yet? Ask for one' })).toHaveAttribute(
    'href',
    '/form/get-invite?product=business-kit',
  );
  await field.fill('NOT-AN-INVITE');
  await summary.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(field).toHaveAccessibleDescription(/This invite code is not valid/);
  await expect(summary.getByRole('status').filter({ hasText: 'Invite code applied' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(payButton(page)).toBeDisabled();
  await expect(sandboxModal(page).dialog).toBeHidden();
  expect(await serverOrders(context, baseURL ?? '')).toEqual([]);
});

test('a licence for 2 pins is bought with an invite code, paid through the sandbox and shown in My orders, where each pin gets its device', async ({
  page,
  context,
  baseURL,
  buyerPhone,
  shop,
}) => {
  test.setTimeout(120_000);
  const issued = await shop(['invites', 'issue', '--email', 'venue@example.com']);
  const code = /Invite code (\S+)/.exec(issued.stdout)?.[1];
  if (!code) throw new Error(`no invite code in: ${issued.stdout}`);

  await page.goto('/business-licence/premium');
  await page.getByRole('button', { name: 'Add one pin' }).click();
  await page.getByRole('button', { name: /Buy 2 pins with an invite code/ }).click();
  await signIn(page, buyerPhone, '/checkout');
  const { summary, field } = await inviteField(page);
  await field.fill(code);
  await summary.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(summary.getByRole('status').filter({ hasText: 'Invite code applied' })).toBeVisible();
  await closeSummary(page);
  // A licence ships nothing the buyer receives at the door: the form has no delivery number.
  await fillCheckout(page, buyerPhone, { delivered: false });

  // Two pins of the hardware and the premium licence, with 18 % GST.
  expect(await proceedToPay(page)).toBe('₹3,54,000');
  await sandboxModal(page).choose('Pay (success)');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  const orders = await serverOrders(context, baseURL ?? '');
  expect(orders.map((o) => [o.order_status, o.total_amount])).toEqual([['SUCCESS', 354000]]);

  await page.getByRole('link', { name: 'See my orders' }).click();
  await expect(page).toHaveURL(/\/my-orders$/);
  const order = page.getByRole('article').filter({ hasText: /Order IBC\d+/ });
  await expect(order).toContainText('Confirmed');
  await expect(order).toContainText('IBC premium licence');

  // One licence per pin, each registered by the buyer to the device it runs on.
  const licences = order.getByRole('region', { name: 'Licences and their devices' });
  const pin1 = licences.getByRole('form', { name: 'Pin 1' });
  await expect(pin1).toContainText('Pin 1: no device yet');
  await expect(licences.getByRole('form', { name: 'Pin 2' })).toContainText('Pin 2: no device yet');
  await pin1.getByLabel('Device ID').fill('bad id');
  await pin1.getByRole('button', { name: 'Register device' }).click();
  await expect(pin1.getByLabel('Device ID')).toHaveAccessibleDescription(/letters, digits and _ \. : - only/);
  await pin1.getByLabel('Device ID').fill('VR-BAY-0001');
  await pin1.getByLabel('Device name (optional)').fill('Bay 1');
  await pin1.getByRole('button', { name: 'Register device' }).click();
  await expect(pin1.getByRole('status')).toHaveText('Device VR-BAY-0001 registered to pin 1');
  await expect(pin1).toContainText('Pin 1: runs on Bay 1');
  await page.reload();
  await expect(order.getByRole('form', { name: 'Pin 1' })).toContainText('Pin 1: runs on Bay 1');
});
