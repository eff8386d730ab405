import type { Page } from '@playwright/test';
import {
  choose,
  closeSummary,
  openCheckout,
  openSummary,
  payButton,
  serverOrders,
  summaryTotal,
} from './support/checkout';
import { buyerEmail, expect, TEST_CODE, test } from './support/fixtures';

/*
 * Buyers abroad, in the real app against the real server and its sandbox provider, on a phone: each switches to
 * USD and their country at the checkout, fills an address of their own country and pays in USD what was shown.
 */

test.use({ viewport: { width: 390, height: 844 } });

interface Abroad {
  country: string;
  postalCode: string;
  city: string;
  state: string;
  /** A national mobile number of the country. */
  mobile: string;
  dialCode: string;
}

const ABROAD: readonly Abroad[] = [
  {
    country: 'United States',
    postalCode: '10118',
    city: 'New York',
    state: 'New York',
    mobile: '2015550123',
    dialCode: '+1',
  },
  {
    country: 'United Kingdom',
    postalCode: 'SW1A 1AA',
    city: 'London',
    state: 'England',
    mobile: '7400123456',
    dialCode: '+44',
  },
  {
    country: 'Australia',
    postalCode: '2000',
    city: 'Sydney',
    state: 'New South Wales',
    mobile: '412345678',
    dialCode: '+61',
  },
];

/** "Choose Currency" on the checkout: USD, delivered to the country. */
async function switchTo(page: Page, country: string): Promise<void> {
  const currency = page.getByRole('group', { name: 'Choose Currency' });
  await currency.getByRole('radio', { name: 'USD' }).check();
  await currency.getByLabel('Deliver to').selectOption({ label: country });
}

async function verifyEmail(page: Page, buyerPhone: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Your details' });
  const email = form.getByLabel('Email');
  await email.fill(buyerEmail(buyerPhone));
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(email).not.toBeEditable();
  await form.getByLabel('Code sent to your e-mail').fill(TEST_CODE);
  await expect(form.getByText('Verified', { exact: true })).toBeVisible();
}

for (const place of ABROAD) {
  test(`a buyer in ${place.country} fills an address there and pays in USD exactly the total shown`, async ({
    page,
    context,
    baseURL,
    buyerPhone,
  }) => {
    test.setTimeout(120_000);
    const form = await openCheckout(page, buyerPhone);
    await switchTo(page, place.country);
    await expect(form.getByRole('combobox', { name: 'Country' })).toHaveText(place.country);

    const mobile = form.getByLabel('Mobile number for delivery');
    await expect(mobile).toHaveAccessibleDescription(new RegExp(`\\${place.dialCode}\\b`));
    await mobile.fill(place.mobile);
    await form.getByLabel('Address line 1').fill('350 Fifth Avenue');
    const postal = form.getByLabel('Postal code');
    await postal.fill(place.postalCode);
    await form.getByLabel('City').fill(place.city);
    await choose(page, 'State', place.state);
    await verifyEmail(page, buyerPhone);
    await form.getByLabel(/I agree to the terms and conditions/).check();

    await expect(postal).not.toHaveAccessibleDescription(/pincode|pin code/i);
    await expect(page.getByText(/We could not fetch the shipping cost/)).toHaveCount(0);
    await expect(payButton(page)).toBeEnabled();

    const summary = await openSummary(page);
    const total = summaryTotal(summary);
    await expect(total).toContainText('$');
    // An export: the invoice carries no GST, and says so rather than "GST $0".
    await expect(summary.getByText('No GST (export)')).toBeVisible();
    const shown = ((await total.textContent()) ?? '').trim();
    await closeSummary(page);

    await payButton(page).click();
    const frame = page.frameLocator('iframe[title="Sandbox payment"]');
    // The provider is asked for exactly what the buyer was shown.
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(shown);
    await frame.getByRole('button', { name: 'Pay (success)' }).click();
    await expect(
      page.locator('#successCard').getByRole('heading', { level: 1, name: 'Payment successful' }),
    ).toBeVisible();
    await expect(page.locator('#successCard').getByText('No GST (export)')).toBeVisible();

    const orders = await serverOrders(context, baseURL ?? '');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ order_status: 'SUCCESS', currency: 'USD' });
  });
}

test('a changed postal code abroad is priced again, and no internal key reaches the screen', async ({
  page,
  context,
  buyerPhone,
}) => {
  test.setTimeout(90_000);
  const form = await openCheckout(page, buyerPhone);
  await switchTo(page, 'United States');
  await form.getByLabel('Mobile number for delivery').fill('2015550123');
  await form.getByLabel('Address line 1').fill('350 Fifth Avenue');
  await form.getByLabel('City').fill('New York');
  await choose(page, 'State', 'New York');
  await verifyEmail(page, buyerPhone);
  await form.getByLabel(/I agree to the terms and conditions/).check();

  const charges: string[] = [];
  // The context's requests: the service worker's fetches are the ones that reach the server.
  context.on('request', (request) => {
    const match = /\/shipping_charges\/([^/]+)\/v1\//.exec(request.url());
    if (match?.[1]) charges.push(decodeURIComponent(match[1]));
  });
  const postal = form.getByLabel('Postal code');
  await postal.fill('10118');
  await expect.poll(() => charges.at(-1)).toBe('10118');
  await postal.fill('94105');
  await expect.poll(() => charges.at(-1)).toBe('94105');
  await expect(page.getByText(/pincode:|pin_code:/i)).toHaveCount(0);
  await expect(page.getByText(/We could not fetch the shipping cost/)).toHaveCount(0);
});
