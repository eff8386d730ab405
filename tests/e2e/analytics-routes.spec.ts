import type { Page } from '@playwright/test';
import { appReady } from './support/app';
import {
  fillCheckout,
  openCheckout,
  proceedToPay,
  sandboxModal,
  serverOrders,
  signIn,
} from './support/checkout';
import { expect, test } from './support/fixtures';

/*
 * Spec §1 and §7's analytics against the real marketing service (what it stored, read with the operator CLI), and
 * the last routes of spec §2 (/whatsapp-us, the book-a-demo routes).
 */

test.use({ viewport: { width: 390, height: 844 } });

interface StoredPush {
  kind: 'event' | 'user' | 'anonymous_user';
  name: string | null;
  user_id: string | null;
  anonymous_id: string | null;
  data: Record<string, unknown>;
}

/** The device's anonymous id, as the analytics keep it. */
async function anonymousIdOf(page: Page): Promise<string> {
  const id = await page.evaluate(() => localStorage.getItem('ibc-anonymous-id'));
  if (!id) throw new Error('no anonymous id was kept on the device');
  return id;
}

test('the landing address’s UTM and the buyer’s identity reach the marketing service with later pushes', async ({
  page,
  shop,
  buyerPhone,
}) => {
  test.setTimeout(90_000);
  const pushesOf = async (anonymousId: string): Promise<StoredPush[]> => {
    const { stdout } = await shop(['marketing', 'pushes', '--limit', '1000']);
    return stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as StoredPush)
      .filter((push) => push.anonymous_id === anonymousId)
      .reverse();
  };

  await page.goto('/ibc-kit?utm_campaign=diwali&utm_medium=cpc&utm_source=google');
  await appReady(page);
  // The campaign is kept for the session once the page is live.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('ibc-utm'))).toContain('diwali');
  // A later page of the same visit, its address without any UTM.
  await page.goto('/sign-in?redirect=%2Fibc-kit');
  await signIn(page, buyerPhone, '/ibc-kit');
  const anonymousId = await anonymousIdOf(page);

  await expect
    .poll(async () => (await pushesOf(anonymousId)).map((p) => p.name ?? p.kind), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['anonymous_user', 'requested_otp', 'user', 'user_login']));
  const pushes = await pushesOf(anonymousId);
  const campaign = { utm_campaign: 'diwali', utm_medium: 'cpc', utm_source: 'google' };

  // Before the sign-in: the visitor's anonymous push and the code's event with the landing's campaign. (The two leave
  // together, in that order; two beacons may arrive either way round, so only the sign-in's order is held here.)
  const kinds = pushes.map((p) => p.name ?? p.kind);
  expect(pushes.find((p) => p.kind === 'anonymous_user')).toMatchObject({ user_id: null, data: campaign });
  expect(kinds.indexOf('requested_otp')).toBeLessThan(kinds.indexOf('user'));
  const requested = pushes.find((p) => p.name === 'requested_otp');
  expect(requested?.data).toMatchObject({ country: 'india', ...campaign });
  expect(requested?.user_id).toBeNull();

  // After it: the users/push with who signed in, and their id on the events that follow.
  const user = pushes.find((p) => p.kind === 'user');
  expect(user?.user_id).toBeTruthy();
  expect(user?.data).toMatchObject({ phone_number: `+91${buyerPhone}`, country: 'india', ...campaign });
  expect(JSON.stringify(user)).not.toMatch(/token|otp/i);
  // The sign-up's details step pushes the user again, with the name the buyer gave.
  await expect
    .poll(async () => (await pushesOf(anonymousId)).filter((p) => p.kind === 'user').map((p) => p.data.name))
    .toContain('Asha Kumar');
  const login = pushes.find((p) => p.name === 'user_login');
  expect(login?.user_id).toBe(user?.user_id);
  expect(login?.data).toMatchObject(campaign);
});

test('a paid order’s Checkout Completed carries the payment’s id as transaction_id, and checkout_initiated names the order', async ({
  page,
  context,
  baseURL,
  shop,
  buyerPhone,
}) => {
  test.setTimeout(120_000);
  await page.goto('/?utm_source=newsletter');
  await appReady(page);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('ibc-utm'))).toContain('newsletter');
  await openCheckout(page, buyerPhone);
  await fillCheckout(page, buyerPhone);
  await proceedToPay(page);
  await sandboxModal(page).choose('Pay (success)');
  await expect(
    page.locator('#successCard').getByRole('heading', { name: 'Payment successful' }),
  ).toBeVisible();

  const [order] = (await serverOrders(context, baseURL ?? '')) as unknown as {
    order_id: string;
    payment_id: string | null;
  }[];
  expect(order?.payment_id).toBeTruthy();
  const anonymousId = await anonymousIdOf(page);
  const eventsOf = async () => {
    const { stdout } = await shop(['marketing', 'pushes', '--kind', 'event', '--limit', '1000']);
    return stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as StoredPush)
      .filter((push) => push.anonymous_id === anonymousId);
  };
  await expect
    .poll(async () => (await eventsOf()).map((p) => p.name), { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining(['checkout_initiated', 'order_created', 'purchase', 'Checkout Completed']),
    );
  const events = await eventsOf();
  expect(events.find((p) => p.name === 'checkout_initiated')?.data).toMatchObject({
    order_id: order?.order_id,
  });
  expect(events.find((p) => p.name === 'Checkout Completed')?.data).toMatchObject({
    order_id: order?.order_id,
    transaction_id: order?.payment_id,
    utm_source: 'newsletter',
    shipping_price: 0,
    country: 'india',
  });
  expect(order?.payment_id).not.toBe(order?.order_id);
});

test('/book-a-demo and its two routes are the not-found page while the book-a-demo flag is off', async ({
  page,
}) => {
  for (const path of ['/book-a-demo', '/book-a-demo-notify-me', '/book-a-demo-availability-check']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
});

test('/whatsapp-us links out to a chat with the shop’s number and the message written, and says what to do without WhatsApp', async ({
  page,
}) => {
  const response = await page.goto('/whatsapp-us');
  expect(response?.status()).toBe(200);
  // Served as a page a person reads and taps, not a redirect.
  expect(new URL(page.url()).pathname).toBe('/whatsapp-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat with us on WhatsApp' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No WhatsApp on this device?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Call +91 90000 00000' })).toHaveAttribute(
    'href',
    'tel:+919000000000',
  );
  await expect(page.getByRole('button', { name: 'Copy the number' })).toBeVisible();

  const chat = page.getByRole('link', { name: 'Open the chat in WhatsApp' });
  const box = await chat.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  // wa.me is outside the shop: the test stands in for it only to see where the tap goes.
  const opened: URL[] = [];
  await page.route('https://wa.me/**', async (route) => {
    opened.push(new URL(route.request().url()));
    await route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' });
  });
  await chat.click();
  await expect.poll(() => opened[0]?.pathname).toBe('/919000000000');
  expect(opened[0]?.searchParams.get('text')).toBe(
    'Hello IBC Cricket, I have a question about your cricket kit and games.',
  );
});
