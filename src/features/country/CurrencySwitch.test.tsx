import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clear } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { countryStore, setCountry } from '@/state/country';
import { kvStore } from '@/storage/kv';
import { CurrencySwitch } from './CurrencySwitch';

describe('currency switch', () => {
  beforeEach(async () => {
    await clear(kvStore());
  });

  it('offers INR and USD with a deliver-to country, and hides without international payments', async () => {
    await act(() => setCountry('IN'));
    const { unmount } = render(<CurrencySwitch />);
    expect(screen.getByRole('group', { name: 'Choose Currency' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'INR' })).toBeChecked();
    expect(screen.queryByLabelText('Deliver to')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'USD' }));
    expect(await screen.findByLabelText('Deliver to')).toHaveValue('US');
    await userEvent.selectOptions(screen.getByLabelText('Deliver to'), 'United Kingdom');
    expect(countryStore.countryCode).toBe('GB');
    unmount();

    render(<CurrencySwitch enabled={false} />);
    expect(screen.queryByRole('group', { name: 'Choose Currency' })).toBeNull();
  });
});
