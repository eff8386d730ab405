import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  addKit,
  closeSummary,
  openSummary,
  proceedToPay,
  sandboxModal,
  signInAt,
  totalBarAmount,
} from './support/checkout';
import { repoRoot } from './support/env';
import { buyerEmail, expect, TEST_CODE, test } from './support/fixtures';

/*
 * An advertiser books an ad at 390×844 against the real server: the Mumbai arena, two of its devices and three days,
 * a template for the creative, the server's price (days × devices), paid through the sandbox for the total shown,
 * the booking in My orders, and the cart left as it was. A second advertiser then finds those days taken.
 */

const VENUE = 'IBC Cricket Arena, Lower Parel, Mumbai';
const BOOKING_PATH = '/business/ad-booking?package=AD_MUMBAI_ARENA';

/** The calendar's month after the one it opens on (the first bookable day is today): its 10th–12th are bookable. */
async function nextMonth(page: Page): Promise<{ dates: Locator; month: string }> {
  const dates = page.getByRole('group', { name: 'Dates' });
  const shown = dates.getByText(/^[A-Z][a-z]+ \d{4}$/);
  const before = (await shown.textContent()) ?? '';
  await dates.getByRole('button', { name: 'Next month' }).click();
  await expect(shown).not.toHaveText(before);
  return { dates, month: (await shown.textContent()) ?? '' };
}

const day = (dates: Locator, n: number, month: string) =>
  dates.getByRole('button', { name: new RegExp(`\\b${n} ${month}`) });

/** 10 to 12 of the month shown, as "d MMM yyyy". */
function shortDay(n: number, month: string): string {
  const [name, year] = month.split(' ');
  return `${n} ${name?.slice(0, 3)} ${year}`;
}

async function chooseDevices(page: Page, names: readonly string[]): Promise<void> {
  const devices = page.getByRole('group', { name: 'Devices' });
  for (const name of names) {
    const box = devices.getByRole('checkbox', { name });
    await box.check();
    await expect(box).toBeChecked();
  }
}

/** On the booking page: the devices, the days `from`–`to` of next month and the first template; then the checkout. */
async function bookToCheckout(
  page: Page,
  devices: readonly string[],
  from: number,
  to: number,
): Promise<string> {
  await chooseDevices(page, devices);
  const { dates, month } = await nextMonth(page);
  await day(dates, from, month).click();
  await day(dates, to, month).click();
  await page.getByRole('group', { name: 'Your ad' }).getByRole('radio', { name: 'Template 1' }).check();
  const next = page.getByRole('button', { name: 'Continue to checkout' });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(/\/checkout\?booking=ad$/);
  return month;
}

/** The ad checkout's details: a billing address in Mumbai, the e-mail verified, the terms accepted. */
async function fillAdCheckout(page: Page, phone: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Your details' });
  const billing = form.getByRole('group', { name: 'Billing address' });
  await billing.getByLabel('Address line 1').fill('3 Senapati Bapat Marg');
  await billing.getByLabel('Pincode').fill('400013');
  await expect(billing.getByLabel('City')).toHaveValue(/Mumbai/);
  await expect(billing.getByRole('combobox', { name: 'State' })).toHaveText(/Maharashtra/);
  const email = form.getByLabel('Email');
  await email.fill(buyerEmail(phone));
  await form.getByRole('button', { name: 'Send code' }).click();
  await form.getByLabel('Code sent to your e-mail').fill(TEST_CODE);
  await expect(form.getByText('Verified', { exact: true })).toBeVisible();
  await form.getByLabel(/I agree to the terms and conditions/).check();
  await expect(page.getByRole('button', { name: 'Proceed to pay' })).toBeEnabled();
}

/** The devices of the ad booking kept on the device (IndexedDB 'ibc-shop', key 'adBooking'); none without one. */
function storedBookingDevices(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('ibc-shop');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kv')) return resolve([]);
          const get = db.transaction('kv').objectStore('kv').get('adBooking');
          get.onsuccess = () => resolve(get.result?.value?.deviceCodes ?? []);
          get.onerror = () => resolve([]);
        };
      }),
  );
}

test.use({ viewport: { width: 390, height: 844 } });

