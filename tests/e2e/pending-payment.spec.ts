import { fillCheckout, openCheckout, payButton } from './support/checkout';
import { expect, test } from './support/fixtures';

/*
 * A payment the bank has not confirmed, on a phone, against the real server and its sandbox provider (which
 * settles a pending payment as paid 12 seconds later here, by its webhook): the checkout says what is happening,
 * once, that the page may be closed, offers to notify on the buyer's tap and a way to their orders, and keeps
 * asking until the payment resolves.
 */

test.use({
  viewport: { width: 390, height: 844 },
  // Long enough to read the pending screen, short enough to settle within spec §4's six retries (about 51 s).
  serverEnv: { SANDBOX_PENDING_SETTLE_MS: '12000' },
});

const TITLE = 'Your bank is confirming your payment';

test('a pending payment explains itself once, offers notifications and My orders, and resolves by itself', async ({
  page,
  context,
  baseURL,
  buyerPhone,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  // The buyer has not been asked yet: the page reads "default" until their tap.
  await page.addInitScript(() => {
    let asked = false;
    Object.defineProperty(Notification, 'permission', { get: () => (asked ? 'granted' : 'default') });
    Notification.requestPermission = async () => {
      asked = true;
      return 'granted';
    };
  });
  await openCheckout(page, buyerPhone);
  await fillCheckout(page, buyerPhone);
  await payButton(page).click();
  await page
    .frameLocator('iframe[title="Sandbox payment"]')
    .getByRole('button', { name: 'Leave it pending' })
    .click();

  const status = page.getByRole('status').filter({ hasText: TITLE });
  await expect(status).toBeVisible();
  await expect(status).toContainText(
    'You can close this page: we will tell you as soon as your bank answers',
  );
  await expect(page.getByRole('heading', { name: TITLE })).toBeFocused();
  // One live region, the words once.
  await expect(page.getByText(TITLE)).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: /confirming/i })).toHaveCount(1);

  await expect(page.getByRole('link', { name: 'See my orders' })).toHaveAttribute('href', '/my-orders');
  const notify = page.getByRole('button', { name: 'Notify me when it’s confirmed' });
  const box = await notify.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await notify.click();
  await expect(page.getByText('We will notify you when it is confirmed.')).toBeVisible();

  // The status is asked again on spec §4's schedule until the bank's answer (the sandbox's webhook) arrives.
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByText(TITLE)).toHaveCount(0);
});
