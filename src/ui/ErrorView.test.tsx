import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_VIEW_MESSAGE, ErrorView } from './ErrorView';

describe('ErrorView', () => {
  it('shows the default title, message, the broken-wire image and a retry button', async () => {
    const onRetry = vi.fn();
    const { container } = render(<ErrorView onRetry={onRetry} />);
    expect(screen.getByRole('region', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(ERROR_VIEW_MESSAGE)).toBeInTheDocument();
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/images/broken-wire.svg');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    expect(img).toHaveAttribute('alt', '');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('takes its own texts and shows the busy retry loader', () => {
    render(
      <ErrorView title="Payment failed" message="Your card was declined." onRetry={() => {}} retrying />,
    );
    expect(screen.getByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(retry).toHaveAttribute('aria-busy', 'true');
    expect(retry).toBeDisabled();
  });

  it('has no retry button without onRetry', () => {
    render(<ErrorView />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
