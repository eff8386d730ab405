import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MotionGlobalConfig } from 'framer-motion';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dropdown, type DropdownOption, NO_OPTIONS_TEXT } from './Dropdown';
import { Modal } from './Modal';
import { mockViewport } from './matchMedia.mock';

beforeAll(() => {
  MotionGlobalConfig.skipAnimations = true;
});
afterAll(() => {
  MotionGlobalConfig.skipAnimations = false;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const STATES: DropdownOption[] = [
  { value: 'KA', label: 'Karnataka' },
  { value: 'KL', label: 'Kerala' },
  { value: 'MH', label: 'Maharashtra' },
  { value: 'TN', label: 'Tamil Nadu' },
];

function ControlledState() {
  const [value, setValue] = useState<string | null>('TN');
  return (
    <>
      <Dropdown label="State" options={STATES} value={value} onChange={setValue} />
      <button type="button" onClick={() => setValue(null)}>
        Reset
      </button>
    </>
  );
}

/** The tick is a picture beside the label (screen readers hear aria-selected instead). */
const hasTick = (option: HTMLElement) => option.querySelector('svg') !== null;

/** The open list holds focus and points at its active option with aria-activedescendant. */
const activeOption = () =>
  document.getElementById(screen.getByRole('listbox').getAttribute('aria-activedescendant') ?? '');

/** Focus moves into an opened list, and back to the field, on the next frame. */
const hasFocus = (element: HTMLElement) => waitFor(() => expect(element).toHaveFocus());
const listHasFocus = () => waitFor(() => expect(screen.getByRole('listbox')).toHaveFocus());

describe('Dropdown, single select (popover from 769 px)', () => {
  it('opens a listbox popover, selects on click and ticks the selected option', async () => {
    mockViewport(1280);
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Dropdown label="State" options={STATES} onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'State' });
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveTextContent('Select');

    await user.click(field);
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const listbox = screen.getByRole('listbox', { name: 'State' });
    expect(listbox).toHaveAttribute('data-size', 'regular');
    await user.click(within(listbox).getByRole('option', { name: 'Kerala' }));

    expect(onChange).toHaveBeenCalledWith('KL', STATES[1]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveTextContent('Kerala');
    await hasFocus(field);

    await user.click(field);
    const kerala = screen.getByRole('option', { name: 'Kerala' });
    expect(kerala).toHaveAttribute('aria-selected', 'true');
    expect(hasTick(kerala)).toBe(true);
    const karnataka = screen.getByRole('option', { name: 'Karnataka' });
    expect(karnataka).toHaveAttribute('aria-selected', 'false');
    expect(hasTick(karnataka)).toBe(false);
  });

  it('is operable by keyboard: arrows, Home/End, Enter, Escape and typeahead', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Dropdown label="State" options={STATES} onChange={onChange} listSize="compact" />);
    const field = screen.getByRole('combobox', { name: 'State' });
    await user.tab();
    expect(field).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toHaveAttribute('data-size', 'compact');
    const active = activeOption;
    expect(active()).toHaveTextContent('Karnataka');
    await listHasFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveTextContent('Maharashtra');
    await user.keyboard('{End}');
    expect(active()).toHaveTextContent('Tamil Nadu');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Tamil Nadu');
    await user.keyboard('{Home}');
    expect(active()).toHaveTextContent('Karnataka');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await hasFocus(field);
    await user.keyboard('{Enter}');
    await listHasFocus();
    await user.keyboard('m');
    expect(active()).toHaveTextContent('Maharashtra');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('MH', STATES[2]);
    expect(field).toHaveTextContent('Maharashtra');
    await hasFocus(field);

    await user.keyboard(' ');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(active()).toHaveTextContent('Maharashtra');
    await listHasFocus();
    await user.keyboard('{ArrowUp} ');
    expect(onChange).toHaveBeenLastCalledWith('KL', STATES[1]);
  });

  it('skips disabled options', async () => {
    const user = userEvent.setup();
    const options = [STATES[0], { ...STATES[1], disabled: true }, STATES[2]] as DropdownOption[];
    render(<Dropdown label="State" options={options} />);
    const field = screen.getByRole('combobox', { name: 'State' });
    field.focus();
    await user.keyboard('{ArrowDown}');
    await listHasFocus();
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Maharashtra');
    expect(screen.getByRole('option', { name: 'Kerala' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('Escape closes only the popover inside a Modal', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Address">
        <Dropdown label="State" options={STATES} />
      </Modal>,
    );
    const field = screen.getByRole('combobox', { name: 'State' });
    expect(field).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await listHasFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Tab leaves an open list for the next field and closes it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <Dropdown label="State" options={STATES} onChange={onChange} />
        <button type="button">Next</button>
      </>,
    );
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await listHasFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the common empty text when there are no options', async () => {
    const user = userEvent.setup();
    render(<Dropdown label="Pickup location" options={[]} />);
    await user.click(screen.getByRole('combobox', { name: 'Pickup location' }));
    expect(NO_OPTIONS_TEXT).toBe('no options to select');
    expect(screen.getByRole('status')).toHaveTextContent('no options to select');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('follows a controlled value', async () => {
    const user = userEvent.setup();
    render(<ControlledState />);
    const field = screen.getByRole('combobox', { name: 'State' });
    expect(field).toHaveTextContent('Tamil Nadu');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field).toHaveTextContent('Select');
  });
});

describe('Dropdown, multi select', () => {
  it('toggles several options, stays open and ticks each', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Dropdown type="multi" label="Devices" options={STATES} onChange={onChange} name="devices" />);
    const field = screen.getByRole('combobox', { name: 'Devices' });
    await user.click(field);
    const listbox = screen.getByRole('listbox', { name: 'Devices' });
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');

    await user.click(within(listbox).getByRole('option', { name: 'Tamil Nadu' }));
    await user.click(within(listbox).getByRole('option', { name: 'Karnataka' }));
    expect(onChange).toHaveBeenLastCalledWith(['KA', 'TN'], [STATES[0], STATES[3]]);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    for (const name of ['Karnataka', 'Tamil Nadu']) {
      const option = screen.getByRole('option', { name });
      expect(option).toHaveAttribute('aria-selected', 'true');
      expect(hasTick(option)).toBe(true);
    }
    expect(field).toHaveTextContent('Karnataka, Tamil Nadu');

    await user.keyboard('{Home}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['TN'], [STATES[3]]);
    expect(screen.getByRole('option', { name: 'Karnataka' })).toHaveAttribute('aria-selected', 'false');

    const hidden = document.querySelectorAll<HTMLInputElement>('input[type="hidden"][name="devices"]');
    expect([...hidden].map((i) => i.value)).toEqual(['TN']);
  });
});

describe('Dropdown, async select', () => {
  it('loads options through loadOptions with a loading state and a debounce', async () => {
    const user = userEvent.setup();
    const pending: Array<(options: DropdownOption[]) => void> = [];
    const loadOptions = vi.fn(
      (_query: string, _signal: AbortSignal) =>
        new Promise<DropdownOption[]>((resolve) => {
          pending.push(resolve);
        }),
    );
    const onChange = vi.fn();
    render(
      <Dropdown type="async" label="City" loadOptions={loadOptions} debounceMs={50} onChange={onChange} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'City' }));

    const search = screen.getByRole('combobox', { name: 'Search City' });
    await hasFocus(search);
    expect(screen.getByRole('status')).toHaveTextContent('Loading options…');
    await waitFor(() => expect(loadOptions).toHaveBeenCalledWith('', expect.any(AbortSignal)));
    act(() => pending.shift()?.([]));
    expect(await screen.findByText(NO_OPTIONS_TEXT)).toBeInTheDocument();

    await user.type(search, 'Mum');
    expect(search).toHaveValue('Mum');
    await waitFor(() => expect(loadOptions).toHaveBeenCalledTimes(2));
    expect(loadOptions).toHaveBeenLastCalledWith('Mum', expect.any(AbortSignal));
    expect(screen.getByRole('status')).toHaveTextContent('Loading options…');

    act(() =>
      pending.shift()?.([
        { value: 'BOM', label: 'Mumbai' },
        { value: 'MBD', label: 'Mumbra' },
      ]),
    );
    const listbox = await screen.findByRole('listbox', { name: 'City' });
    expect(search).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith({ value: 'MBD', label: 'Mumbra' });
    const field = screen.getByRole('combobox', { name: 'City' });
    expect(field).toHaveTextContent('Mumbra');
    await hasFocus(field);
  });

  it('keeps a typed space in the search instead of picking an option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const loadOptions = vi.fn(async (query: string) =>
      [
        { value: 'NZ', label: 'New Zealand' },
        { value: 'NL', label: 'Netherlands' },
      ].filter((o) => o.label.toLowerCase().startsWith(query.toLowerCase())),
    );
    render(
      <Dropdown type="async" label="Country" loadOptions={loadOptions} debounceMs={0} onChange={onChange} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    const search = screen.getByRole('combobox', { name: 'Search Country' });
    await hasFocus(search);
    await user.type(search, 'new z');
    expect(search).toHaveValue('new z');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(loadOptions).toHaveBeenLastCalledWith('new z', expect.any(AbortSignal)));
    expect(await screen.findByRole('option', { name: 'New Zealand' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Netherlands' })).not.toBeInTheDocument();
  });

  it('drops a stale answer and says when loading failed', async () => {
    const user = userEvent.setup();
    const loadOptions = vi.fn(async (query: string) => {
      if (query === 'x') throw new Error('down');
      return [{ value: 'a', label: 'Agra' }];
    });
    render(<Dropdown type="async" label="City" loadOptions={loadOptions} debounceMs={10} />);
    await user.click(screen.getByRole('combobox', { name: 'City' }));
    expect(await screen.findByRole('option', { name: 'Agra' })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Search City' }), 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the options');
  });
});

