import { errorBodySchema } from '@contract/common';
import type { Page } from '@playwright/test';
import { appReady } from './support/app';
import { expect, test } from './support/fixtures';

test.describe('paths and status codes', () => {
  test('a path no route matches is the not-found page, answered with HTTP 404', async ({ page }) => {
    const response = await page.goto('/no-such-page/at/all');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('routes are matched exactly: /IBC-KIT is not the home kit, before or after the app starts', async ({
    page,
  }) => {
    const response = await page.goto('/IBC-KIT');
    expect(response?.status()).toBe(404);
    await appReady(page);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/IBC-KIT');
    const kit = await page.request.get('/ibc-kit');
    expect(kit.status()).toBe(200);
  });

  test('a hosted payment path the server does not know answers the JSON 404 body, without a redirect', async ({
    request,
  }) => {
    for (const path of ['/pay/sandbox/x', '/pay/x/']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type'], path).toContain('application/json');
      expect(errorBodySchema.parse(await response.json()).data.http_status_code, path).toBe(404);
    }
  });
});

/** Chromium's install offer, as the page sees it: an Event with prompt() and userChoice. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {},
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(event);
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
]) {
  test(`with "Install app" offered, the header fits ${viewport.width} px and keeps the cart in view`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await appReady(page);
    await offerInstall(page);
    const header = page.getByRole('banner');
    const install = header.getByRole('button', { name: 'Install app' });
    await expect(install).toBeVisible();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    const cart = header.getByRole('button', { name: /^Cart,/ });
    await expect(cart).toBeVisible();
    const cartBox = await cart.boundingBox();
    expect(cartBox).not.toBeNull();
    if (cartBox) {
      expect(cartBox.x).toBeGreaterThanOrEqual(0);
      expect(cartBox.x + cartBox.width).toBeLessThanOrEqual(viewport.width);
    }
    // A thumb-sized target, and the header keeps its one-line height.
    const installBox = await install.boundingBox();
    expect(installBox?.width).toBeGreaterThanOrEqual(44);
    expect(installBox?.height).toBeGreaterThanOrEqual(44);
    const headerBox = await header.boundingBox();
    expect(headerBox?.height).toBeLessThanOrEqual(61);
    expect(headerBox?.width).toBeLessThanOrEqual(viewport.width);
    // The bottom navigation stays on screen.
    const bottomNav = page.getByRole('navigation', { name: 'Quick' });
    await expect(bottomNav).toBeInViewport({ ratio: 1 });
  });
}

test('every shortcut of the manifest opens a real page', async ({ request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    shortcuts?: { name: string; url: string }[];
  };
  const shortcuts = manifest.shortcuts ?? [];
  expect(shortcuts.length).toBeGreaterThan(0);
  for (const shortcut of shortcuts) {
    const response = await request.get(shortcut.url);
    expect(response.status(), `${shortcut.name}: ${shortcut.url}`).toBe(200);
    expect(await response.text(), `${shortcut.name}: ${shortcut.url}`).not.toContain('Page not found');
  }
});

test('Help says where "Install app" is and where a buyer finds their orders', async ({ page }) => {
  await page.goto('/help');
  await page.getByText('Can I install the shop on my phone?').click();
  await expect(page.getByText(/“Install app” button appears at the top of the page/)).toBeVisible();
  await page.getByText('Where is my order?').click();
  await expect(page.getByText(/^Open My orders \(from your account or the foot of any page\)/)).toBeVisible();
  await expect(page.getByText(/in the menu/)).toHaveCount(0);
  // What Help names is real: the footer's My orders opens the page (sign-in first for a visitor).
  await page.getByRole('contentinfo').getByRole('link', { name: 'My orders' }).click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fmy-orders/);
});
