import type { Page } from '@playwright/test';
import { appReady } from './support/app';
import { openCheckout, signInAt } from './support/checkout';
import { expect, test } from './support/fixtures';

/*
 * The details form on a phone, against the real server: what it asks for a digital-only order, what it prefills
 * from the account, and what it never restores from a saved draft.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The address line of the checkout draft the device keeps, once written. */
function storedDraftAddress(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('ibc-shop');
        open.onerror = () => resolve(undefined);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kv')) return resolve(undefined);
          const get = db.transaction('kv').objectStore('kv').get('checkoutDraft');
          get.onsuccess = () => resolve(get.result?.value?.values?.address1);
          get.onerror = () => resolve(undefined);
        };
      }),
  );
}

const DIGITAL = [
  { path: '/ibc-game', heading: /^IBC game\s*-?\s*1 profile$/ },
  { path: '/ibc-steam-game', heading: /^IBC game\s*-?\s*STEAM edition$/ },
];

for (const product of DIGITAL) {
  test(`a digital-only order (${product.path}) asks for a billing address, not a delivery address`, async ({
    page,
    buyerPhone,
  }) => {
    test.setTimeout(60_000);
    await signInAt(page, buyerPhone, product.path);
    await appReady(page);
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: product.heading }) });
    await card.getByRole('button', { name: 'Add to cart' }).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);

    const form = page.getByRole('form', { name: 'Your details' });
    await expect(form.getByRole('group', { name: 'Billing address' })).toBeVisible();
    await expect(form.getByRole('group', { name: 'Delivery address' })).toHaveCount(0);
    await expect(form.getByLabel('Mobile number for delivery')).toHaveCount(0);
  });
}

test('the delivery mobile is the account’s number until the buyer changes it', async ({
  page,
  buyerPhone,
}) => {
  const form = await openCheckout(page, buyerPhone);
  const mobile = form.getByLabel('Mobile number for delivery');
  await expect(mobile).toHaveValue(buyerPhone);
  await expect(mobile).toHaveAccessibleDescription(/\+91/);
});

test('the terms are ticked by the buyer each time, never from a saved draft', async ({
  page,
  buyerPhone,
}) => {
  const form = await openCheckout(page, buyerPhone);
  await form.getByLabel('Address line 1').fill('7 Park Street');
  const terms = form.getByLabel(/I agree to the terms and conditions/);
  await terms.check();
  await form.getByLabel('Address line 1').blur();
  await expect.poll(() => storedDraftAddress(page)).toBe('7 Park Street');

  await page.reload();
  await appReady(page);
  await expect(form.getByLabel('Address line 1')).toHaveValue('7 Park Street');
  await expect(terms).not.toBeChecked();
});
