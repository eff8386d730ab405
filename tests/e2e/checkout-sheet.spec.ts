import type { Page } from '@playwright/test';
import { openCheckout, openSummary, payButton } from './support/checkout';
import { buyerEmail, expect, test } from './support/fixtures';

/*
 * The checkout's bottom sheet on a phone: collapsed it is a slim bar (the total and the pay action) that never
 * hides the field being edited; "Order summary" opens the whole summary, its code forms within reach.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const sheet = (page: Page) => page.getByRole('region', { name: 'Order summary' });

interface FocusedPlace {
  /** The focused control's accessible label, for the failure message. */
  name: string;
  top: number;
  bottom: number;
  /** The top of the sheet's box; the focused control is clear of it when its bottom is at or above it. */
  sheetTop: number;
}

/** Where the focused control and the collapsed sheet are on the screen. */
async function focusedPlace(page: Page): Promise<FocusedPlace> {
  const box = await sheet(page).boundingBox();
  if (!box) throw new Error('The order summary sheet is not on the screen');
  return page.evaluate((sheetTop) => {
    const focused = document.activeElement as HTMLElement | null;
    const rect = focused?.getBoundingClientRect();
    const labelled = focused as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> | null }) | null;
    const name =
      labelled?.labels?.[0]?.textContent?.trim() ||
      focused?.getAttribute('aria-label') ||
      focused?.textContent?.trim() ||
      focused?.tagName ||
      'nothing';
    return { name, top: rect?.top ?? 0, bottom: rect?.bottom ?? 0, sheetTop };
  }, box.y);
}

/** The focused control settles fully in sight: below the header, above the sheet. */
async function expectFocusedClearOfSheet(page: Page): Promise<string> {
  let place: FocusedPlace | null = null;
  await expect
    .poll(
      async () => {
        place = await focusedPlace(page);
        return place.bottom <= place.sheetTop && place.top >= 0 ? 'clear' : place;
      },
      { message: 'the focused field is in sight above the sheet' },
    )
    .toBe('clear');
  return (place as FocusedPlace | null)?.name ?? '';
}

test('the collapsed sheet and the bottom navigation take at most a quarter of the screen', async ({
  page,
  buyerPhone,
}) => {
  const form = await openCheckout(page, buyerPhone);
  await expect(form.getByLabel('Full name')).toHaveValue('Asha Kumar');
  await expect(payButton(page)).toBeVisible();
  // The reason the pay action waits is announced beside it.
  await expect(payButton(page)).toHaveAccessibleDescription(/\S/);

  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await sheet(page).boundingBox();
  const nav = await page.getByRole('navigation', { name: 'Quick' }).boundingBox();
  expect(box && nav).toBeTruthy();
  if (!box || !nav) return;
  expect(box.height + nav.height).toBeLessThanOrEqual(PHONE.height / 4);
  // The sheet sits right on the navigation: nothing of the page shows between them.
  expect(Math.abs(box.y + box.height - nav.y)).toBeLessThanOrEqual(1);
  await expect(payButton(page)).toBeInViewport();
});

test('every field of the details form, focused in turn, stays in sight above the sheet', async ({
  page,
  buyerPhone,
}) => {
  const form = await openCheckout(page, buyerPhone);
  await expect(form.getByLabel('Full name')).toHaveValue('Asha Kumar');

  // The e-mail is not verified yet: Send code brings the code field, which the buyer then taps.
  const email = form.getByLabel('Email');
  await email.fill(buyerEmail(buyerPhone));
  await form.getByRole('button', { name: 'Send code' }).click();
  const code = form.getByLabel('Code sent to your e-mail');
  await code.focus();
  await expect(code).toBeFocused();
  await expectFocusedClearOfSheet(page);

  const gst = form.getByLabel('I have GST details');
  await gst.focus();
  await expectFocusedClearOfSheet(page);
  await gst.check();
  for (const label of ['Company name', 'GSTIN']) {
    await form.getByLabel(label).focus();
    await expect(form.getByLabel(label)).toBeFocused();
    expect(await expectFocusedClearOfSheet(page)).toBe(label);
  }

  // From the page's top, Tab walks every control of the form and the payment choice at its end, up to the sheet;
  // each one it lands on is in sight.
  await page.evaluate(() => window.scrollTo(0, 0));
  await form.getByLabel('Full name').focus();
  const visited: string[] = [await expectFocusedClearOfSheet(page)];
  for (let step = 0; step < 60; step++) {
    await page.keyboard.press('Tab');
    const inSheet = await sheet(page).evaluate((node) => node.contains(document.activeElement));
    if (inSheet) break;
    visited.push(await expectFocusedClearOfSheet(page));
  }
  expect(visited).toEqual(
    expect.arrayContaining([
      'Email',
      'Code sent to your e-mail',
      'Address line 1',
      'Pincode',
      'City',
      'I have GST details',
      'Company name',
      'GSTIN',
      'Card, UPI or net banking',
    ]),
  );
});

test('"Order summary" opens the whole summary, its referral Apply within reach, and closes again', async ({
  page,
  buyerPhone,
}) => {
  const form = await openCheckout(page, buyerPhone);
  await expect(form.getByLabel('Full name')).toHaveValue('Asha Kumar');

  const summary = await openSummary(page);
  // Opened whole at once: the sheet takes the screen's height but for a strip that shows the page behind it. It slides
  // in, so its box is read once the slide has ended.
  await expect
    .poll(async () => (await summary.boundingBox())?.height ?? 0)
    .toBeGreaterThanOrEqual(PHONE.height * 0.8);
  const box = await summary.boundingBox();
  expect(box).toBeTruthy();
  if (!box) return;
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height + 1);

  // The summary's end scrolls into the sheet; the referral code's Apply is pressed there and answers.
  const referral = summary.getByRole('textbox', { name: 'Referral code' });
  await referral.fill('NOSUCHCODE1');
  const apply = summary
    .getByRole('form', { name: 'Have a referral code?' })
    .getByRole('button', { name: 'Apply' });
  await apply.scrollIntoViewIfNeeded();
  await expect(apply).toBeInViewport({ ratio: 1 });
  const applyBox = await apply.boundingBox();
  const payBox = await payButton(page).boundingBox();
  expect(applyBox && payBox).toBeTruthy();
  if (applyBox && payBox) expect(applyBox.y + applyBox.height).toBeLessThanOrEqual(payBox.y);
  await apply.click();
  await expect(referral).toHaveAccessibleDescription(/\S/);

  // Closed by its button, and by Escape and by the back gesture.
  await page.getByRole('button', { name: 'Order summary', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Order summary' })).toBeHidden();
  await openSummary(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Order summary' })).toBeHidden();
  await openSummary(page);
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Order summary' })).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
});
