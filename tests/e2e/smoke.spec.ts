import { errorBodySchema } from '@contract/common';
import { maintenanceStatusSchema } from '@contract/maintenance';
import type { APIResponse } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** The directives of a Content-Security-Policy header, by name. */
function cspDirectives(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

function maxAgeOf(cacheControl: string): number {
  const match = /(?:^|[,\s])max-age=(\d+)/.exec(cacheControl);
  return match?.[1] ? Number(match[1]) : 0;
}

function header(response: APIResponse, name: string): string {
  return response.headers()[name] ?? '';
}

test.describe('server smoke', () => {
  test('/healthz answers 200 once the server is ready', async ({ request }) => {
    const response = await request.get('/healthz');
    expect(response.status()).toBe(200);
  });

  test('pages carry the security headers', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);

    const csp = header(response, 'content-security-policy');
    expect(csp, 'Content-Security-Policy header').not.toBe('');
    const directives = cspDirectives(csp);
    const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
    expect(scriptSrc, 'script-src (or default-src) directive').toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(directives.has('frame-ancestors'), 'frame-ancestors directive').toBe(true);

    expect(header(response, 'x-content-type-options')).toBe('nosniff');
    expect(header(response, 'referrer-policy')).not.toBe('');
  });

  test('hashed assets are immutable, index.html and sw.js are revalidated', async ({ request }) => {
    const index = await request.get('/');
    expect(header(index, 'content-type')).toContain('text/html');
    expect(header(index, 'cache-control')).toContain('no-cache');

    const html = await index.text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'index.html loads a hashed /assets/*.js script').toBeDefined();
    const asset = await request.get(script ?? '');
    expect(asset.status()).toBe(200);
    const assetCache = header(asset, 'cache-control');
    expect(assetCache).toContain('immutable');
    expect(maxAgeOf(assetCache), `max-age in "${assetCache}"`).toBeGreaterThanOrEqual(31_536_000);

    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(header(sw, 'cache-control')).toContain('no-cache');
  });

  test('the web app manifest is served and revalidated', async ({ request }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(header(manifest, 'cache-control')).toContain('no-cache');
    const parsed: unknown = JSON.parse(await manifest.text());
    expect(parsed).toEqual(
      expect.objectContaining({ name: expect.any(String), start_url: expect.any(String) }),
    );
  });

  test('every storefront path gets the app shell, a path no route matches with 404', async ({ request }) => {
    for (const [path, status] of [
      ['/about-us', 200],
      ['/no-such-page', 404],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      expect(header(response, 'content-type'), path).toContain('text/html');
      expect(header(response, 'cache-control'), path).toContain('no-cache');
      expect(await response.text(), path).toContain('<div id="root">');
    }
  });

  test('an unknown API path answers 404 with the error body of spec §8', async ({ request }) => {
    for (const path of ['/api/commerce/no-such-endpoint/v1/', '/api/no-such-service']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(header(response, 'content-type'), path).toContain('application/json');
      const body = errorBodySchema.parse(await response.json());
      expect(body.data.http_status_code, path).toBe(404);
      expect(body.data.message, path).not.toBe('');
    }
  });
});

test.describe('shop in the browser', () => {
  test('the home page renders with no console errors, CSP violations or failed requests', async ({
    page,
    baseURL,
  }) => {
    const problems: string[] = [];
    // Chromium reports CSP violations and failed loads as console errors too.
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // A violation that the page catches (e.g. a library probing eval) logs no console error, but Chromium still
    // raises a DevTools issue, and Lighthouse's best-practices audit fails on it: watch the issues too.
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Audits.issueAdded', ({ issue }) => {
      const csp = issue.details.contentSecurityPolicyIssueDetails;
      if (issue.code === 'ContentSecurityPolicyIssue' && csp) {
        const where = csp.sourceCodeLocation;
        problems.push(
          `CSP ${csp.violatedDirective} (${csp.contentSecurityPolicyViolationType})` +
            (where ? ` at ${where.url}:${where.lineNumber + 1}:${where.columnNumber + 1}` : ''),
        );
      }
    });
    await cdp.send('Audits.enable');
    page.on('response', (response) => {
      if (response.status() >= 400 && response.url().startsWith(baseURL ?? '')) {
        problems.push(`HTTP ${response.status()}: ${response.url()}`);
      }
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test.describe('maintenance', () => {
    const message = 'Upgrading the nets';

    // Maintenance is server-wide (this worker's server): never leave it on for the tests that follow it here.
    test.afterEach(async ({ shop }) => {
      await shop(['maintenance', 'off']);
    });

    test('the operator takes the shop down and brings it back without a restart', async ({
      page,
      request,
      shop,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      await shop(['maintenance', 'on', '--minutes', '30', '--message', message]);

      const down = maintenanceStatusSchema.parse(
        await (await request.get('/api/maintenance/status/v1/')).json(),
      );
      expect(down.res_status).toBe('SERVER_UNDER_MAINTENANCE');
      expect(down.response).toBe(message);
      expect(down.time_in_seconds).toBeGreaterThan(1700);
      expect(down.time_in_seconds).toBeLessThanOrEqual(1800);

      await page.reload();
      await expect(page.getByText(message)).toBeVisible();
      // The countdown is an ARIA timer showing hours, minutes and seconds in that order, whatever the labels:
      // 0 hours, 29 (28 on a slow machine) minutes and some seconds left.
      const countdown = page.getByRole('timer');
      await expect(countdown).toBeVisible();
      await expect(countdown).toHaveText(/(^|\D)0?0\D+(29|28)\D+[0-5]?\d(\D|$)/);
      const shownFirst = (await countdown.textContent()) ?? '';
      await expect(countdown, 'the countdown ticks').not.toHaveText(shownFirst, { timeout: 5_000 });

      await shop(['maintenance', 'off']);

      const up = maintenanceStatusSchema.parse(
        await (await request.get('/api/maintenance/status/v1/')).json(),
      );
      expect(up.res_status).toBe('working');

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(message)).toHaveCount(0);
      await expect(page.getByRole('timer')).toHaveCount(0);
    });
  });
});
