import { expect, test } from './support/fixtures';

/*
 * A new number while the shop sends many codes: the server asks for a proof of work first (here always, from the
 * first code), the page solves it in Web Workers and asks again with the solution, and the code is sent.
 */

test.use({
  viewport: { width: 390, height: 844 },
  serverEnv: { OTP_CHALLENGE_AFTER_PERCENT: '0', OTP_CHALLENGE_MAX_NUMBER: '400' },
});

test('a new number solves the connection check and goes on to its code', async ({ page }, testInfo) => {
  // Not a test number: those never count against the budget, so they are never asked.
  const national = `981${String(testInfo.workerIndex % 100).padStart(2, '0')}${String(testInfo.retry).padStart(2, '0')}555`;
  const asked = page.waitForResponse(
    (res) => res.url().includes('/login/phone_number/v2/') && res.status() === 428,
  );
  const solved = page.waitForRequest(
    (req) => req.url().includes('/login/phone_number/v2/') && Boolean(req.postDataJSON()?.altcha),
  );
  await page.goto('/sign-in?redirect=%2Fibc-kit');
  await page.getByLabel('Mobile number').fill(national);
  await page.getByRole('button', { name: 'Continue' }).click();
  await asked;
  const retried = await solved;
  expect((await retried.response())?.status()).toBe(200);
  await expect(page).toHaveURL(/\/sign-in\/sign-up\/verify$/);
  await expect(page.getByTestId('pending-phone')).toHaveText(
    `+91 ${national.slice(0, 5)} ${national.slice(5)}`,
  );
});
