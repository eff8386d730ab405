import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

/** What the button shows but screen readers skip: the loader and decorative icons. */
const decorations = (button: HTMLElement) => [...button.querySelectorAll('[aria-hidden="true"]')];

describe('Button', () => {
  it('is a plain button that does not submit forms by default', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Next</Button>);
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading is disabled and busy, keeps its name and shows the loader', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Retry
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Retry' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(decorations(button)).toHaveLength(1);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('uses the 25 px loader size (l) for large buttons, and the button size unless told otherwise', () => {
    render(
      <>
        <Button size="l" loading>
          Retry
        </Button>
        <Button size="s" loading>
          Pay
        </Button>
        <Button size="s" loaderSize="l" loading>
          Next
        </Button>
      </>,
    );
    const loaderSize = (name: string) =>
      decorations(screen.getByRole('button', { name }))[0]?.getAttribute('data-size');
    expect(loaderSize('Retry')).toBe('l');
    expect(loaderSize('Pay')).toBe('s');
    expect(loaderSize('Next')).toBe('l');
  });

  it('is not busy when not loading, and shows no loader', () => {
    render(<Button>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(decorations(button)).toHaveLength(0);
  });

  it('exposes variant, size and full width as the attributes Button.css styles, and forwards ref and props', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} variant="secondary" size="s" fullWidth type="submit" aria-describedby="x">
        Back
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Back' });
    expect(ref.current).toBe(button);
    expect(button).toHaveAttribute('data-variant', 'secondary');
    expect(button).toHaveAttribute('data-size', 's');
    expect(button).toHaveAttribute('data-full-width');
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('aria-describedby', 'x');
  });

  it('keeps decorative icons out of the accessible name', () => {
    render(<Button endIcon={<svg />}>Next</Button>);
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('takes the defaults: primary, m, not full width', () => {
    render(<Button>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toHaveAttribute('data-variant', 'primary');
    expect(button).toHaveAttribute('data-size', 'm');
    expect(button).not.toHaveAttribute('data-full-width');
  });
});
