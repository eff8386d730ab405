import type { BrowserContext, Page } from '@playwright/test';
import type { FormId, FormSubmission } from '../../contract/forms';
import { tokenCookieName } from '../../src/api/cookies';
import { appReady } from './support/app';
import {
  choose,
  fillCheckout,
  openCheckout,
  proceedToPay,
  sandboxModal,
  serverOrders,
  signInAt,
} from './support/checkout';
import { expect, TEST_CODE, test } from './support/fixtures';

/*
 * The request forms of spec §2, at 390×844 against the real server: each submitted as a person would, and found
 * on the server under the buyer who sent it; a draft survives a reload and a refusal; a form that needs an
 * account takes the visitor through /f/sign-in and back.
 */

test.use({
  viewport: { width: 390, height: 844 },
  // One worker sends every form of the file from 127.0.0.1: the per-address hourly limit is the API suite's.
  serverEnv: { FORMS_IP_LIMIT_PER_HOUR: '1000' },
});

/** The buyer's submissions of a form as the server keeps them, read with the session the browser holds. */
async function serverSubmissions(
  context: BrowserContext,
  baseURL: string,
  formId: FormId,
  set: 'main' | 'forms' = 'main',
): Promise<FormSubmission[]> {
  const cookies = await context.cookies(baseURL);
  const token = cookies.find((c) => c.name === tokenCookieName(set, 'access_token'))?.value;
  expect(token, `a ${set} session`).toBeTruthy();
  const response = await context.request.get(
    `${baseURL}/api/forms/get_ib_form_submission_details/v1/?form_id=${formId}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { submissions: FormSubmission[] }).submissions;
}

/** The first day the page offers for a preferred date (today in the shop's calendar): read off the field. */
async function firstBookableDay(page: Page, label = 'Preferred date'): Promise<string> {
  const min = await page.getByLabel(label).getAttribute('min');
  expect(min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return min ?? '';
}

async function fillContact(page: Page, name: string, phone: string, email?: string) {
  await page.getByLabel(/Full name|Your name/).fill(name);
  await page.getByLabel('Mobile number').fill(phone);
  if (email) await page.getByLabel(/^(Work )?email/i).fill(email);
}

async function submit(page: Page, button: string, formId: FormId) {
  const stored = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.includes('/api/forms/'),
  );
  await page.getByRole('button', { name: button }).click();
  const response = await stored;
  expect(response.status(), await response.text()).toBe(201);
  expect(((await response.json()) as { submission: FormSubmission }).submission.form_id).toBe(formId);
  expect(response.request().headers()['x-tz'], 'form calls drop x-tz').toBeUndefined();
}

test('a signed-in buyer sends each request form and the server keeps each under them', async ({
  page,
  context,
  baseURL,
  buyerPhone,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, buyerPhone, '/form/request-a-call');
  const base = baseURL ?? '';

  // Request a call.
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Request a call' })).toBeVisible();
  await fillContact(page, 'Asha Kumar', '9876543210');
  await choose(page, 'What is it about?', 'Business licence or kit');
  const today = await firstBookableDay(page);
  await page.getByLabel('Preferred date').fill(today);
  await choose(page, 'Preferred time', 'Evening, 16:00–19:00');
  await submit(page, 'Request a call', 'request_a_call');
  await expect(page.getByRole('heading', { name: 'We will call you' })).toBeFocused();
  expect((await serverSubmissions(context, base, 'request_a_call'))[0]?.form_submission_data).toMatchObject({
    name: 'Asha Kumar',
    phone_number: '9876543210',
    topic: 'BUSINESS',
    preferred_date: today,
    preferred_time_slot: 'EVENING',
  });

  // Book a demo, then its confirmation page.
  await page.goto('/form/book-a-demo');
  await appReady(page);
  await choose(page, 'Demo of', 'The home kit');
  await fillContact(page, 'Asha Kumar', '9876543210', 'asha@example.in');
  await page.getByLabel('City').fill('Mysuru');
  await page.getByLabel('Pincode').fill('570001');
  await page.getByLabel('Preferred date').fill(await firstBookableDay(page));
  await choose(page, 'Preferred time', 'Morning, 10:00–13:00');
  await submit(page, 'Book the demo', 'book_a_demo');
  await expect(page).toHaveURL(/\/form\/book-a-demo\/success\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your demo is booked' })).toBeVisible();
  await expect(page.getByText(/morning, 10:00–13:00/)).toBeVisible();
  expect((await serverSubmissions(context, base, 'book_a_demo'))[0]?.form_submission_data).toMatchObject({
    city: 'Mysuru',
    pincode: '570001',
    product: 'HOME_KIT',
  });

  // The giveaway contest, with the player's role.
  await page.goto('/form/giveaway-contest');
  await appReady(page);
  await fillContact(page, 'Asha Kumar', '9876543210', 'asha@example.in');
  await page.getByLabel('City').fill('Chennai');
  await choose(page, 'Your playing role', 'Wicket keeper');
  await submit(page, 'Enter the contest', 'giveaway_contest');
  await expect(page.getByRole('heading', { name: 'You are in the contest' })).toBeVisible();
  expect((await serverSubmissions(context, base, 'giveaway_contest'))[0]?.form_submission_data).toMatchObject(
    {
      player_role: 'WICKET_KEEPER',
    },
  );

  // The experience zone interest of a venue.
  await page.goto('/form/experience-zone-interest-form');
  await appReady(page);
  await page.getByLabel('Venue name').fill('Koramangala Sports Arena');
  await choose(page, 'Kind of venue', 'Cricket academy');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('Pincode').fill('560034');
  await fillContact(page, 'Asha Kumar', '9876543210', 'asha@example.in');
  await submit(page, 'Send my interest', 'experience_zone_interest');
  await expect(page.getByRole('heading', { name: 'Thanks for your interest' })).toBeVisible();
  expect(
    (await serverSubmissions(context, base, 'experience_zone_interest'))[0]?.form_submission_data,
  ).toMatchObject({ venue_name: 'Koramangala Sports Arena', venue_type: 'ACADEMY', pincode: '560034' });

  // The enterprise contact of the business licence.
  await page.goto('/business-licence/enterprise/contact-us');
  await appReady(page);
  await page.getByLabel('Company name').fill('Play Arenas');
  await page.getByLabel('Number of locations').fill('8');
  await page.getByLabel('City').fill('Pune');
  await fillContact(page, 'Asha Kumar', '9876543210', 'asha@playarenas.in');
  await page.getByLabel('What do you need?').fill('A licence for eight venues');
  await submit(page, 'Contact sales', 'enterprise_contact');
  await expect(page.getByRole('heading', { name: 'Thanks — our team will contact you' })).toBeVisible();
  expect(
    (await serverSubmissions(context, base, 'enterprise_contact'))[0]?.form_submission_data,
  ).toMatchObject({
    company_name: 'Play Arenas',
    locations: '8',
    email: 'asha@playarenas.in',
  });
});

test('a visitor keeps what they typed across a reload and a refusal, sees the spec messages, then sends it', async ({
  page,
}) => {
  await page.goto('/form/giveaway-contest');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Giveaway contest' })).toBeVisible();
  await fillContact(page, 'Ravi Shankar', '1234567890', 'ravi@');
  await page.getByLabel('City').fill('Chennai');
  await page.getByRole('button', { name: 'Enter the contest' }).click();
  await expect(page.getByText('Enter a valid email id')).toBeVisible();
  await expect(page.getByText('Enter a valid mobile number')).toBeVisible();
  await expect(page.getByText('Choose your playing role')).toBeVisible();

  await page.reload();
  await appReady(page);
  await expect(page.getByLabel('Full name')).toHaveValue('Ravi Shankar');
  await expect(page.getByLabel('Mobile number')).toHaveValue('1234567890');
  await expect(page.getByLabel('City')).toHaveValue('Chennai');

  await page.getByLabel('Mobile number').fill('9845012345');
  await page.getByLabel('Email').fill('ravi@example.com');
  await choose(page, 'Your playing role', 'All-rounder');
  // A touch target a thumb can hit, on a 390 px screen.
  const button = page.getByRole('button', { name: 'Enter the contest' });
  expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await submit(page, 'Enter the contest', 'giveaway_contest');
  await expect(page.getByText('Good luck — we will tell the winners at ravi@example.com.')).toBeVisible();
});

test('the club edition application takes a signed-out visitor through /f/sign-in and back, and is kept under them', async ({
  page,
  context,
  baseURL,
  buyerPhone,
}) => {
  await page.goto('/club-edition/apply');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for the club edition' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in to continue' }).click();
  await expect(page).toHaveURL(/\/f\/sign-in\?redirect=%2Fclub-edition%2Fapply/);
  await page.getByLabel('Mobile number').fill(buyerPhone);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('6-digit code').fill(TEST_CODE);
  await expect(page).toHaveURL(/\/club-edition\/apply$/);

  await page.getByLabel('Club name').fill('Mysuru Gymkhana');
  await page.getByLabel('City').fill('Mysuru');
  await page.getByLabel('Pincode').fill('570001');
  await page.getByLabel('Playing members').fill('120');
  await fillContact(page, 'Asha Kumar', buyerPhone, 'asha@example.in');
  await submit(page, 'Send the application', 'club_edition_apply');
  await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
  const [kept] = await serverSubmissions(context, baseURL ?? '', 'club_edition_apply', 'forms');
  expect(kept?.form_submission_data).toMatchObject({ club_name: 'Mysuru Gymkhana', members: '120' });
});

test('after paying, the buyer books the setup call of their order, kept with the order id', async ({
  page,
  context,
  baseURL,
  buyerPhone,
}) => {
  test.setTimeout(120_000);
  await openCheckout(page, buyerPhone);
  await fillCheckout(page, buyerPhone);
  await proceedToPay(page);
  await sandboxModal(page).choose('Pay (success)');
  await expect(
    page.locator('#successCard').getByRole('heading', { name: 'Payment successful' }),
  ).toBeVisible();

  const setup = page.getByRole('region', { name: 'Book your setup call' });
  await expect(setup.getByRole('heading', { level: 2 })).toBeVisible();
  await setup.getByLabel('Preferred date').fill(await firstBookableDay(page));
  await choose(page, 'Preferred time', 'Afternoon, 13:00–16:00');
  await submit(page, 'Book the call', 'order_setup_call');
  await expect(page.getByRole('heading', { name: 'Your setup call is booked' })).toBeVisible();
  const [order] = await serverOrders(context, baseURL ?? '');
  const [kept] = await serverSubmissions(context, baseURL ?? '', 'order_setup_call');
  expect(kept?.form_submission_data).toMatchObject({
    orderId: order?.order_id,
    preferred_time_slot: 'AFTERNOON',
  });
});
