import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Picks an option of a Dropdown as a person does, then waits for the list to hand focus back to its trigger: typing
 * into the next field before that lands in the trigger, not the field.
 */
export async function chooseOption(
  user: ReturnType<typeof userEvent.setup>,
  combobox: RegExp,
  option: string,
) {
  const trigger = await screen.findByRole('combobox', { name: combobox });
  await user.click(trigger);
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(trigger).toHaveFocus());
}
