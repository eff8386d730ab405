import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  addKit,
  choose,
  closeSummary,
  fillCheckout,
  openSummary,
  proceedToPay,
  sandboxModal,
  signIn,
  signInAt,
} from './support/checkout';
import { repoRoot } from './support/env';
import { expect, test } from './support/fixtures';

/*
 * The referral programme in the real app against the real server, on a phone: a person registers as an affiliate
 * with their three proofs, another buyer arrives with the code in the address and pays an order with it, and the
 * affiliate's page shows the view (once for the visit) and the order.
 */

test.use({ viewport: { width: 390, height: 844 } });

const PNG = readFileSync(`${repoRoot}/public/icons/icon-192.png`);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);

/** Chooses a file through the field's own picker, as a person does, and waits until it is the nth uploaded. */
async function uploadProof(
  page: Page,
  label: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  nth: number,
) {
  const picker = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `${label} Choose a file or drop it here` }).click();
  await (await picker).setFiles(file);
  await expect(page.getByText(file.name, { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Uploaded$/ })).toHaveCount(nth);
}

async function registerAffiliate(page: Page, phone: string): Promise<string> {
  await page.goto('/form/affiliate-registration');
  await signIn(page, phone, '/form/affiliate-registration');
  await expect(page.getByRole('heading', { level: 1, name: 'Become an affiliate' })).toBeVisible();

  await page.getByLabel('Name as per bank account').fill('Asha Rao');
  await choose(page, 'Account type', 'Savings');
  await page.getByRole('textbox', { name: 'Account number', exact: true }).fill('123456789012');
  await page.getByLabel('Confirm account number').fill('123456789013');
  await page.getByLabel('IFSC').fill('hdfc0000001');
  // The bank comes from the offline list; the confirmation must match.
  await expect(page.getByRole('textbox', { name: 'Bank', exact: true })).toHaveValue('HDFC Bank');
  await page.getByLabel('Branch').fill('Koramangala');
  await page.getByRole('button', { name: 'Register as an affiliate' }).click();
  await expect(page.getByText('The account numbers do not match')).toBeVisible();
  await expect(page.getByText('Upload a cancelled cheque or your passbook page')).toBeVisible();
  await page.getByLabel('Confirm account number').fill('123456789012');
  await expect(page.getByText('The account numbers do not match')).toBeHidden();
  await uploadProof(
    page,
    'Cancelled cheque or passbook page',
    { name: 'cheque.jpg', mimeType: 'image/jpeg', buffer: JPEG },
    1,
  );

  await page.getByRole('textbox', { name: 'PAN', exact: true }).fill('abcde1234f');
  await page.getByLabel('Name as per PAN').fill('Asha Rao');
  await uploadProof(page, 'PAN card', { name: 'pan.png', mimeType: 'image/png', buffer: PNG }, 2);

  await page.getByRole('checkbox', { name: 'I am registered for GST' }).check();
  await choose(page, 'GST registration type', 'Regular');
  await page.getByLabel('GSTIN').fill('29ABCDE1234F1Z5');
  await page.getByLabel('Name as per GST').fill('Asha Rao Sports');
  await choose(page, 'GST filing frequency', 'Monthly');
  await uploadProof(
    page,
    'GST certificate',
    { name: 'gst.pdf', mimeType: 'application/pdf', buffer: PDF },
    3,
  );

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha Rao');
  await page.getByLabel('Door or flat number').fill('12A');
  await page.getByLabel('Street').fill('80 Feet Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('District').fill('Bengaluru Urban');
  await choose(page, 'State', 'Karnataka');
  await page.getByLabel('Pincode').fill('560034');
  await page.getByRole('button', { name: 'Register as an affiliate' }).click();

  await expect(page).toHaveURL(/\/my-affiliate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your affiliate page' })).toBeVisible();
  const code = page
    .getByRole('heading', { name: 'Your referral code' })
    .locator('xpath=following-sibling::p[1]');
  await expect(code).toHaveText(/^ASHARAO-[A-Z2-9]{4}$/);
  await expect(
    page.getByRole('definition').filter({ hasText: 'Submitted, waiting to be checked' }),
  ).toBeVisible();
  await expect(
    page.getByRole('term').filter({ hasText: 'Payout' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Pending');
  return (await code.textContent()) ?? '';
}

const figure = (page: Page, name: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('an affiliate registers with three uploads and later sees a referral’s order on their page', async ({
  browser,
  page,
  buyerPhone,
  shopServer,
}) => {
  test.setTimeout(150_000);
  const code = await registerAffiliate(page, buyerPhone);
  await expect(figure(page, 'Views of your code')).toHaveText('0');
  await expect(figure(page, 'Orders it brought')).toHaveText('0');
  // The page offers the link to share: the shop's home page with the code, copied on a tap.
  const shareLink = `${shopServer.baseURL}/?referral_code=${code}`;
  await expect(page.getByRole('textbox', { name: 'Your share link' })).toHaveValue(shareLink);
  await page
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shopServer.baseURL });
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();

  // Another buyer follows the affiliate's link to a product page, looks around and opens the checkout from the
  // menu: the code the visit arrived with is applied there.
  const buyer = await browser.newContext({
    baseURL: shopServer.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const their = await buyer.newPage();
  const viewsLogged: number[] = [];
  their.on('response', (response) => {
    if (response.url().includes('/associate_code_view_event_log/')) viewsLogged.push(response.status());
  });
  const theirPhone = shopServer.nextBuyerPhone();
  await signInAt(their, theirPhone, `/ibc-kit?referral_code=${code}`);
  await expect.poll(() => viewsLogged.length).toBe(1);
  await their.reload();
  await addKit(their);
  await their.goto('/checkout');
  const summary = await openSummary(their);
  await expect(summary.getByRole('status').filter({ hasText: 'Referral code applied' })).toBeVisible();
  await closeSummary(their);
  await fillCheckout(their, theirPhone);
  await proceedToPay(their);
  await sandboxModal(their).choose('Pay (success)');
  await expect(
    their.locator('#successCard').getByRole('heading', { name: 'Payment successful' }),
  ).toBeVisible();
  await buyer.close();

  await page.reload();
  await expect(figure(page, 'Views of your code')).toHaveText('1');
  await expect(figure(page, 'Orders it brought')).toHaveText('1');
  await expect(figure(page, 'Paid orders')).toHaveText(/^1 · ₹/);
  const orders = page.getByRole('list').filter({ has: page.getByText(/^IBC\d{7}$/) });
  await expect(orders.getByRole('listitem')).toHaveCount(1);
  await expect(orders.getByRole('listitem')).toContainText('Paid');
});
