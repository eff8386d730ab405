import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { appReady, waitForServiceWorkerControl } from './support/app';
import {
  addKit,
  cartTotal,
  choose,
  closeSummary,
  fillCheckout,
  openCheckout,
  openSummary,
  payButton,
  proceedToPay,
  signIn,
  signInAt,
  summaryTotal,
} from './support/checkout';
import { expect, test } from './support/fixtures';

/*
 * The checkout in the real app against the real server: from a product page through the cart into /checkout,
 * the form with its pincode auto-fill, the e-mail code, a coupon, self pickup, a dropped connection and the way
 * to "Ready to pay". Each test signs in with its own buyer (fixtures.ts): a test number, and a test e-mail
 * address whose verification code is TEST_CODE too.
 */

const WIDE = { width: 1280, height: 800 };

/** A record of the app's IndexedDB key-value store (its envelope's value), undefined when there is none. */
function storedRecord<T>(
  page: Page,
  key: 'queryCache' | 'checkoutDraft' | 'checkoutEstimate',
): Promise<T | undefined> {
  return page.evaluate(
    (name) =>
      new Promise<T | undefined>((resolve) => {
        const open = indexedDB.open('ibc-shop');
        open.onerror = () => resolve(undefined);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kv')) return resolve(undefined);
          const get = db.transaction('kv').objectStore('kv').get(name);
          get.onsuccess = () => resolve(get.result?.value);
          get.onerror = () => resolve(undefined);
        };
      }),
    key,
  );
}

/** The queries the device keeps (the persisted query cache): profile, catalogue/places/states, … */
async function storedQueryHeads(page: Page): Promise<string[]> {
  type Cache = { clientState: { queries: { queryKey: unknown[] }[] } };
  const cache = await storedRecord<Cache>(page, 'queryCache');
  return (cache?.clientState.queries ?? []).map((query) =>
    query.queryKey[0] === 'catalogue' ? query.queryKey.slice(0, 3).join('/') : String(query.queryKey[0]),
  );
}

/** The address line the saved checkout draft holds. */
/** The checkout's last estimate as kept on the device: what the buyer pays, in paise. */
async function storedEstimateSubtotal(page: Page): Promise<unknown> {
  return (await storedRecord<{ view: { subtotal: number } }>(page, 'checkoutEstimate'))?.view.subtotal;
}

async function storedDraftAddress(page: Page): Promise<unknown> {
  return (await storedRecord<{ values: Record<string, unknown> }>(page, 'checkoutDraft'))?.values.address1;
}

interface ServerEstimate {
  total_price: number;
  coupon_discount: number;
  association_discount: number;
  other_discounts: { discount_value: number }[];
}

/** What the buyer pays in paise, from the estimate's figures (major units on the wire). */
function amountPayable(estimate: ServerEstimate): number {
  const paise = (major: number) => Math.round(major * 100);
  return (
    paise(estimate.total_price) -
    paise(estimate.coupon_discount) -
    paise(estimate.association_discount) -
    estimate.other_discounts.reduce((sum, d) => sum + paise(d.discount_value), 0)
  );
}

/** Rupees as the app shows them (spec §9): en-IN, no decimals when the paise are zero. */
function rupees(paise: number): string {
  const digits = paise % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(paise / 100);
}

const couponForm = (summary: Locator) => summary.getByRole('form', { name: 'Have a coupon?' });

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