test('an advertiser books the Mumbai arena, two devices for three days, pays the total shown and finds it in My orders; the days are then taken', async ({
  page,
  browser,
  baseURL,
  buyerPhone,
  shopServer,
}) => {
  test.setTimeout(180_000);
  await signInAt(page, buyerPhone, '/ibc-kit');
  // Something already in the cart stays there: the booking is bought apart from it.
  const cart = await addKit(page);
  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();

  await page.goto('/business');
  const ads = page.getByRole('region', { name: 'Ad packages' });
  await expect(ads.getByText(/₹1,500.*per device per day/)).toBeVisible();
  await ads.getByRole('link', { name: `Book ads at ${VENUE}` }).click();
  await expect(page).toHaveURL(/\/business\/ad-booking\?package=AD_MUMBAI_ARENA$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book an ad' })).toBeVisible();
  await expect(page.getByRole('radio', { name: new RegExp(VENUE) })).toBeChecked();

  await chooseDevices(page, ['Arena bay 1', 'Arena bay 2']);
  const { dates, month } = await nextMonth(page);
  await day(dates, 10, month).click();
  await day(dates, 12, month).click();
  await expect(dates).toHaveAccessibleDescription(
    new RegExp(`^${shortDay(10, month)} – ${shortDay(12, month)}: 3 days`),
  );
  const devices = page.getByRole('group', { name: 'Devices' });
  await expect(devices.getByText('Free on your dates')).toHaveCount(3);

  await page.getByRole('group', { name: 'Your ad' }).getByRole('radio', { name: 'Template 1' }).check();

  const price = page.getByRole('region', { name: 'Price' });
  const row = (term: string) =>
    price
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(row('Total days selected')).toHaveText('3');
  await expect(row('Number of devices')).toHaveText('2');
  // ₹1,500 a device a day before GST, 18 % GST on it.
  await expect(row('Cost per device per day')).toHaveText('₹1,770');
  await expect(row('Total')).toHaveText('₹10,620');

  await expect.poll(() => storedBookingDevices(page)).toEqual(['MUM-ARENA-BAY-1', 'MUM-ARENA-BAY-2']);
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?booking=ad$/);
  const form = page.getByRole('form', { name: 'Your details' });
  await expect(form.getByRole('group', { name: 'Billing address' })).toBeVisible();
  await expect(form.getByRole('group', { name: 'Delivery address' })).toHaveCount(0);
  await fillAdCheckout(page, buyerPhone);
  await expect(totalBarAmount(page)).toHaveText('₹10,620');

  const recorded = page.waitForResponse((r) =>
    new URL(r.url()).pathname.endsWith('/add_event_orders_details/v1/'),
  );
  const shown = await proceedToPay(page);
  expect(shown).toBe('₹10,620');
  expect((await recorded).ok()).toBe(true);
  const modal = sandboxModal(page);
  await expect(modal.amount).toHaveText('₹10,620');
  await modal.choose('Pay (success)');
  await expect(
    page.locator('#successCard').getByRole('heading', { level: 1, name: 'Payment successful' }),
  ).toBeVisible();
  // The cart is as it was: the kit is still in it.
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart/ })).toHaveAccessibleName(
    'Cart, 1 item',
  );

  await page.goto('/my-orders');
  const booking = page.getByRole('region', { name: 'Ad booking' });
  await expect(booking).toContainText(VENUE);
  await expect(booking).toContainText('Arena bay 1, Arena bay 2');
  await expect(booking).toContainText(`${shortDay(10, month)} – ${shortDay(12, month)} (3 days)`);
  await expect(booking).toContainText('Booked');
  // The paid booking is cleared from the device: the booking page starts afresh.
  await expect.poll(() => storedBookingDevices(page)).toEqual([]);
  await page.goto(BOOKING_PATH);
  await expect(
    page.getByRole('group', { name: 'Devices' }).getByRole('checkbox', { name: 'Arena bay 1' }),
  ).not.toBeChecked();

  // A second advertiser: those days are taken on those devices and cannot be chosen.
  const other = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const second = await other.newPage();
  await signInAt(second, shopServer.nextBuyerPhone(), BOOKING_PATH);
  await chooseDevices(second, ['Arena bay 1']);
  const again = await nextMonth(second);
  for (const n of [10, 11, 12]) await expect(day(again.dates, n, again.month)).toBeDisabled();
  await expect(day(again.dates, 13, again.month)).toBeEnabled();
  // Dates chosen first: a device taken on one of them cannot be added.
  const devices2 = second.getByRole('group', { name: 'Devices' });
  await devices2.getByRole('checkbox', { name: 'Arena bay 1' }).uncheck();
  await day(again.dates, 9, again.month).click();
  await day(again.dates, 11, again.month).click();
  await expect(devices2.getByRole('checkbox', { name: 'Arena bay 1' })).toBeDisabled();
  await expect(devices2.getByRole('checkbox', { name: 'Arena bay 2' })).toBeDisabled();
  await expect(devices2.getByRole('checkbox', { name: 'Arena bay 3' })).toBeEnabled();
  await other.close();
});

