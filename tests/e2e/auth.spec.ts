import type { Page } from '@playwright/test';
import { TEST_CODE as CODE, expect, test } from './support/fixtures';

/*
 * Sign-in with a phone number and a one-time code against the real server (issue 4). The numbers are test
 * numbers of the worker's server (OTP_TEST_NUMBERS, code 246810: nothing is sent, everything else — hashing,
 * tries, cool-down, rate limits — is real). Each test signs in with its own number (the buyerPhone fixture):
 * a number gets at most 5 codes an hour.
 */

const shown = (national: string) => `+91 ${national.slice(0, 5)} ${national.slice(5)}`;

const VERIFY = /\/sign-in\/verify$/;
const SIGN_UP_VERIFY = /\/sign-in\/sign-up\/verify$/;

/** A registered buyer verifies on /sign-in/verify, a new one on the sign-up's code step (spec §2). */
async function askForCode(page: Page, national: string, step: RegExp = VERIFY) {
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveText(/India \(\+91\)/);
  await page.getByLabel('Mobile number').fill(national);
  const next = page.getByRole('button', { name: 'Continue' });
  await next.click();
  // The server keeps a cool-down between two codes for a number: the screen counts down, then Continue works again.
  const waiting = page.getByText(/You can ask again in/);
  await expect(page.getByText('Enter the code').or(waiting)).toBeVisible();
  if (await waiting.isVisible()) {
    await expect(next).toBeEnabled();
    await next.click();
  }
  await expect(page).toHaveURL(step);
  await expect(page.getByTestId('pending-phone')).toHaveText(shown(national));
}

async function openAccount(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Your account' }).click();
  return page.getByRole('dialog', { name: 'Your account' });
}

test('a new buyer signs up from a product page, signs out, signs back in and lands where they started', async ({
  page,
  buyerPhone: national,
}) => {
  test.setTimeout(120_000);

  await page.goto('/ibc-game');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fibc-game$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  // A number that is not an Indian mobile is refused before anything is sent.
  await page.getByLabel('Mobile number').fill('4876500001');
  await page.getByLabel('Mobile number').blur();
  await expect(page.getByText('Enter a valid mobile number')).toBeVisible();

  // New buyer: the sign-up's code step, then their details on the same page, then back to the product page.
  await askForCode(page, national, SIGN_UP_VERIFY);
  await page.getByLabel('6-digit code').fill(CODE);
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about you' })).toBeVisible();
  await expect(page).toHaveURL(SIGN_UP_VERIFY);
  await page.getByLabel('Full name').fill('Asha Kumar');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/ibc-game$/);

  let account = await openAccount(page);
  const card = account.getByTestId('profile-card');
  await expect(card).toContainText('Asha Kumar');
  await expect(card).toContainText(shown(national));
  await account.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'access_token')).toBeUndefined();

  // Signing back in: no sign-up step, straight back to where the buyer started.
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fibc-game$/);
  await askForCode(page, national);
  await page.getByLabel('6-digit code').fill(CODE);
  await expect(page).toHaveURL(/\/ibc-game$/);
  account = await openAccount(page);
  await expect(account.getByTestId('profile-card')).toContainText('Asha Kumar');
});

test('a wrong code shows its error and keeps the number; the right one then signs in', async ({
  page,
  buyerPhone: national,
}) => {
  await page.goto('/sign-in?redirect=%2Fibc-kit');
  await askForCode(page, national, SIGN_UP_VERIFY);

  await page.getByLabel('6-digit code').fill('111111');
  await expect(page.getByText(/That code is not right\. 4 tries left\./)).toBeVisible();
  // The refused code is not sent again.
  await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
  await expect(page).toHaveURL(SIGN_UP_VERIFY);
  await expect(page.getByTestId('pending-phone')).toHaveText(shown(national));
  await expect(page.getByRole('link', { name: 'Edit number' })).toBeVisible();

  await page.getByLabel('6-digit code').fill(CODE);
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about you' })).toBeVisible();
});

test('the verify steps opened without the sign-in navigating there go back to /sign-in', async ({ page }) => {
  for (const path of ['/sign-in/verify', '/sign-in/sign-up/verify']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  }
});
