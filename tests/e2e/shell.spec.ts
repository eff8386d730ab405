import { appReady } from './support/app';
import { expect, test } from './support/fixtures';

const contentPages = [
  { path: '/terms-and-conditions/', heading: 'Terms and conditions' },
  { path: '/privacy-policy/', heading: 'Privacy policy' },
  { path: '/business-licence-terms-and-conditions/', heading: 'Business licence terms and conditions' },
  { path: '/about-us/', heading: 'About us' },
  { path: '/help/', heading: 'Help' },
  { path: '/metaverse-superstar/', heading: 'Metaverse Superstar' },
];

test('the home page shows the product line at a glance', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Real cricket');
  const line = page.getByRole('region', { name: 'The product line at a glance' });
  await expect(line.getByRole('heading', { name: 'IBC home kit' })).toBeVisible();
  await expect(line.getByRole('heading', { name: 'Custom designed bat' })).toBeVisible();
  await expect(page).toHaveTitle(/IBC Cricket/);
});

for (const { path, heading } of contentPages) {
  test(`${path} renders as a real page without its trailing slash`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(path.replace(/\/$/, ''));
    await expect(page).toHaveTitle(new RegExp(heading));
  });
}

test('about-us anchors scroll to testimonials and in-the-media', async ({ page }) => {
  await page.goto('/about-us#testimonials');
  await expect(page.getByRole('heading', { name: 'What players say' })).toBeInViewport();
  await page.goto('/about-us#in-the-media');
  await expect(page.getByRole('heading', { name: 'In the media' })).toBeInViewport();
});

test('any other path shows "Page not found" with a way back', async ({ page }) => {
  await page.goto('/no-such-page/at/all');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await appReady(page);
  // A soft 404 of the single-page app asks search engines not to index it.
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Real cricket');
});

test('navigation between pages happens in the app, without a full reload', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 1;
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test('touch targets of the navigation are at least 44 px tall', async ({ page }) => {
  await page.goto('/help');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  const links = page.locator('header a, footer a, nav a');
  const count = await links.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    if (!(await link.isVisible())) continue;
    const box = await link.boundingBox();
    expect(box?.height ?? 0, (await link.textContent()) ?? '').toBeGreaterThanOrEqual(44);
  }
});

test('pages run without a single Content-Security-Policy violation', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  // The sign-in page builds zod schemas before it is live, and every page once its stored cart comes back.
  for (const path of ['/', '/about-us', '/no-such-page', '/sign-in']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await appReady(page);
  }
  expect(violations).toEqual([]);
});
