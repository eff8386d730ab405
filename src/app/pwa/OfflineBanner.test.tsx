import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptBrowserOnline } from '@/api/online';
import { OfflineBanner } from './OfflineBanner';

const offlineText = 'You are offline — showing saved pages';

function goOffline() {
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('OfflineBanner', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.restoreAllMocks();
  });

  it('says nothing while the connection is up, but keeps its live region ready', () => {
    render(<OfflineBanner />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByText(offlineText)).not.toBeInTheDocument();
  });

  it('announces going offline and clears the message when the connection returns', async () => {
    render(<OfflineBanner />);
    goOffline();
    expect(await screen.findByText(offlineText)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(offlineText);

    goOnline();
    await vi.waitFor(() => expect(screen.queryByText(offlineText)).not.toBeInTheDocument());
  });

  it('shows the message at once when the page opens without a network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    adoptBrowserOnline();
    render(<OfflineBanner />);
    expect(await screen.findByText(offlineText)).toBeInTheDocument();
  });
});
