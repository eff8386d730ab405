/**
 * Puts a browser in the state a buyer reaches /checkout in: signed in (the session's cookies) with the home kit in
 * the cart (IndexedDB), added on the product page as a buyer adds it. The service worker, its caches and the HTTP
 * cache are then cleared, so the audited load of /checkout fetches everything as a first visit to it does.
 */
import { type BrowserContext, chromium } from '@playwright/test';
import { TOKEN_COOKIE_FIELDS, tokenCookieName } from '../../src/api/cookies';

/** The fixed code of the audit's test numbers (nothing is sent; the server's hashing and limits are real). */
export const AUDIT_CODE = '246810';
const AUDIT_NUMBERS = 30;

/** 98765 99 NNN: the audit's NNNth buyer, a valid Indian mobile number. */
const auditNumber = (n: number) => `9876599${String(n).padStart(3, '0')}`;

/** OTP_TEST_NUMBERS for the audit's server. */
export function auditTestNumbers(): string {
  return Array.from({ length: AUDIT_NUMBERS }, (_, i) => `+91${auditNumber(i + 1)}:${AUDIT_CODE}`).join(',');
}

let issued = 0;

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Signs the audit's next buyer in within `context` and puts the home kit in their cart, caches then cleared. */
export async function signInWithCart(baseUrl: string, context: BrowserContext): Promise<void> {
  issued += 1;
  if (issued > AUDIT_NUMBERS) throw new Error('raise AUDIT_NUMBERS');
  const phone = { phone_number: auditNumber(issued), country_code: '+91' };
  await post(`${baseUrl}/api/user/login/phone_number/v1/`, phone);
  const tokens = await post(`${baseUrl}/api/user/verify/phone_number_otp/v1/`, { ...phone, otp: AUDIT_CODE });
  const values: Record<(typeof TOKEN_COOKIE_FIELDS)[number], string> = {
    access_token: String(tokens.access_token),
    refresh_token: String(tokens.refresh_token),
    user_id: String(tokens.user_id),
    expires: String(Date.now() + Number(tokens.expires_in) * 1000),
  };
  await context.addCookies(
    TOKEN_COOKIE_FIELDS.map((field) => ({
      name: tokenCookieName('main', field),
      value: values[field],
      url: baseUrl,
    })),
  );
  const page = await context.newPage();
  await page.goto(`${baseUrl}/ibc-kit`);
  await page.getByRole('article').first().getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Checkout' }).waitFor();
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations())
      await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

/** signInWithCart in the default context of the Chromium Lighthouse launched (listening on `chromePort`). */
export async function signedInWithCart(baseUrl: string, chromePort: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the launched Chromium has no default context');
    await signInWithCart(baseUrl, context);
  } finally {
    // Disconnects; the browser itself belongs to chrome-launcher.
    await browser.close();
  }
}
