import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth/AuthProvider';
import { countryStore } from '@/state/country';
import { renderAt } from '@/ui/renderAt.test-helpers';
import { CONTENT_PATHS } from '../lib/site';
import { AppLayout } from './AppLayout';

// The shell's logo counts its renders: the frame around it renders once.
const logoRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../ui/Logo', () => ({
  Logo: () => {
    logoRenders.count += 1;
    return null;
  },
}));

afterEach(() => {
  countryStore.countryCode = 'IN';
});

const renderShell = (path: string) =>
  renderAt(<h1>this page</h1>, path, (router) => <AuthProvider>{router}</AuthProvider>, AppLayout);

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('AppLayout', () => {
  it("marks the page's own link, and moves the mark when the buyer goes elsewhere", async () => {
    const { router } = renderShell(CONTENT_PATHS.help);
    await screen.findByRole('heading', { name: 'this page' });
    expect(mainNav().getByRole('link', { name: 'Help' })).toHaveAttribute('data-status', 'active');
    await act(() => router.navigate({ to: '/' }));
    await screen.findByRole('heading', { name: 'page /' });
    expect(mainNav().getByRole('link', { name: 'Home' })).toHaveAttribute('data-status', 'active');
    expect(mainNav().getByRole('link', { name: 'Help' })).not.toHaveAttribute('data-status');
  });

  it("does not render again when the buyer's country changes: only the parts that show it do", async () => {
    renderShell('/');
    await screen.findByRole('heading', { name: 'this page' });
    const rendered = logoRenders.count;
    act(() => {
      countryStore.countryCode = 'US';
    });
    await act(() => Promise.resolve());
    expect(logoRenders.count).toBe(rendered);
  });
});
