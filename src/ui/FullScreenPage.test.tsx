import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './Button';
import { FullScreenPage } from './FullScreenPage';

describe('FullScreenPage', () => {
  it('shows the logo, heading, subtext and call to action', () => {
    render(
      <FullScreenPage
        heading="Page not found"
        subtext="The page you are looking for does not exist."
        action={<Button>Go home</Button>}
      />,
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
    const logo = screen.getByRole('img', { name: 'IBC Cricket' });
    expect(logo).toHaveAttribute('src', '/images/logo.svg');
    expect(logo).toHaveAttribute('width', '72');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go home' })).toBeInTheDocument();
  });

  it('can sit inside a shell that owns the main landmark', () => {
    render(<FullScreenPage as="div" heading="Offline" showLogo={false} />);
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