describe('Dropdown, modal at 768 px and below', () => {
  it('opens as a modal dialog on a phone and as a popover from 769 px, following viewport changes', async () => {
    const viewport = mockViewport(390);
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Dropdown label="Country" options={STATES} onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Country' });
    expect(field).toHaveAttribute('aria-haspopup', 'dialog');
    // Closed, the phone dialog renders nothing; its code arrives by the first open.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(field);
    const dialog = await screen.findByRole('dialog', { name: 'Country' });
    const listbox = within(dialog).getByRole('listbox', { name: 'Country' });
    expect(listbox).toHaveFocus();
    // The dialog sets the list's height, not the popover's cap.
    expect(listbox).not.toHaveAttribute('data-size');
    expect(listbox).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Karnataka' }).id,
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('KL', STATES[1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field).toHaveFocus();
    expect(field).toHaveTextContent('Kerala');

    await user.click(field);
    const kerala = within(screen.getByRole('dialog')).getByRole('option', { name: 'Kerala' });
    expect(hasTick(kerala)).toBe(true);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    act(() => viewport.resize(1024));
    expect(field).toHaveAttribute('aria-haspopup', 'listbox');
    await user.click(field);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('listbox', { name: 'Country' })).toBeInTheDocument();

    act(() => viewport.resize(768));
    expect(screen.getByRole('dialog', { name: 'Country' })).toBeInTheDocument();
  });

  it('has a Done button for multi select and a search box for async in the dialog', async () => {
    mockViewport(360);
    const user = userEvent.setup();
    render(
      <>
        <Dropdown type="multi" label="Devices" options={STATES} />
        <Dropdown
          type="async"
          label="City"
          debounceMs={0}
          loadOptions={async () => [{ value: 'DEL', label: 'Delhi' }]}
        />
      </>,
    );
    await user.click(screen.getByRole('combobox', { name: 'Devices' }));
    let dialog = screen.getByRole('dialog', { name: 'Devices' });
    await user.click(within(dialog).getByRole('option', { name: 'Kerala' }));
    await user.click(within(dialog).getByRole('option', { name: 'Tamil Nadu' }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Devices' })).toHaveTextContent('Kerala, Tamil Nadu');

    await user.click(screen.getByRole('combobox', { name: 'City' }));
    dialog = screen.getByRole('dialog', { name: 'City' });
    expect(within(dialog).getByRole('combobox', { name: 'Search City' })).toHaveFocus();
    await user.click(await within(dialog).findByRole('option', { name: 'Delhi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveTextContent('Delhi');
  });
});

describe('Dropdown errors and disabling', () => {
  it('shows the error once touched, "*Required" without a message, and clears it on focus', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Dropdown label="GST type" options={STATES} error />
        <button type="button">Next</button>
      </>,
    );
    const field = screen.getByRole('combobox', { name: 'GST type' });
    expect(screen.queryByText('*Required')).not.toBeInTheDocument();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('*Required');

    await user.tab({ shift: true });
    expect(field).toHaveFocus();
    expect(screen.queryByText('*Required')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('shows a given message when the form says it is touched', () => {
    render(<Dropdown label="State" options={STATES} error="required" touched />);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAccessibleDescription('required');
  });

  it('can be disabled', async () => {
    const user = userEvent.setup();
    render(<Dropdown label="State" options={STATES} disabled />);
    const field = screen.getByRole('combobox', { name: 'State' });
    expect(field).toBeDisabled();
    await user.click(field);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('disables itself with a single option when asked, showing that option chosen', () => {
    const onChange = vi.fn();
    const only = [{ value: 'SELF_PICKUP', label: 'Self Pickup' }];
    const { rerender } = render(
      <Dropdown label="Delivery" options={only} disableIfSingleOption onChange={onChange} />,
    );
    const field = screen.getByRole('combobox', { name: 'Delivery' });
    expect(field).toBeDisabled();
    expect(field).toHaveTextContent('Self Pickup');
    expect(onChange).toHaveBeenCalledWith('SELF_PICKUP', only[0]);

    rerender(
      <Dropdown
        label="Delivery"
        options={[...only, { value: 'SHIPPING_SERVICE', label: 'Delivery' }]}
        disableIfSingleOption
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Delivery' })).toBeEnabled();
  });

  it('stays enabled with a single option when not asked', () => {
    render(<Dropdown label="Delivery" options={[{ value: 'a', label: 'A' }]} />);
    expect(screen.getByRole('combobox', { name: 'Delivery' })).toBeEnabled();
  });
});
