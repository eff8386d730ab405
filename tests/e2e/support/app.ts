import { expect, type Page } from '@playwright/test';

/**
 * Waits until the live app has replaced the prerendered page (src/app/boot/startApp.tsx marks <html data-app="ready">).
 * Before that the page is real HTML whose links navigate as plain links; a test about in-app behaviour waits here.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('html[data-app="ready"]')).toBeAttached({ timeout: 15_000 });
}

/**
 * Waits until the service worker controls the page and returns its registration. The worker claims open tabs
 * when it activates; a page it did not claim (it loaded before a worker of an older page took over) is reloaded.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<{ scope: string; script: string }> {
  const state = await page.evaluate(async () => {
    const container = navigator.serviceWorker;
    const ready = await container.ready;
    const claimed =
      container.controller !== null ||
      (await new Promise<boolean>((resolve) => {
        container.addEventListener('controllerchange', () => resolve(true), { once: true });
        // An upper bound on the claim, not a pause: controllerchange resolves as soon as it happens.
        setTimeout(() => resolve(container.controller !== null), 5_000);
      }));
    return { claimed, scope: ready.scope, script: ready.active?.scriptURL ?? '' };
  });
  if (!state.claimed) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      message: 'the service worker controls the page',
    })
    .toBe(true);
  return { scope: state.scope, script: state.script };
}