test('a device taken while the checkout was open: the server’s refusal, and the way back to the booking with the choices kept', async ({
  page,
  browser,
  baseURL,
  buyerPhone,
  shopServer,
}) => {
  test.setTimeout(180_000);
  await signInAt(page, buyerPhone, BOOKING_PATH);
  const month = await bookToCheckout(page, ['Arena bay 3'], 20, 21);
  await fillAdCheckout(page, buyerPhone);

  // Meanwhile another advertiser orders the same device for the same days: their order holds it.
  const other = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const second = await other.newPage();
  const secondPhone = shopServer.nextBuyerPhone();
  await signInAt(second, secondPhone, BOOKING_PATH);
  await bookToCheckout(second, ['Arena bay 3'], 20, 21);
  await fillAdCheckout(second, secondPhone);
  await proceedToPay(second);
  await expect(sandboxModal(second).dialog).toBeVisible();
  await other.close();

  const refused = page.waitForResponse((r) => new URL(r.url()).pathname.includes('/order/create/'));
  await page.getByRole('button', { name: 'Proceed to pay' }).click();
  expect((await refused).status()).toBe(409);
  const alert = page.getByRole('alert').filter({ hasText: 'Change your booking' });
  await expect(alert).toBeVisible();
  await alert.getByRole('link', { name: 'Change your booking' }).click();
  await expect(page).toHaveURL(/\/business\/ad-booking\?package=AD_MUMBAI_ARENA$/);
  const devices = page.getByRole('group', { name: 'Devices' });
  await expect(devices.getByRole('checkbox', { name: 'Arena bay 3' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Dates' })).toHaveAccessibleDescription(
    new RegExp(`^${shortDay(20, month)} – ${shortDay(21, month)}: 2 days`),
  );
  await expect(devices.getByText('Taken on some of your dates')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeDisabled();
});

/** Whether an <img> has drawn a picture (its bytes arrived and decoded), not a broken image. */
const drawn = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test('an advertiser’s own picture: uploaded on the booking page, seen there, in the checkout and in My orders', async ({
  page,
  buyerPhone,
}) => {
  test.setTimeout(180_000);
  await signInAt(page, buyerPhone, BOOKING_PATH);
  await chooseDevices(page, ['Arena bay 2']);
  const { dates, month } = await nextMonth(page);
  await day(dates, 24, month).click();
  await day(dates, 24, month).click();

  const creative = page.getByRole('group', { name: 'Your ad' });
  const picker = page.waitForEvent('filechooser');
  await creative.getByRole('button', { name: /^Upload your own/ }).click();
  await (await picker).setFiles({
    name: 'summer-sale.png',
    mimeType: 'image/png',
    buffer: readFileSync(`${repoRoot}/public/icons/icon-192.png`),
  });
  const preview = creative.getByRole('img', { name: 'Your ad: summer-sale.png' });
  await expect.poll(() => drawn(preview)).toBe(true);

  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\?booking=ad$/);
  const summary = await openSummary(page);
  await expect.poll(() => drawn(summary.getByRole('img', { name: 'Your ad: summer-sale.png' }))).toBe(true);
  await closeSummary(page);
  await fillAdCheckout(page, buyerPhone);
  const recorded = page.waitForResponse((r) =>
    new URL(r.url()).pathname.endsWith('/add_event_orders_details/v1/'),
  );
  await proceedToPay(page);
  expect((await recorded).ok()).toBe(true);
  await sandboxModal(page).choose('Pay (success)');
  await expect(
    page.locator('#successCard').getByRole('heading', { level: 1, name: 'Payment successful' }),
  ).toBeVisible();

  await page.goto('/my-orders');
  const booking = page.getByRole('region', { name: 'Ad booking' });
  await expect(booking).toContainText(`${shortDay(24, month)} (1 day)`);
  await expect.poll(() => drawn(booking.getByRole('img', { name: 'Your ad' }))).toBe(true);
});
