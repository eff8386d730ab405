import { expect, test } from './support/fixtures';

/*
 * The fifth wrong code locks the code (the server's 5 tries, real). The page's clock is held still, so the resend
 * countdown (the worker's 4 s cool-down) stays on screen as long as the test looks at it; the server keeps real time.
 */

test.use({ viewport: { width: 390, height: 844 } });

const SENT_AT = new Date('2026-03-02T10:00:00+05:30').getTime();

test('after the fifth wrong code the reason stays until a new code is asked for, and the countdown never sits beside the resend action', async ({
  page,
  buyerPhone: national,
}) => {
  await page.clock.setFixedTime(SENT_AT);
  await page.goto('/sign-in?redirect=%2Fibc-kit');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveText(/India \(\+91\)/);
  await page.getByLabel('Mobile number').fill(national);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/sign-in\/sign-up\/verify$/);

  const code = page.getByLabel('6-digit code');
  const verify = page.getByRole('button', { name: 'Verify' });
  const countdown = page.getByText(/You can ask for a new code in \d:\d\d/);
  const getNewCode = page.getByRole('button', { name: 'Get a new code' });
  const reason = page.getByText('Too many wrong tries for this code. Ask for a new one.');

  for (const [wrong, left] of [
    ['111111', '4 tries'],
    ['222222', '3 tries'],
    ['333333', '2 tries'],
    ['444444', '1 try'],
  ] as const) {
    await code.fill(wrong);
    await expect(page.getByText(`That code is not right. ${left} left.`)).toBeVisible();
  }
  await code.fill('555555');
  await expect(reason).toBeVisible();
  await expect(verify).toBeDisabled();
  await expect(verify).toHaveAccessibleDescription(/Too many wrong tries/);

  // The cool-down is still running: only the countdown shows, not an action that cannot be used yet.
  await expect(countdown).toHaveText('You can ask for a new code in 0:04');
  await expect(getNewCode).toBeHidden();
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeHidden();

  // Typing again does not hide why Verify is off.
  await code.fill('');
  await code.pressSequentially('12');
  await expect(code).toHaveValue('12');
  await expect(reason).toBeVisible();
  await expect(verify).toBeDisabled();

  // The cool-down over: the action replaces the countdown, and the reason is still there.
  let now = SENT_AT + 5_000;
  await page.clock.setFixedTime(now);
  await expect(getNewCode).toBeVisible();
  await expect(getNewCode).toBeEnabled();
  await expect(countdown).toBeHidden();
  await expect(reason).toBeVisible();

  // The server counts its cool-down in real time: until it has passed it answers with a wait (and a countdown again).
  const sent = page.getByText(`We sent a new code to +91 ${national.slice(0, 5)} ${national.slice(5)}.`);
  await expect(async () => {
    if (await countdown.isVisible()) {
      now += 5_000;
      await page.clock.setFixedTime(now);
    }
    await getNewCode.click({ timeout: 2_000 });
    await expect(sent).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  await expect(reason).toBeHidden();
  await expect(code).toHaveValue('');
  await expect(countdown).toHaveText('You can ask for a new code in 0:04');
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeHidden();
  await expect(getNewCode).toBeHidden();
});
