import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import type { AvailabilityState } from '../availability';
import { batPackageFixture, packageCardProps, packageFixture, productFixture } from '../testData';
import { lastSaleText } from './lastSale';
import { PackageCard, type PackageCardProps } from './PackageCard';

function renderCard(overrides: Partial<PackageCardProps> = {}) {
  const props = packageCardProps(overrides);
  const view = render(<PackageCard {...props} />);
  return { ...view, props, card: screen.getByRole('article') };
}

describe('PackageCard', () => {
  it('shows the name in two parts, the price with tax and the crossed-out original price', () => {
    const { card } = renderCard();
    const heading = within(card).getByRole('heading', { level: 2 });
    expect(heading).toHaveTextContent('IBC home kit Solo');
    // The part after the first hyphen is in the accent colour (the tone PackageCard.css reads).
    expect(within(heading).getByText('Solo')).toHaveAttribute('data-tone', 'accent');
    expect(heading.querySelectorAll('[data-tone]')).toHaveLength(1);
    expect(within(card).getByText('₹42,994')).toBeInTheDocument();
    const strike = card.querySelector('s');
    expect(strike).toHaveTextContent('Original price ₹46,993.46');
    expect(within(card).getByText('incl. GST')).toBeInTheDocument();
  });

  it('shows no crossed-out price without an offer, and USD prices abroad', () => {
    const { card } = renderCard({
      pkg: packageFixture({
        currency: 'USD',
        country_code: 'US',
        // No GST on export: the server sends rate 0 abroad.
        products: packageFixture().products.map((p) => ({ ...p, gst_rate: 0 })),
        original_price: null,
        price: 538,
        price_estimate: { total_amount: 538, total_taxable_amount: 538, total_tax: 0, total_discount: 0 },
      }),
    });
    expect(within(card).getByText('$538')).toBeInTheDocument();
    expect(card.querySelector('s')).toBeNull();
    expect(within(card).queryByText('incl. GST')).toBeNull();
  });

  it('says who sells it and where it is available', () => {
    const { card } = renderCard();
    expect(within(card).getByText('Sold by IBC Cricket')).toBeInTheDocument();
    expect(
      within(card).getByText(
        /India, United States, and United Kingdom|India, United States and United Kingdom/,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('Currently available in')).toBeInTheDocument();
  });

  it('names the other vendor of a product (vendor_type OTHER)', () => {
    const { card } = renderCard({ pkg: batPackageFixture() });
    expect(within(card).getByText(/Sold by Kashmir Willow Works/)).toBeInTheDocument();
  });

  it('reads the stock: in stock, only N left, out of stock', () => {
    const { card, unmount } = renderCard();
    expect(within(card).getByText('In stock')).toBeInTheDocument();
    unmount();
    const few = packageFixture();
    few.products[1] = { ...(few.products[1] ?? productFixture()), available_quantity: 7 };
    const second = renderCard({ pkg: few });
    expect(within(second.card).getByText('Only 7 left')).toBeInTheDocument();
    second.unmount();
    const out = renderCard({ pkg: packageFixture({ is_out_of_stock: true }), state: 'notifyMe' });
    expect(within(out.card).getByText('Out of stock', { selector: 'p' })).toBeInTheDocument();
  });

  it('shows "EMI starts from" per month where the package has an EMI amount', () => {
    const { card } = renderCard({ pkg: packageFixture({ emi_starts_from_amount: 7999 }) });
    expect(within(card).getByText(/EMI starts from/)).toHaveTextContent('EMI starts from ₹7,999/month');
    expect(within(card).getByText('Total')).toBeInTheDocument();
  });

  it('puts the price and the buy action right under the name, before the description and the box contents', () => {
    const { card } = renderCard();
    const heading = within(card).getByRole('heading', { level: 2 });
    const price = within(card).getByText('₹42,994');
    const add = within(card).getByRole('button', { name: 'Add to cart' });
    const description = within(card).getByText(packageFixture().description);
    const contents = within(card).getByRole('list', { name: 'In the box' });
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(heading, price)).toBe(true);
    expect(follows(price, add)).toBe(true);
    expect(follows(add, description)).toBe(true);
    expect(follows(add, contents)).toBe(true);
  });

  it('adds a fixed package to the cart when ready to purchase', async () => {
    const user = userEvent.setup();
    const { card, props } = renderCard();
    await user.click(within(card).getByRole('button', { name: 'Add to cart' }));
    expect(props.onBuy).toHaveBeenCalledWith(props.pkg);
    expect(within(card).getByRole('status')).toHaveTextContent('Added to your cart.');
  });

  it.each<AvailabilityState>([
    'fetchingPackageDetails',
    'fetchingPriceEstimate',
    'fetchingPriceEstimateFailed',
  ])('keeps the buy action disabled while %s', (state) => {
    const { card } = renderCard({ state });
    expect(within(card).getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('out of stock: buying is disabled, the last sale and the notify-me form are shown', async () => {
    const { card } = renderCard({
      pkg: packageFixture({ is_out_of_stock: true }),
      state: 'notifyMe',
      lastSaleNote: 'Not sold in the last 30 days',
    });
    expect(within(card).queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(within(card).getByText('Not sold in the last 30 days')).toBeInTheDocument();
    // The form loads on demand with the form library and zod: slow to transform on a cold, busy test run.
    expect(
      await within(card).findByRole('form', { name: 'Tell me when it is back' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('the machine saying out of stock wins over an older list', () => {
    const { card } = renderCard({ state: 'fetchingLastSale' });
    expect(within(card).getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(within(card).getByText('Checking the last sale…')).toBeInTheDocument();
  });

  it('validates the notify-me contact with the spec messages before sending', async () => {
    const user = userEvent.setup();
    const { card, props } = renderCard({ pkg: packageFixture({ is_out_of_stock: true }), state: 'notifyMe' });
    // The form loads with the first out-of-stock card (lazy).
    const input = await within(card).findByLabelText('E-mail or mobile number');
    const submit = within(card).getByRole('button', { name: 'Notify me' });
    await user.click(submit);
    expect(within(card).getByText('Enter an email id or a mobile number')).toBeInTheDocument();
    await user.type(input, 'buyer@');
    await user.click(submit);
    expect(within(card).getByText('Enter a valid email id')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '12345');
    await user.click(submit);
    expect(within(card).getByText(/Enter the mobile number with its country code/)).toBeInTheDocument();
    expect(props.onNotifyMe).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, '98765 43210');
    await user.click(submit);
    expect(props.onNotifyMe).toHaveBeenCalledWith({ phone_number: '+919876543210' });
  });

  it('keeps what the buyer typed when notify-me fails, and offers to try again', async () => {
    const user = userEvent.setup();
    const { card, props, rerender } = renderCard({
      pkg: packageFixture({ is_out_of_stock: true }),
      state: 'notifyMe',
    });
    const input = await within(card).findByLabelText('E-mail or mobile number');
    await user.type(input, 'buyer@example.com');
    await user.click(within(card).getByRole('button', { name: 'Notify me' }));
    expect(props.onNotifyMe).toHaveBeenCalledWith({ email: 'buyer@example.com' });
    rerender(<PackageCard {...props} state="notifyMePending" />);
    expect(within(card).getByLabelText('E-mail or mobile number')).toHaveValue('buyer@example.com');
    const error = new ApiError({
      message: 'Oops! Something Went Wrong',
      response: 'Server error',
      resStatus: '',
      httpStatusCode: 500,
    });
    rerender(<PackageCard {...props} state="notifyMeFailure" error={error} />);
    expect(within(card).getByLabelText('E-mail or mobile number')).toHaveValue('buyer@example.com');
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'We could not save your request. Please try again.',
    );
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(props.onNotifyMe).toHaveBeenCalledTimes(2);
    rerender(<PackageCard {...props} state="notifyMeSuccess" />);
    expect(within(card).getByRole('status')).toHaveTextContent('We will let you know');
  });

  it('customizable: steppers per product, adds only quantities above 0', async () => {
    const user = userEvent.setup();
    const { card, props } = renderCard({ pkg: batPackageFixture() });
    const add = within(card).getByRole('button', { name: 'Add to cart' });
    expect(add).toBeDisabled();
    expect(within(card).getByText('Choose at least one item above.')).toBeInTheDocument();
    // ₹4,463.39 + 12 % = ₹4,999 a bat.
    expect(within(card).getByText('₹4,999')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add one Custom designed bat' }));
    await user.click(within(card).getByRole('button', { name: 'Add one Custom designed bat' }));
    await user.click(within(card).getByRole('button', { name: 'Add one Bat grip' }));
    await user.click(within(card).getByRole('button', { name: 'Remove one Bat grip' }));
    // Taxed per line as the server does: 2 × ₹4,463.39 + 12 %.
    expect(within(card).getByText('₹9,997.99')).toBeInTheDocument();
    await user.click(add);
    expect(props.onBuy).toHaveBeenCalledWith(props.pkg, { 31: 2 });
  });

  it('details failure shows the error view with retry', async () => {
    const user = userEvent.setup();
    const { card, props } = renderCard({ state: 'fetchingPackageDetailsFailed', error: new Error('x') });
    expect(within(card).getByText('Something went wrong')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalled();
  });

  it('gives every picture alt text and explicit size; only the first card loads eagerly', () => {
    const { card, unmount } = renderCard({ eager: true });
    const images = within(card).getAllByRole('img');
    expect(images[0]).toHaveAttribute('alt', 'IBC home kit - Solo');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[1]).toHaveAttribute('alt', 'IBC VR headset');
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    for (const img of images) {
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
    }
    expect(within(card).getByRole('button', { name: /Show picture 2 of 2/ })).toBeInTheDocument();
    unmount();
    const lazy = renderCard({ eager: false });
    expect(within(lazy.card).getAllByRole('img')[0]).toHaveAttribute('loading', 'lazy');
  });
});

describe('lastSaleText', () => {
  it('says when it last sold, how many in 30 days and when it is due back', () => {
    const now = new Date('2026-11-10T10:00:00Z');
    const text = lastSaleText(
      {
        package_id: 1,
        package_code: 'CLUB_EDITION',
        last_sale_datetime: '2026-11-06T10:00:00Z',
        units_sold_last_30_days: 3,
        expected_restock_date: '2026-12-12',
      },
      now,
    );
    expect(text).toBe('Last sold 4 days ago · 3 sold in the last 30 days · Back by 12 December 2026');
  });
});
