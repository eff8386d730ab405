import type { APIRequestContext } from '@playwright/test';
import { availablePriceEstimateResponseSchema } from '../../contract/catalogue';
import { formatMoney, toMinor } from '../../contract/money';
import { appReady } from './support/app';
import { openSummary, signIn, summaryTotal } from './support/checkout';
import { expect, test } from './support/fixtures';

/*
 * The business and club pages against the real server: each is a real page whose first HTML carries the catalogue's
 * prices (read here from the catalogue API, so nothing is hard-coded twice), the home page's cards lead to them, an
 * unknown licence is the not-found page, the club edition takes a notify-me request, and a licence's buy action
 * reaches the licence checkout with its invite code field.
 */

test.use({ viewport: { width: 390, height: 844 } });

type Catalogue = ReturnType<typeof availablePriceEstimateResponseSchema.parse>;

async function catalogue(request: APIRequestContext, codes: string[]): Promise<Catalogue> {
  const response = await request.get(
    `/api/commerce/packages/available/price_estimate/v1/?package_codes=${codes.join(',')}&country_name_enum=IN`,
  );
  expect(response.status()).toBe(200);
  return availablePriceEstimateResponseSchema.parse(await response.json());
}

function packageOf(list: Catalogue, code: string) {
  const pkg = list.packages.find((p) => p.package_code === code);
  if (!pkg) throw new Error(`${code} is not in the catalogue`);
  return pkg;
}

/** A product's unit price before GST as the page prints it, e.g. "₹50,000". */
function unitOf(list: Catalogue, packageCode: string, productCode: string): string {
  const pkg = packageOf(list, packageCode);
  const product = pkg.products.find((p) => p.product_code === productCode);
  if (!product) throw new Error(`${productCode} is not in ${packageCode}`);
  return formatMoney(toMinor(product.taxable_amount, pkg.currency), pkg.currency);
}

/** A fixed package's price with GST as the page prints it. */
function totalOf(list: Catalogue, code: string): string {
  const pkg = packageOf(list, code);
  return formatMoney(toMinor(pkg.price_estimate.total_amount, pkg.currency), pkg.currency);
}

/** The server's first HTML of a path, with the text between tags joined (a price never spans two elements). */
async function firstHtml(
  request: APIRequestContext,
  path: string,
): Promise<{ status: number; text: string }> {
  const response = await request.get(path, { maxRedirects: 0 });
  const html = await response.text();
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ');
  return { status: response.status(), text };
}

test('each business and club page is a real page with its catalogue prices in the first HTML', async ({
  request,
}) => {
  const list = await catalogue(request, ['BUSINESS_LICENCE', 'BUSINESS_KIT', 'CLUB_EDITION']);
  const hardware = unitOf(list, 'BUSINESS_LICENCE', 'IBC_BUSINESS_EDITION_GAME');
  const premium = unitOf(list, 'BUSINESS_LICENCE', 'IBC_PREMIUM_LICENCE');
  const basic = unitOf(list, 'BUSINESS_LICENCE', 'IBC_BASIC_LICENCE');
  // Spec §2's licence pricing panel: hardware one-time ₹50,000, the annual licence fee ₹1,00,000 per pin.
  expect(hardware).toBe('₹50,000');
  expect(premium).toBe('₹1,00,000');
  const pages: { path: string; heading: string; prices: string[] }[] = [
    { path: '/business', heading: 'IBC Cricket for venues', prices: [hardware, premium] },
    { path: '/business-kit', heading: 'IBC business kit', prices: [totalOf(list, 'BUSINESS_KIT')] },
    {
      path: '/business-opportunity-details',
      heading: 'The business opportunity',
      prices: [hardware, premium],
    },
    { path: '/business-licence/premium', heading: 'IBC premium licence', prices: [premium] },
    { path: '/business-licence/basic', heading: 'IBC basic licence', prices: [basic] },
    {
      path: '/business-licence/business-edition-game',
      heading: 'IBC business edition game',
      prices: [hardware],
    },
    { path: '/club-edition', heading: 'IBC club edition', prices: [totalOf(list, 'CLUB_EDITION')] },
  ];
  for (const { path, heading, prices } of pages) {
    const { status, text } = await firstHtml(request, path);
    expect(status, path).toBe(200);
    expect(text, path).toContain(heading);
    expect(text, path).not.toContain('Page not found');
    for (const price of prices) expect(text, `${path} ${price}`).toContain(price);
  }
});

