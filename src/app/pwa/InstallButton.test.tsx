import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallButton } from './InstallButton';
import { installState } from './install';

type Outcome = 'accepted' | 'dismissed';

/** A stand-in for Chromium's BeforeInstallPromptEvent, dispatched on window as the browser does. */
function offerInstall(outcome: Outcome = 'accepted') {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

describe('InstallButton', () => {
  beforeEach(() => {
    installState.canInstall = false;
    installState.installed = false;
  });

  it('stays hidden until the browser offers installation', () => {
    render(<InstallButton />);
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('appears on beforeinstallprompt and keeps the browser mini-infobar away', async () => {
    render(<InstallButton />);
    const { event } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByRole('button', { name: 'Install app' })).toBeInTheDocument();
  });

  it('shows the browser prompt on click, then hides (a prompt can be used once)', async () => {
    const user = userEvent.setup();
    render(<InstallButton />);
    const { prompt } = offerInstall('dismissed');
    await user.click(await screen.findByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument(),
    );
  });

  it('hides for good after appinstalled', async () => {
    render(<InstallButton />);
    offerInstall();
    expect(await screen.findByRole('button', { name: 'Install app' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument(),
    );
    offerInstall();
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('is not offered when the shop already runs as the installed app', async () => {
    installState.installed = true;
    render(<InstallButton />);
    offerInstall();
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });
});
