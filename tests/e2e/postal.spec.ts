import { appReady } from './support/app';
import { addKit, openCheckout, signInAt } from './support/checkout';
import { expect, test } from './support/fixtures';

/*
 * The pincode on a phone, against the real server and its postal directory: the checkout fills a metro's own city
 * and state, an unknown pincode is named under the field while what was typed stays, and a product page tells
 * whether and roughly when a pincode is delivered to, the checkout starting from that pincode.
 */

test.use({ viewport: { width: 390, height: 844 } });

const METROS = [
  { pincode: '400001', city: 'Mumbai', state: 'Maharashtra' },
  { pincode: '110001', city: 'New Delhi', state: 'Delhi' },
  { pincode: '560001', city: 'Bengaluru', state: 'Karnataka' },
  { pincode: '600001', city: 'Chennai', state: 'Tamil Nadu' },
  { pincode: '700001', city: 'Kolkata', state: 'West Bengal' },
  { pincode: '500001', city: 'Hyderabad', state: 'Telangana' },
];

test("a metro's pincode fills its own city and state; an unknown pincode says so and keeps what was typed", async ({
  page,
  buyerPhone,
}) => {
  test.setTimeout(90_000);
  const form = await openCheckout(page, buyerPhone);
  const pincode = form.getByLabel('Pincode');
  const city = form.getByLabel('City');
  const state = form.getByRole('combobox', { name: 'State' });
  for (const metro of METROS) {
    await pincode.fill(metro.pincode);
    await expect(city).toHaveValue(metro.city);
    await expect(state).toHaveText(new RegExp(metro.state));
  }

  await city.fill('Panaji');
  await pincode.fill('999999');
  const hint = form.getByRole('status').filter({ hasText: 'pincode 999999' });
  await expect(hint).toHaveText('We could not find pincode 999999. Please fill in your city and state.');
  await expect(pincode).toHaveAccessibleDescription(/We could not find pincode 999999/);
  await expect(pincode).not.toHaveAttribute('aria-invalid', 'true');
  await expect(pincode).toHaveValue('999999');
  await expect(city).toHaveValue('Panaji');

  // A known pincode again: the hint goes.
  await pincode.fill('560001');
  await expect(city).toHaveValue('Bengaluru');
  await expect(hint).toBeHidden();
});

test('a product page tells whether and roughly when a pincode is delivered to, and the checkout starts from it', async ({
  page,
  buyerPhone,
}) => {
  test.setTimeout(90_000);
  await signInAt(page, buyerPhone, '/ibc-kit');
  await appReady(page);
  const check = page.getByRole('region', { name: 'Check delivery' });
  const field = check.getByLabel('Delivery pincode');
  const result = check.getByRole('status');
  // It loads after the first paint into room kept for it: nothing under it moves.
  await expect(field).toBeVisible();
  const room = await check.evaluate((region) => {
    const kept = region.parentElement;
    return kept
      ? { kept: Number.parseFloat(getComputedStyle(kept).minHeight), used: kept.scrollHeight }
      : null;
  });
  expect(room?.used).toBeLessThanOrEqual(room?.kept ?? 0);

  await field.fill('4000');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByText('enter a valid pincode')).toBeVisible();

  await field.fill('999999');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(result).toHaveText('999999 is not a pincode we know. Check it, or choose self pickup');

  await field.fill('400001');
  await field.press('Enter');
  await expect(result).toHaveText('Delivered to Mumbai, Maharashtra in 3–5 working days');

  const cart = await addKit(page);
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const form = page.getByRole('form', { name: 'Your details' });
  await expect(form.getByLabel('Pincode')).toHaveValue('400001');
  await expect(form.getByLabel('City')).toHaveValue('Mumbai');
  await expect(form.getByRole('combobox', { name: 'State' })).toHaveText(/Maharashtra/);
});
