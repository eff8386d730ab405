import { expect, type Page } from '@playwright/test';

/**
 * Waits until the live app has replaced the prerendered page (src/app/startApp.tsx marks <html data-app="ready">).
 * Before that the page is real HTML whose links navigate as plain links; a test about in-app behaviour waits here.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('html[data-app="ready"]')).toBeAttached({ timeout: 15_000 });
}
