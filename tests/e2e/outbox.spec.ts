import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { tokenCookieName } from '../../src/api/cookies';
import { appReady, waitForServiceWorkerControl } from './support/app';
import { signInAt } from './support/checkout';
import { expect, test } from './support/fixtures';
import { storedMarketingEvents } from './support/marketing';

/*
 * The outbox on a phone against the real server: a request form sent offline waits on the device, says so, and is
 * stored exactly once after the connection is back; analytics events made while they cannot get through arrive
 * once each and in the order they were made.
 */

test.use({ viewport: { width: 390, height: 844 } });

const EVENTS_PUSH = '**/api/marketing/web_engage/events/push/';

/** The signed-in buyer's get-invite submissions as the server has them. */
async function serverInvites(request: APIRequestContext, context: BrowserContext, baseURL: string) {
  const token = (await context.cookies(baseURL)).find(
    (c) => c.name === tokenCookieName('main', 'access_token'),
  );
  const response = await request.get(
    `${baseURL}/api/forms/get_ib_form_submission_details/v1/?form_id=get_invite`,
    {
      headers: { authorization: `Bearer ${token?.value ?? ''}` },
    },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { submissions: { form_submission_data: Record<string, string> }[] })
    .submissions;
}

async function fillInvite(page: Page, city: string): Promise<void> {
  await page.getByRole('combobox', { name: /Invite for/ }).click();
  await page.getByRole('option', { name: 'Business kit' }).click();
  await expect(page.getByLabel(/Full name/)).toHaveValue('Asha Kumar');
  await page.getByLabel(/^Email/).fill('asha.kumar@example.com');
  await page.getByLabel(/^City/).fill(city);
}

test('a get-invite request sent offline waits, then is stored exactly once after reconnecting', async ({
  page,
  context,
  request,
  baseURL,
  buyerPhone,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('no baseURL');
  await signInAt(page, buyerPhone, '/form/get-invite');
  await appReady(page);
  await waitForServiceWorkerControl(page);
  await fillInvite(page, 'Mysuru');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Request an invite' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting to send' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'will be sent when you are back online' }),
  ).toBeVisible();
  expect(await serverInvites(request, context, baseURL)).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: /Thanks — we will be in touch/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Sent\./ })).toBeVisible();
  await expect.poll(async () => (await serverInvites(request, context, baseURL)).length).toBe(1);

  // A new start replays whatever is left: nothing is, and the server still has it once.
  await page.reload();
  await appReady(page);
  const invites = await serverInvites(request, context, baseURL);
  expect(invites.map((s) => s.form_submission_data.city)).toEqual(['Mysuru']);
});

test('analytics events made while they cannot get through arrive once each, in the order they were made', async ({
  page,
  context,
  request,
  buyerPhone,
  shopServer,
}) => {
  test.setTimeout(120_000);
  const before = (await storedMarketingEvents(request, shopServer)).length;
  await page.goto('/');
  await appReady(page);
  await waitForServiceWorkerControl(page);

  // The events push fails at the network for the page and its worker: sign-in's events wait in the outbox.
  await context.route(EVENTS_PUSH, (route) => route.abort('internetdisconnected'));
  await signInAt(page, buyerPhone, '/ibc-game');
  // Then fully offline: signing out is one more event made without a connection.
  await context.setOffline(true);
  await page.getByRole('banner').getByRole('button', { name: 'Your account' }).click();
  await page.getByRole('dialog', { name: 'Your account' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect((await storedMarketingEvents(request, shopServer)).length).toBe(before);

  await context.unroute(EVENTS_PUSH);
  await context.setOffline(false);
  const expected = ['requested_otp', 'signin_completed', 'user_login', 'signup_completed', 'user_logout'];
  await expect
    .poll(async () => (await storedMarketingEvents(request, shopServer)).slice(before).map((e) => e.name))
    .toEqual(expected);
  // Once each, under the key each was made with, and nothing more arrives on a new start.
  await page.reload();
  await appReady(page);
  const events = (await storedMarketingEvents(request, shopServer)).slice(before);
  expect(events.map((e) => e.name)).toEqual(expected);
  expect(new Set(events.map((e) => e.idempotency_key)).size).toBe(expected.length);
  expect(events.every((e) => e.idempotency_key !== null)).toBe(true);
});