test("an operator's licence price change is in the business page's next first HTML", async ({
  request,
  shop,
}) => {
  try {
    await shop(['catalogue', 'price', 'IBC_PREMIUM_LICENCE', '--currency', 'INR', '--amount', '110000']);
    const { text } = await firstHtml(request, '/business');
    expect(text).toContain('₹1,10,000');
    // One pin's first year: the hardware and the first year's licence, before GST.
    expect(text).toContain('₹1,60,000');
  } finally {
    await shop(['catalogue', 'price', 'IBC_PREMIUM_LICENCE', '--currency', 'INR', '--amount', '100000']);
  }
});

test("the pricing panel scales per pin: the first year's total follows the pins chosen", async ({ page }) => {
  await page.goto('/business#ibc-business-pricing-section');
  await appReady(page);
  const panel = page.getByRole('region', { name: 'Licence pricing' });
  await expect(panel.getByText('Hardware, one-time')).toBeVisible();
  const total = panel.getByRole('status').filter({ hasText: /^First year for/ });
  await expect(total).toHaveText('First year for 1 pin: ₹1,50,000 before GST');
  await panel.getByRole('button', { name: 'Add one pin' }).click();
  await panel.getByRole('button', { name: 'Add one pin' }).click();
  await expect(total).toHaveText('First year for 3 pins: ₹4,50,000 before GST');
  await expect(panel.getByRole('link', { name: 'Ask for an invite' })).toHaveAttribute(
    'href',
    '/form/get-invite?product=licence',
  );
});

test("the home page's For venues and Ad packages cards reach the business pages", async ({ page }) => {
  const line = page.getByRole('region', { name: 'The product line at a glance' });
  await page.goto('/');
  await appReady(page);
  await line.getByRole('link', { name: 'For venues', exact: true }).click();
  await expect(page).toHaveURL(/\/business$/);
  await expect(page.getByRole('heading', { level: 1, name: 'IBC Cricket for venues' })).toBeVisible();
  await page.getByRole('link', { name: 'Business kit', exact: true }).first().click();
  await expect(page).toHaveURL(/\/business-kit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'IBC business kit' })).toBeVisible();

  await page.goto('/');
  await appReady(page);
  await line.getByRole('link', { name: 'Ad packages', exact: true }).click();
  await expect(page).toHaveURL(/\/business#ad-packages$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Ad packages' })).toBeInViewport();
  // The footer leads there from any page.
  await page.goto('/help');
  await page.getByRole('contentinfo').getByRole('link', { name: 'For venues' }).click();
  await expect(page).toHaveURL(/\/business$/);
});

test('an unknown licence path is the not-found page, answered with HTTP 404', async ({ page, request }) => {
  const { status } = await firstHtml(request, '/business-licence/xyz');
  expect(status).toBe(404);
  const response = await page.goto('/business-licence/xyz');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the club edition is out of stock and its notify-me is accepted', async ({ page }) => {
  await page.goto('/club-edition');
  await appReady(page);
  const card = page.getByRole('article', { name: /club edition/i });
  await expect(card.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
  await card.getByLabel('E-mail or mobile number').fill('club-secretary@example.com');
  await card.getByRole('button', { name: 'Notify me' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'We will let you know' })).toBeVisible();
});

test('a licence page buys with an invite code: it reaches the licence checkout with the invite field', async ({
  page,
  buyerPhone,
}) => {
  await page.goto('/business-licence/premium');
  await appReady(page);
  await expect(page.getByRole('link', { name: 'Ask for an invite' })).toHaveAttribute(
    'href',
    '/form/get-invite?product=licence',
  );
  await page.getByRole('button', { name: 'Add one pin' }).click();
  await page.getByRole('button', { name: /Buy 2 pins with an invite code/ }).click();
  await signIn(page, buyerPhone, '/checkout');
  // The codes sit in the order summary (a bottom sheet on a phone): the licence variant's invite code only.
  const summary = await openSummary(page);
  await expect(summary.getByLabel('Invite code', { exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'No invite yet? Ask for one' })).toHaveAttribute(
    'href',
    '/form/get-invite?product=licence',
  );
  await expect(summary.getByLabel('Coupon code')).toHaveCount(0);
  // Two pins of the hardware and the premium licence, with 18 % GST, priced by the server.
  await expect(summaryTotal(summary)).toHaveText('₹3,54,000');
});
