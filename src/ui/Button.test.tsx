import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

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
    const { container } = render(
      <Button loading onClick={onClick}>
        Retry
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Retry' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('.ui-spinner')).toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('uses the 25 px loader size for large buttons', () => {
    const { container } = render(
      <Button size="l" loading>
        Retry
      </Button>,
    );
    expect(container.querySelector('.ui-spinner')).toHaveClass('ui-spinner--l');
  });

  it('is not busy when not loading', () => {
    render(<Button>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('applies variant, size and full width classes, and forwards ref and props', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} variant="secondary" size="s" fullWidth type="submit" aria-describedby="x">
        Back
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Back' });
    expect(ref.current).toBe(button);
    expect(button).toHaveClass('ui-button', 'ui-button--secondary', 'ui-button--s', 'ui-button--full');
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('aria-describedby', 'x');
  });

  it('keeps decorative icons out of the accessible name', () => {
    render(<Button endIcon={<svg />}>Next</Button>);
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});