test('a signed-in buyer goes from a product page through the cart to "Ready to pay"', async ({
  page,
  context,
  buyerPhone,
}) => {
  test.setTimeout(90_000);
  await signInAt(page, buyerPhone, '/ibc-kit');

  const cart = await addKit(page);
  const total = await cartTotal(cart);
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  // The summary (the bottom sheet on a phone) holds the cart's lines and its total.
  let summary = await openSummary(page);
  await expect(summary.getByRole('rowgroup', { name: 'IBC home kit - Solo' })).toBeVisible();
  await expect(summaryTotal(summary)).toHaveText(total);
  await closeSummary(page);

  // The address (the pincode fills the city and the state), the e-mail verified by its code, the terms.
  await fillCheckout(page, buyerPhone);

  // A coupon: the saving, the discount row and a lower total.
  summary = await openSummary(page);
  await summary.getByLabel('Coupon code').fill('WELCOME10');
  await couponForm(summary).getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByRole('status').filter({ hasText: /Coupon applied\. You saved ₹/ })).toBeVisible();
  await expect(summary.getByRole('term').filter({ hasText: 'Coupon discount' })).toBeVisible();
  await expect(summaryTotal(summary)).not.toHaveText(total);
  const discounted = Number(((await summaryTotal(summary).textContent()) ?? '').replace(/[^\d.]/g, ''));
  expect(discounted).toBeLessThan(Number(total.replace(/[^\d.]/g, '')));
  const discountedTotal = (await summaryTotal(summary).textContent()) ?? '';
  await closeSummary(page);

  // Self pickup shows the pickup point; back to delivery.
  await choose(page, 'Delivery option', 'Self Pickup');
  const pickup = page.getByRole('region', { name: 'Pickup point' });
  await expect(pickup).toContainText('IBC Cricket Experience Centre');
  await expect(pickup).toContainText(/Open /);
  await choose(page, 'Delivery option', 'Delivery');
  await expect(pickup).toBeHidden();
  await expect(payButton(page)).toBeEnabled();

  // Offline: the last known price, and no paying until the connection is back.
  await context.setOffline(true);
  await expect(payButton(page)).toBeDisabled();
  await expect(payButton(page)).toHaveAccessibleDescription(
    'You are offline — the price will update when you are back online',
  );
  summary = await openSummary(page);
  await expect(
    summary.getByText(/^Last known price \(.+\) — will update when you are back online$/),
  ).toBeVisible();
  await closeSummary(page);

  // Online again: the price is asked again by itself and paying is possible.
  // The checkout's own estimate (the read-only cart lines ask for theirs too, without the coupon).
  const refetched = page.waitForResponse(
    (r) =>
      r.url().includes('/orders/price_estimate/') &&
      r.ok() &&
      r.request().postDataJSON()?.coupon_code === 'WELCOME10',
  );
  await context.setOffline(false);
  const estimate = (await (await refetched).json()) as ServerEstimate;
  await proceedToPay(page);
  const ready = page.getByRole('status').filter({ hasText: 'Ready to pay' });
  await expect(ready).toBeVisible();
  // The server's total less its discounts: what the summary showed with the coupon.
  expect(rupees(amountPayable(estimate))).toBe(discountedTotal);
  await expect(ready).toContainText(`Your order comes to ${discountedTotal}`);
});

test('a signed-out buyer goes from the cart through sign-in back to the checkout with the cart', async ({
  page,
  buyerPhone,
}) => {
  const cart = await addKit(page);
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fcheckout/);
  await signIn(page, buyerPhone, '/checkout');
  const summary = await openSummary(page);
  await expect(summary.getByRole('rowgroup', { name: 'IBC home kit - Solo' })).toBeVisible();
});

test('what was typed and the cart are still there after a reload', async ({ page, buyerPhone }) => {
  const form = await openCheckout(page, buyerPhone);
  await form.getByLabel('Address line 1').fill('7 Park Street');
  await form.getByLabel('Address line 2 (optional)').fill('Near the gate');
  await form.getByLabel('Pincode').fill('110001');
  await expect(form.getByRole('combobox', { name: 'State' })).toHaveText(/Delhi/);
  await form.getByLabel('Address line 2 (optional)').blur();
  await expect.poll(() => storedDraftAddress(page)).toBe('7 Park Street');

  await page.reload();
  await appReady(page);
  await expect(form.getByLabel('Address line 1')).toHaveValue('7 Park Street');
  await expect(form.getByLabel('Address line 2 (optional)')).toHaveValue('Near the gate');
  await expect(form.getByLabel('Pincode')).toHaveValue('110001');
  await expect(form.getByRole('combobox', { name: 'State' })).toHaveText(/Delhi/);
  const summary = await openSummary(page);
  await expect(summary.getByRole('rowgroup', { name: 'IBC home kit - Solo' })).toBeVisible();
  await closeSummary(page);

  // The spec's checkout prefix opens the same page, the draft with it.
  await page.goto('/purchase');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(form.getByLabel('Address line 1')).toHaveValue('7 Park Street');
});

