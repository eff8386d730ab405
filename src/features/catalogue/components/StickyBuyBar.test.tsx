import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilityState } from '../availability';
import { batPackageFixture, packageCardProps, packageFixture } from '../testData';
import { PackageCard, type PackageCardProps } from './PackageCard';

/** An IntersectionObserver the test drives: it reports what the test says is on screen. */
class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
  static report(target: Element, isIntersecting: boolean) {
    for (const observer of FakeIntersectionObserver.all) {
      if (!observer.targets.has(target)) continue;
      const entry = { target, isIntersecting } as IntersectionObserverEntry;
      act(() => observer.callback([entry], observer as unknown as IntersectionObserver));
    }
  }
}

beforeEach(() => {
  FakeIntersectionObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const props = packageCardProps;

function renderCard(overrides: Partial<PackageCardProps> = {}) {
  const p = props(overrides);
  const view = render(
    <ul>
      <li>
        <PackageCard {...p} />
      </li>
    </ul>,
  );
  const card = screen.getByRole('article');
  const cardButton = within(card).getByRole('button', { name: /Add to cart/ });
  /** The buyer scrolls on: the card's own button leaves the screen while the card's details stay. */
  const scrollPastButton = () => {
    FakeIntersectionObserver.report(card, true);
    FakeIntersectionObserver.report(cardButton, false);
  };
  return { ...view, props: p, card, cardButton, scrollPastButton };
}

const bar = (name: string) => screen.queryByRole('complementary', { name });

describe('StickyBuyBar', () => {
  it('is hidden, inert and out of the accessibility tree until the card’s button leaves the screen', () => {
    const { scrollPastButton, card, cardButton } = renderCard();
    expect(bar('Buy IBC home kit Solo')).toBeNull();
    const hidden = screen.getByRole('complementary', { hidden: true });
    expect(hidden).toHaveAttribute('aria-hidden', 'true');
    expect(hidden).toHaveAttribute('inert');

    // The card on screen with its button: still nothing to repeat.
    FakeIntersectionObserver.report(card, true);
    FakeIntersectionObserver.report(cardButton, true);
    expect(bar('Buy IBC home kit Solo')).toBeNull();

    scrollPastButton();
    const shown = bar('Buy IBC home kit Solo');
    expect(shown).not.toBeNull();
    expect(shown).not.toHaveAttribute('inert');
    expect(within(shown as HTMLElement).getByText('IBC home kit Solo')).toBeInTheDocument();
    expect(within(shown as HTMLElement).getByText('₹42,994')).toBeInTheDocument();
    expect(within(shown as HTMLElement).getByText('incl. GST')).toBeInTheDocument();

    // Back at the card's own button: the bar goes, so the action is never offered twice.
    FakeIntersectionObserver.report(cardButton, true);
    expect(bar('Buy IBC home kit Solo')).toBeNull();
  });

  it('hides once the card itself has scrolled away', () => {
    const { scrollPastButton, card } = renderCard();
    scrollPastButton();
    expect(bar('Buy IBC home kit Solo')).not.toBeNull();
    FakeIntersectionObserver.report(card, false);
    expect(bar('Buy IBC home kit Solo')).toBeNull();
  });

  it('renders the same hidden bar on the server as on the first client render', () => {
    const html = renderToString(<PackageCard {...props()} />);
    expect(html).toContain('aria-label="Buy IBC home kit Solo"');
    expect(html).toMatch(/<aside[^>]*aria-hidden="true"[^>]*inert=""/);
  });

  it('buys the package like the card’s button, and the card confirms it', async () => {
    const user = userEvent.setup();
    const { scrollPastButton, props: p, card } = renderCard();
    scrollPastButton();
    const shown = bar('Buy IBC home kit Solo') as HTMLElement;
    await user.click(within(shown).getByRole('button', { name: 'Add to cart' }));
    expect(p.onBuy).toHaveBeenCalledWith(p.pkg);
    expect(within(card).getByRole('status')).toHaveTextContent('Added to your cart.');
  });

  it.each<AvailabilityState>(['fetchingPackageDetails', 'fetchingPriceEstimate'])(
    'is busy and disabled while the machine is %s',
    (state) => {
      const { scrollPastButton } = renderCard({ state });
      scrollPastButton();
      const action = within(bar('Buy IBC home kit Solo') as HTMLElement).getByRole('button', {
        name: 'Add to cart',
      });
      expect(action).toBeDisabled();
      expect(action).toHaveAttribute('aria-busy', 'true');
    },
  );

  it('customizable: asks for an item first, then buys the chosen quantities with their total', async () => {
    const user = userEvent.setup();
    const pkg = batPackageFixture();
    const { scrollPastButton, props: p, card } = renderCard({ pkg });
    scrollPastButton();
    const shown = bar('Buy Custom designed bat') as HTMLElement;
    const action = within(shown).getByRole('button', { name: 'Add to cart' });
    expect(action).toBeDisabled();
    expect(action).toHaveAccessibleDescription('Choose at least one item');
    // The cheapest choice with GST: a grip, ₹266.96 + 12 %.
    expect(within(shown).getByText('From')).toBeInTheDocument();
    expect(within(shown).getByText('₹299')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Add one Custom designed bat' }));
    expect(action).toBeEnabled();
    expect(within(shown).queryByText('Choose at least one item')).toBeNull();
    expect(within(shown).getByText('₹4,999')).toBeInTheDocument();
    await user.click(action);
    expect(p.onBuy).toHaveBeenCalledWith(p.pkg, { 31: 1 });
  });

  it('a designed bat: shows the bat’s price for the design on screen, and buys that design', async () => {
    const user = userEvent.setup();
    const base = batPackageFixture();
    const option = (code: string, label: string, price_delta = 0) => ({
      code,
      label,
      detail: '',
      price_delta,
      colour: null,
      length_mm: null,
    });
    const pkg = {
      ...base,
      products: base.products.map((p) =>
        p.product_code === 'IBC_CUSTOM_BAT'
          ? {
              ...p,
              taxable_amount: 4450,
              customization_options: {
                engraving_max_length: 12,
                groups: [
                  {
                    group: 'willow' as const,
                    name: 'Willow grade',
                    options: [
                      option('KASHMIR', 'Kashmir willow'),
                      option('ENGLISH_1', 'English willow grade 1', 7500),
                    ],
                  },
                  { group: 'size' as const, name: 'Size', options: [option('SH', 'SH')] },
                  { group: 'weight' as const, name: 'Weight', options: [option('W1', '2lb 7oz–2lb 9oz')] },
                  {
                    group: 'handle' as const,
                    name: 'Handle shape',
                    options: [option('OVAL', 'oval handle')],
                  },
                  { group: 'grip' as const, name: 'Grip', options: [option('CHEVRON', 'chevron grip')] },
                ],
              },
            }
          : p,
      ),
    };
    const { scrollPastButton, props: p, card } = renderCard({ pkg });
    scrollPastButton();
    const shown = bar('Buy Custom designed bat') as HTMLElement;
    // The plainest design, ₹4,450 + 12 %: the bat's price, not the grip's ₹299.
    expect(await within(shown).findByText('Your bat')).toBeInTheDocument();
    expect(within(shown).getByText('₹4,984')).toBeInTheDocument();
    expect(within(shown).queryByText('₹299')).toBeNull();

    await user.click(await within(card).findByRole('radio', { name: /^English willow grade 1/ }));
    expect(within(shown).getByText('₹13,384')).toBeInTheDocument();
    await user.type(within(card).getByLabelText(/Name to engrave/), 'ASHA ');
    await user.click(within(card).getByRole('button', { name: 'Add one Custom designed bat' }));
    await user.click(within(shown).getByRole('button', { name: 'Add to cart' }));
    expect(p.onBuy).toHaveBeenCalledWith(
      p.pkg,
      { 31: 1 },
      {
        31: {
          design: {
            willow: 'ENGLISH_1',
            size: 'SH',
            weight: 'W1',
            handle: 'OVAL',
            grip: 'CHEVRON',
            engraving: 'ASHA',
          },
          extraMinor: 750_000,
          description:
            "English willow grade 1, SH, 2lb 7oz–2lb 9oz, oval handle, chevron grip, engraved 'ASHA'",
        },
      },
    );
  });

  it('is not offered for a package that is out of stock', () => {
    render(<PackageCard {...props({ pkg: packageFixture({ is_out_of_stock: true }), state: 'notifyMe' })} />);
    expect(screen.queryByRole('complementary', { hidden: true })).toBeNull();
  });

  it('shows one bar at a time: the first package on screen whose own button is out of view', () => {
    const first = props();
    const second = props({
      pkg: packageFixture({ package_id: 11, package_code: 'FAMILY', name: 'IBC home kit - Family' }),
    });
    render(
      <ul>
        <li>
          <PackageCard {...first} />
        </li>
        <li>
          <PackageCard {...second} />
        </li>
      </ul>,
    );
    const [soloCard, familyCard] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    const soloButton = within(soloCard).getByRole('button', { name: 'Add to cart' });
    const familyButton = within(familyCard).getByRole('button', { name: 'Add to cart' });
    // The end of Solo's details at the top, the start of Family (its button still below) at the bottom.
    FakeIntersectionObserver.report(soloCard, true);
    FakeIntersectionObserver.report(soloButton, false);
    FakeIntersectionObserver.report(familyCard, true);
    FakeIntersectionObserver.report(familyButton, false);
    expect(bar('Buy IBC home kit Solo')).not.toBeNull();
    expect(bar('Buy IBC home kit Family')).toBeNull();
    // Solo scrolls away: Family's bar takes over.
    FakeIntersectionObserver.report(soloCard, false);
    expect(bar('Buy IBC home kit Solo')).toBeNull();
    expect(bar('Buy IBC home kit Family')).not.toBeNull();
  });
});
