import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateRangeField, type DateRangeValue, inclusiveDays } from './DateRangeField';
import { extendForm } from './textForm';

const { useAppForm } = extendForm({ fieldComponents: { DateRangeField } });

// Dates far ahead, so the calendar opens on the first bookable month whatever today is.
const FIRST = '2099-01-10';
const LAST = '2099-02-28';
const BOOKED = '2099-01-15';

function BookingForm({ onSubmit }: { onSubmit: (dates: DateRangeValue | null) => void }) {
  const form = useAppForm({
    defaultValues: { dates: null as DateRangeValue | null },
    onSubmit: ({ value }) => onSubmit(value.dates),
  });
  return (
    <form
      aria-label="Booking"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.AppField name="dates">
        {(field) => (
          <field.DateRangeField
            label="Ad dates"
            min={FIRST}
            max={LAST}
            isDateDisabled={(day) => day === BOOKED}
          />
        )}
      </form.AppField>
      <button type="submit">Book</button>
    </form>
  );
}

// The form's own regions: the library announces changes through a live region of its own as well.
const inForm = () => within(screen.getByRole('form', { name: 'Booking' }));
const day = (name: RegExp) => inForm().getByRole('button', { name });
const summary = () => inForm().getByRole('status');
const alert = () => inForm().getByRole('alert');

describe('DateRangeField', () => {
  it('counts both ends: 10 to 12 January is 3 days', () => {
    expect(inclusiveDays({ start: '2099-01-10', end: '2099-01-12' })).toBe(3);
    expect(inclusiveDays({ start: '2099-01-10', end: '2099-01-10' })).toBe(1);
    expect(inclusiveDays({ start: '2099-02-27', end: '2099-03-02' })).toBe(4);
  });

  it('is chosen by keyboard, says the range and its day count, and gives the form ISO dates', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<BookingForm onSubmit={onSubmit} />);
    expect(screen.getByRole('group', { name: 'Ad dates' })).toHaveAccessibleDescription(
      'Choose the first day, then the last',
    );
    expect(screen.getByText('January 2099')).toBeInTheDocument();

    // Tab passes the month steps (the previous one is off: nothing before January can be booked) to the days.
    expect(inForm().getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await user.tab();
    expect(inForm().getByRole('button', { name: 'Next month' })).toHaveFocus();
    await user.tab();
    expect(day(/10 January 2099/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(summary()).toHaveTextContent('From 10 Jan 2099: now choose the last day');

    // The day after the first takes focus, already shown as inside the range.
    await waitFor(() => expect(day(/^In range\. .*11 January 2099/)).toHaveFocus());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(day(/12 January 2099/)).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(summary()).toHaveTextContent('10 Jan 2099 – 12 Jan 2099: 3 days');
    expect(day(/10 January 2099/)).toHaveAccessibleName(/^Starting range from/);
    expect(day(/12 January 2099/)).toHaveAccessibleName(/^Range ending at/);

    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ start: '2099-01-10', end: '2099-01-12' }));
  });

  it('moves by week and by month from the keyboard', async () => {
    const user = userEvent.setup();
    render(<BookingForm onSubmit={vi.fn()} />);
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(day(/17 January 2099/)).toHaveFocus());
    await user.keyboard('{PageDown}');
    await waitFor(() => expect(day(/17 February 2099/)).toHaveFocus());
    expect(screen.getByText('February 2099')).toBeInTheDocument();
  });

  it('refuses days before the first bookable one', async () => {
    const user = userEvent.setup();
    render(<BookingForm onSubmit={vi.fn()} />);
    const before = day(/\b9 January 2099/);
    expect(before).toHaveAttribute('aria-disabled', 'true');
    await user.click(before);
    expect(summary()).toHaveTextContent('Choose the first day, then the last');
  });

  it('refuses a disabled day, and a range that would include it', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<BookingForm onSubmit={onSubmit} />);
    const booked = day(/15 January 2099/);
    expect(booked).toHaveAccessibleName(/^Not available/);
    expect(booked).toHaveAttribute('aria-disabled', 'true');
    await user.click(booked);
    expect(summary()).toHaveTextContent('Choose the first day, then the last');

    await user.click(day(/14 January 2099/));
    await user.click(day(/16 January 2099/));
    expect(alert()).toHaveTextContent('15 Jan 2099 cannot be booked');
    expect(summary()).toHaveTextContent('Choose the first day, then the last');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(null));

    await user.click(day(/16 January 2099/));
    await user.click(day(/18 January 2099/));
    expect(alert()).toBeEmptyDOMElement();
    expect(summary()).toHaveTextContent('16 Jan 2099 – 18 Jan 2099: 3 days');
  });
});
