import { readFileSync } from 'node:fs';
import { toMinor } from '@contract/money';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Money } from './Money';

describe('Money', () => {
  it('renders the formatted amount in a data element with the major value', () => {
    render(<Money minor={toMinor(100_000, 'INR')} currency="INR" />);
    const amount = screen.getByText('₹1,00,000');
    expect(amount.tagName).toBe('DATA');
    expect(amount).toHaveAttribute('value', '100000');
  });

  it('formats USD per en-US with decimals only for a non-zero fraction', () => {
    render(
      <>
        <Money minor={129_900} currency="USD" />
        <Money minor={1250} currency="USD" />
        <Money minor={toMinor(7999, 'INR')} currency="INR" />
      </>,
    );
    expect(screen.getByText('$1,299')).toBeInTheDocument();
    expect(screen.getByText('$12.50')).toBeInTheDocument();
    expect(screen.getByText('₹7,999')).toBeInTheDocument();
  });

  it('strikes out an original price and says so to screen readers only', () => {
    // jsdom applies a stylesheet it is given, so the label's computed style shows it is clipped off screen.
    const sheet = document.createElement('style');
    sheet.textContent = readFileSync(`${import.meta.dirname}/visually-hidden.css`, 'utf8');
    document.head.append(sheet);
    try {
      const { container } = render(<Money minor={toMinor(9999, 'INR')} currency="INR" strike />);
      const struck = container.querySelector('s') as HTMLElement;
      expect(struck).toHaveTextContent('Original price ₹9,999');
      expect(within(struck).getByText('₹9,999')).toHaveStyle({ position: 'static' });
      expect(within(struck).getByText('Original price')).toHaveStyle({
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clipPath: 'inset(50%)',
      });
    } finally {
      sheet.remove();
    }
  });
});