test('while its price is on its way the checkout does not ask for it again for the cart lines beside it', async ({
  page,
  buyerPhone,
}) => {
  await openCheckout(page, buyerPhone);
  await expect(payButton(page)).toBeVisible();
  // A slow pricing answer: the summary asks for the price, and the cart lines beside it ask for the same one while the
  // first answer is still on its way.
  const asked: string[] = [];
  let answered = 0;
  page.on('requestfinished', (request) => {
    if (request.method() === 'POST' && request.url().includes('/price_estimate/')) answered += 1;
  });
  await page.route('**/price_estimate/**', async (route) => {
    if (route.request().method() === 'POST') {
      asked.push(route.request().postData() ?? '');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await route.continue();
  });
  await page.reload();
  await appReady(page);
  await expect(payButton(page)).toBeVisible();
  await expect.poll(() => asked.length > 0 && answered === asked.length).toBe(true);
  expect(new Set(asked).size).toBe(asked.length);
});

test('offline, a reload keeps the checkout: the form with its draft, and the cart', async ({
  page,
  context,
  buyerPhone,
}) => {
  const form = await openCheckout(page, buyerPhone);
  await form.getByLabel('Address line 1').fill('7 Park Street');
  await form.getByLabel('Pincode').fill('110001');
  await expect(form.getByRole('combobox', { name: 'State' })).toHaveText(/Delhi/);
  const totalBar = page.getByRole('status').filter({ hasText: /Total amount/ });
  // An amount, not only the currency sign: the bar can show ₹ before the estimate's figure arrives. Read once the
  // estimate for the new state has settled (the bar is not busy), so a refetch cannot blank it between check and read.
  await expect(totalBar).toHaveAttribute('aria-busy', 'false');
  let total: string | undefined;
  await expect
    .poll(async () => (total = (await totalBar.textContent())?.match(/₹[\d,.]+/)?.[0]))
    .toBeTruthy();
  await waitForServiceWorkerControl(page);
  // The device keeps the draft, the estimate, the profile and the places (each written a moment after it changes).
  await expect.poll(() => storedDraftAddress(page)).toBe('7 Park Street');
  await expect.poll(() => storedEstimateSubtotal(page)).toBeGreaterThan(0);
  await expect
    .poll(() => storedQueryHeads(page))
    .toEqual(
      expect.arrayContaining(['profile', 'catalogue/places/states', 'catalogue/places/pickupLocations']),
    );

  await context.setOffline(true);
  await page.reload();
  await appReady(page);
  await expect(form.getByLabel('Address line 1')).toHaveValue('7 Park Street');
  await expect(form.getByLabel('Pincode')).toHaveValue('110001');
  await expect(payButton(page)).toBeDisabled();
  await expect(payButton(page)).toHaveAccessibleDescription(
    'You are offline — the price will update when you are back online',
  );
  const summary = await openSummary(page);
  await expect(summary.getByRole('rowgroup', { name: 'IBC home kit - Solo' })).toBeVisible();
  // The last price this checkout received for this order, marked as such.
  const lastKnown = summary.getByRole('status').filter({ hasText: /^Total amount/ });
  await expect(lastKnown).toContainText('Last known price');
  await expect(lastKnown).toContainText(total ?? 'no total read');
  await closeSummary(page);

  // Back online, the checkout prices the order by itself.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: /Total amount/ })).toContainText('₹');
  await expect(payButton(page)).not.toHaveAccessibleDescription(/offline/);
});

test('an expired coupon shows the server message under the field and loses nothing typed', async ({
  page,
  buyerPhone,
}) => {
  const form = await openCheckout(page, buyerPhone);
  await form.getByLabel('Address line 1').fill('7 Park Street');
  await form.getByLabel('Pincode').fill('110001');

  const summary = await openSummary(page);
  const field = summary.getByLabel('Coupon code');
  await field.fill('DIWALI2024');
  await couponForm(summary).getByRole('button', { name: 'Apply' }).click();
  await expect(field).toHaveAccessibleDescription(/expired/i);
  await expect(summary.getByRole('term').filter({ hasText: 'Coupon discount' })).toHaveCount(0);
  await closeSummary(page);
  await expect(form.getByLabel('Address line 1')).toHaveValue('7 Park Street');
  await expect(form.getByLabel('Pincode')).toHaveValue('110001');
});

test.describe('at 1280 px', () => {
  test.use({ viewport: WIDE, isMobile: false, hasTouch: false });

  test('the summary sits beside the form, not in a sheet, and axe finds nothing', async ({
    page,
    buyerPhone,
  }) => {
    const form = await openCheckout(page, buyerPhone);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(form).toBeVisible();
    await expect(summary.getByRole('rowgroup', { name: 'IBC home kit - Solo' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const formBox = await form.boundingBox();
    const summaryBox = await summary.boundingBox();
    expect(formBox && summaryBox).toBeTruthy();
    if (formBox && summaryBox) expect(summaryBox.x).toBeGreaterThanOrEqual(formBox.x + formBox.width);
    await expect(summaryTotal(summary)).toContainText('₹');
    await expectNoAxeViolations(page, '/checkout at 1280 px');
  });
});

test('axe finds nothing on the checkout at 390 px, with the sheet closed and open', async ({
  page,
  buyerPhone,
}) => {
  await expect(await openCheckout(page, buyerPhone)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Total amount/ })).toContainText('₹');
  await expectNoAxeViolations(page, '/checkout at 390 px');
  const summary = await openSummary(page);
  await expect(summaryTotal(summary)).toContainText('₹');
  await expectNoAxeViolations(page, '/checkout at 390 px, the sheet open');
});
