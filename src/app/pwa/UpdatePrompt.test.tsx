import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { UpdatePrompt } from './UpdatePrompt';
import { serviceWorkerUpdate } from './updateState';

describe('UpdatePrompt', () => {
  beforeEach(() => {
    serviceWorkerUpdate.updateReady = false;
    serviceWorkerUpdate.dismissed = false;
  });

  it('offers a reload once a new version is waiting, in a live region', async () => {
    render(<UpdatePrompt />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => {
      serviceWorkerUpdate.updateReady = true;
    });
    expect(await screen.findByText('A new version is ready')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('can be dismissed for now', async () => {
    const user = userEvent.setup();
    serviceWorkerUpdate.updateReady = true;
    render(<UpdatePrompt />);
    await user.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version is ready')).not.toBeInTheDocument();
  });
});
