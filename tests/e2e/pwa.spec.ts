import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { chromium } from 'playwright-core';
import { waitForServiceWorkerControl } from './support/app';
import { chromiumArgs, chromiumPath } from './support/env';
import { expect, test } from './support/fixtures';

interface ManifestIcon {
  src: string;
  sizes?: string;
  type?: string;
  purpose?: string;
}

interface WebManifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  icons?: ManifestIcon[];
  shortcuts?: { name: string; url: string; icons?: ManifestIcon[] }[];
  screenshots?: (ManifestIcon & { form_factor?: string })[];
}

const offlineMessage = 'You are offline — showing saved pages';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1'), 'PNG signature').toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

/** Waits until the service worker at /sw.js, scoped to the whole shop, controls the page. */
async function waitForShopWorker(page: Page): Promise<void> {
  const registration = await waitForServiceWorkerControl(page);
  expect(new URL(registration.script).pathname).toBe('/sw.js');
  expect(new URL(registration.scope).pathname).toBe('/');
}

async function expectPngIcon(request: APIRequestContext, icon: ManifestIcon, size: number): Promise<void> {
  const response = await request.get(icon.src);
  expect(response.status(), `${icon.src} resolves`).toBe(200);
  expect(response.headers()['content-type']).toContain('image/png');
  expect(pngSize(await response.body()), `${icon.src} is ${size}x${size}`).toEqual({
    width: size,
    height: size,
  });
}

test.describe('installable PWA', () => {
  test('Chrome reports no installability errors and the manifest icons resolve', async ({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
  }) => {
    // Chrome refuses installation in off-the-record profiles, which Playwright's normal contexts are.
    const userDataDir = await mkdtemp(join(tmpdir(), 'pwa-install-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      args: chromiumArgs,
      headless: true,
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      deviceScaleFactor,
      ...(userAgent ? { userAgent } : {}),
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await waitForShopWorker(page);

      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest', {});
      expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
      expect(manifest.errors, 'manifest parse errors').toEqual([]);

      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
          message: 'Page.getInstallabilityErrors',
          timeout: 15_000,
        })
        .toEqual([]);

      const request = context.request;
      const manifestResponse = await request.get('/manifest.webmanifest');
      expect(manifestResponse.status()).toBe(200);
      const data = (await manifestResponse.json()) as WebManifest;
      expect(data.display).toBe('standalone');
      expect(data.scope).toBe('/');
      const icons = data.icons ?? [];
      const find = (size: number, purpose: string) =>
        icons.find(
          (icon) => icon.sizes === `${size}x${size}` && (icon.purpose ?? 'any').split(' ').includes(purpose),
        );
      for (const [size, purpose] of [
        [192, 'any'],
        [512, 'any'],
        [512, 'maskable'],
      ] as const) {
        const icon = find(size, purpose);
        expect(icon, `a ${size}px ${purpose} icon`).toBeDefined();
        if (icon) await expectPngIcon(request, icon, size);
      }
      for (const shortcut of data.shortcuts ?? []) {
        const icon = shortcut.icons?.[0];
        expect(icon, `an icon for the "${shortcut.name}" shortcut`).toBeDefined();
        if (icon) await expectPngIcon(request, icon, 96);
      }

      const screenshots = data.screenshots ?? [];
      expect(screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
      for (const shot of screenshots) {
        const response = await request.get(shot.src);
        expect(response.status(), `${shot.src} resolves`).toBe(200);
        expect(response.headers()['content-type']).toContain(shot.type ?? 'image/');
      }

      // The worker must be revalidated on every load, or a deploy would never reach installed apps.
      const worker = await request.get('/sw.js');
      expect(worker.status()).toBe(200);
      expect(worker.headers()['cache-control']).toContain('no-cache');
    } finally {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    }
  });

  test('with the network off, a reload of / and of a content page still renders them', async ({
    context,
    page,
  }) => {
    await page.goto('/about-us');
    const aboutHeading = page.getByRole('heading', { level: 1 });
    await expect(aboutHeading).toBeVisible();
    const aboutTitle = (await aboutHeading.textContent())?.trim() ?? '';
    expect(aboutTitle).not.toBe('');

    await page.goto('/');
    const homeHeading = page.getByRole('heading', { level: 1 });
    await expect(homeHeading).toBeVisible();
    const homeTitle = (await homeHeading.textContent())?.trim() ?? '';
    await waitForShopWorker(page);

    await context.setOffline(true);
    try {
      // The network really is gone, for the page and for the service worker.
      await expect(page.evaluate(() => fetch('/healthz').then((r) => r.status))).rejects.toThrow();
      const [worker] = context.serviceWorkers();
      if (worker) {
        await expect(worker.evaluate(() => fetch('/healthz').then((r) => r.status))).rejects.toThrow();
      }

      const home = await page.reload();
      expect(home?.fromServiceWorker(), 'the service worker answered the navigation').toBe(true);
      await expect(page.getByRole('heading', { level: 1, name: homeTitle })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: offlineMessage })).toBeVisible();

      const about = await page.goto('/about-us');
      expect(about?.fromServiceWorker()).toBe(true);
      await expect(page.getByRole('heading', { level: 1, name: aboutTitle })).toBeVisible();

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: aboutTitle })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByText(offlineMessage)).toBeHidden();
  });
});
