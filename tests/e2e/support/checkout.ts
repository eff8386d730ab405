import type { BrowserContext, Locator, Page } from '@playwright/test';
import { formatMoney, toMinor } from '../../../contract/money';
import type { OrderCreateResponse } from '../../../contract/orders';
import { tokenCookieName } from '../../../src/api/cookies';
import { appReady } from './app';
import { buyerEmail, expect, TEST_CODE } from './fixtures';

/* The steps of a buyer's way to the checkout, shared by the checkout and payment journeys. */

export const KIT = /^IBC home kit\s*-?\s*Solo$/;

/** Signs a new buyer up on /sign-in and waits until the app is back on `redirect`. */
export async function signIn(page: Page, national: string, redirect: string): Promise<void> {
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveText(/India \(\+91\)/);
  await page.getByLabel('Mobile number').fill(national);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('6-digit code').fill(TEST_CODE);
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about you' })).toBeVisible();
  await page.getByLabel('Full name').fill('Asha Kumar');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${redirect.replace(/[?]/g, '\\?')}$`));
}

export async function signInAt(page: Page, national: string, redirect: string): Promise<void> {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(redirect)}`);
  await signIn(page, national, redirect);
}

/** Adds the solo kit from its product page; leaves the cart open and returns it. */
export async function addKit(page: Page): Promise<Locator> {
  if (!page.url().endsWith('/ibc-kit')) await page.goto('/ibc-kit');
  await appReady(page);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: KIT }) });
  const add = card.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  await add.click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart).toBeVisible();
  return cart;
}

/** The cart's total once the server priced it. */
export async function cartTotal(cart: Locator): Promise<string> {
  const total = cart.getByText('Total', { exact: true }).locator('..');
  await expect(total).toContainText('₹');
  return ((await total.textContent()) ?? '').replace('Total', '').trim();
}

/** The order summary: opened as a dialog on a phone, the column beside the form on a wide screen. */
export async function openSummary(page: Page): Promise<Locator> {
  const handle = page.getByRole('button', { name: 'Order summary', exact: true });
  if ((await handle.getAttribute('aria-expanded')) !== 'true') await handle.click();
  const sheet = page.getByRole('dialog', { name: 'Order summary' });
  await expect(sheet).toBeVisible();
  return sheet;
}

export async function closeSummary(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Order summary' })).toBeHidden();
}

/** The summary's Total row. */
export const summaryTotal = (summary: Locator) =>
  summary
    .getByRole('term')
    .filter({ hasText: /^Total$/ })
    .locator('xpath=following-sibling::dd[1]');

export async function choose(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: combobox })).toHaveText(new RegExp(option));
}

export const payButton = (page: Page) => page.getByRole('button', { name: 'Proceed to pay' });

/** A new buyer signs in, puts the kit in the cart and checks out; answers the details form. */
export async function openCheckout(page: Page, buyerPhone: string): Promise<Locator> {
  await signInAt(page, buyerPhone, '/ibc-kit');
  const cart = await addKit(page);
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  return page.getByRole('form', { name: 'Your details' });
}

/**
 * Fills the checkout as a buyer in Bengaluru would, the e-mail verified by its code and the terms accepted, and
 * leaves the page with "Proceed to pay" enabled (unless `payable` is false: an invite code is still to come).
 * `delivered` false: an order the server ships nothing for (a licence), whose form has no delivery number.
 */
export async function fillCheckout(
  page: Page,
  buyerPhone: string,
  { delivered = true, payable = true }: { delivered?: boolean; payable?: boolean } = {},
): Promise<void> {
  const form = page.getByRole('form', { name: 'Your details' });
  await expect(form.getByLabel('Full name')).toHaveValue('Asha Kumar');
  if (delivered) await form.getByLabel('Mobile number for delivery').fill('9876543210');
  else await expect(form.getByLabel('Mobile number for delivery')).toHaveCount(0);
  await form.getByLabel('Address line 1').fill('12 MG Road');
  await form.getByLabel('Pincode').fill('560001');
  await expect(form.getByLabel('City')).toHaveValue(/Bengaluru|Bangalore/);
  await expect(form.getByRole('combobox', { name: 'State' })).toHaveText(/Karnataka/);
  const email = form.getByLabel('Email');
  await email.fill(buyerEmail(buyerPhone));
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(email).not.toBeEditable();
  await form.getByLabel('Code sent to your e-mail').fill(TEST_CODE);
  await expect(form.getByText('Verified', { exact: true })).toBeVisible();
  await form.getByLabel(/I agree to the terms and conditions/).check();
  if (payable) await expect(payButton(page)).toBeEnabled();
}

/** The total bar's amount (the peek of the order summary sheet): what the buyer is told they pay. */
export const totalBarAmount = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^Total amount/ })
    .getByRole('strong');

/** The sandbox's card modal: the dialog its script opens over the shop, the amount it charges, its choices. */
export function sandboxModal(page: Page) {
  const dialog = page.getByRole('dialog', { name: /payment$/ });
  const frame = page.frameLocator('iframe[title="Sandbox payment"]');
  return {
    dialog,
    amount: frame.getByRole('heading', { level: 1 }),
    choose: (name: string) => frame.getByRole('button', { name }).click(),
  };
}

/**
 * Presses "Proceed to pay" and holds the checkout's money invariant: the total the bar showed before the press is the
 * order's total and what the provider is asked to charge. Returns the total shown.
 */
/** The terms are the buyer's to tick each time: a saved draft never ticks them in advance. */
export async function acceptTerms(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
}

export async function proceedToPay(page: Page): Promise<string> {
  await expect(payButton(page)).toBeEnabled();
  const shown = (await totalBarAmount(page).textContent()) ?? '';
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.includes('/order/create/'),
  );
  await payButton(page).click();
  const response = await created;
  // A refused order (409 PRICE_CHANGED) charges nothing; the buyer is shown the new total first.
  if (!response.ok()) return shown;
  // The hosted payment page may replace the checkout before the body is read: its own heading says the amount then.
  const order = (await response.json().catch(() => null)) as OrderCreateResponse | null;
  if (!order) {
    await expect(
      page.getByRole('heading', { level: 1 }),
      'the payment page charges the total shown',
    ).toHaveText(shown);
    return shown;
  }
  const charged = formatMoney(toMinor(order.total_amount, order.currency), order.currency);
  expect(charged, 'the order total is the total shown before paying').toBe(shown);
  const details = order.payment_details;
  if (details?.kind === 'modal')
    expect(formatMoney(details.amount_minor, details.currency), 'the provider charges the total shown').toBe(
      shown,
    );
  return shown;
}

/** One of the buyer's orders as the server has them. */
export interface ServerOrder {
  order_id: string;
  order_status: string;
  currency: string;
  country_name_enum: string;
  total_amount: number;
}

/** The buyer's orders as the server has them, read with the session the browser holds. */
export async function serverOrders(context: BrowserContext, baseURL: string): Promise<ServerOrder[]> {
  const cookies = await context.cookies(baseURL);
  const token = cookies.find((c) => c.name === tokenCookieName('main', 'access_token'))?.value;
  const response = await context.request.get(`${baseURL}/api/commerce/user/orders/v1/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { orders: ServerOrder[] }).orders;
}
