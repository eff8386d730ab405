import { DatePicker, type DateValue, parseDate, useDatePicker } from '@ark-ui/react/date-picker';
import { differenceInCalendarDays, eachDayOfInterval, format, formatISO, parseISO } from 'date-fns';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { type FieldProps, useFieldIds, visibleError } from '../fieldError';
import { ChevronDownIcon } from '../icons';
import { useBoundField } from './textForm';
import '../field.css';
import './DateRangeField.css';

/** A range of whole days, both ends included, as ISO dates (yyyy-MM-dd). */
export interface DateRangeValue {
  start: string;
  end: string;
}

/** The days from start to end, both counted: 10–12 January is 3 days. */
export function inclusiveDays({ start, end }: DateRangeValue): number {
  return differenceInCalendarDays(parseISO(end), parseISO(start)) + 1;
}

const shown = (iso: string) => format(parseISO(iso), 'd MMM yyyy');
const dayCount = (days: number) => (days === 1 ? '1 day' : `${days} days`);

export interface DateRangeInputProps extends FieldProps<DateRangeValue | null> {
  /** The first and last days that may be chosen (yyyy-MM-dd). */
  min?: string;
  max?: string;
  /** Days that cannot be chosen, nor lie inside a chosen range (e.g. a device already booked). */
  isDateDisabled?: (isoDate: string) => boolean;
}

/**
 * A month calendar (Ark UI's DatePicker, range mode, inline) where a first day and a last day make the range; the
 * range and its inclusive day count are spelled out under it. Arrow keys move by day and week, Page Up/Down by month,
 * Enter or Space chooses.
 */
export function DateRangeInput({
  label,
  hint,
  value,
  onChange,
  min,
  max,
  isDateDisabled,
  error,
  touched = false,
  required,
  disabled,
  onBlur,
  id,
}: DateRangeInputProps) {
  const { fieldId, labelId, hintId, errorId } = useFieldIds(id, 'dates');
  const summaryId = `${fieldId}-summary`;
  const wrapperRef = useRef<HTMLDivElement>(null);

  // The days picked so far: none, a first day waiting for the last, or both.
  const [draft, setDraft] = useState<DateValue[]>(() =>
    value ? [parseDate(value.start), parseDate(value.end)] : [],
  );
  const [refusal, setRefusal] = useState<string | null>(null);

  // A value set from outside (a reset, a restored draft) replaces the picked days; a first day waiting stays.
  const external = value ? `${value.start}/${value.end}` : '';
  const valueRef = useRef(value);
  valueRef.current = value;
  useEffect(() => {
    setDraft((picked) => {
      const now = valueRef.current;
      const pickedKey = picked.length === 2 ? `${picked[0]}/${picked[1]}` : '';
      if (pickedKey === external || (!now && picked.length === 1)) return picked;
      return now ? [parseDate(now.start), parseDate(now.end)] : [];
    });
  }, [external]);

  const today = formatISO(new Date(), { representation: 'date' });
  const firstShown = value?.start ?? (min && min > today ? min : max && max < today ? max : today);

  const choose = (days: DateValue[]) => {
    const [start, end] = days.map((day) => day.toString());
    if (!start || !end) {
      setDraft(days);
      setRefusal(null);
      if (valueRef.current) onChange(null);
      return;
    }
    const blocked = isDateDisabled
      ? eachDayOfInterval({ start: parseISO(start), end: parseISO(end) })
          .map((day) => formatISO(day, { representation: 'date' }))
          .find(isDateDisabled)
      : undefined;
    if (blocked) {
      setDraft([]);
      setRefusal(`${shown(blocked)} cannot be booked, so the dates must not include it.`);
      if (valueRef.current) onChange(null);
      return;
    }
    setDraft(days);
    setRefusal(null);
    onChange({ start, end });
  };

  const picker = useDatePicker({
    ids: { label: () => labelId },
    inline: true,
    selectionMode: 'range',
    locale: 'en-IN',
    value: draft,
    defaultFocusedValue: parseDate(firstShown),
    min: min ? parseDate(min) : undefined,
    max: max ? parseDate(max) : undefined,
    isDateUnavailable: isDateDisabled ? (date) => isDateDisabled(date.toString()) : undefined,
    disabled,
    fixedWeeks: true,
    onValueChange: ({ value: days }) => choose(days),
  });

  const onBlurCapture = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && wrapperRef.current?.contains(next)) return;
    onBlur?.();
  };

  let summary: string;
  if (value) summary = `${shown(value.start)} – ${shown(value.end)}: ${dayCount(inclusiveDays(value))}`;
  else if (draft.length === 1 && draft[0])
    summary = `From ${shown(draft[0].toString())}: now choose the last day`;
  else summary = 'Choose the first day, then the last';

  const message = refusal ?? visibleError(error, touched);
  const describedBy = [summaryId, hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ');

  return (
    <DatePicker.RootProvider
      value={picker}
      ref={wrapperRef}
      className={[
        'ui-field',
        'ui-date-range',
        message && 'ui-field--invalid',
        disabled && 'ui-field--disabled',
      ]
        .filter(Boolean)
        .join(' ')}
      onBlurCapture={onBlurCapture}
    >
      <span id={labelId} className="ui-field__label">
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </span>
      <DatePicker.Content
        className="ui-date-range__calendar"
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
      >
        <DatePicker.View view="day">
          <DatePicker.ViewControl className="ui-date-range__nav">
            <DatePicker.PrevTrigger className="ui-date-range__step" aria-label="Previous month">
              <ChevronDownIcon className="ui-date-range__chevron ui-date-range__chevron--prev" />
            </DatePicker.PrevTrigger>
            <span className="ui-date-range__month" aria-live="polite">
              {picker.visibleRangeText.start}
            </span>
            <DatePicker.NextTrigger className="ui-date-range__step" aria-label="Next month">
              <ChevronDownIcon className="ui-date-range__chevron ui-date-range__chevron--next" />
            </DatePicker.NextTrigger>
          </DatePicker.ViewControl>
          <DatePicker.Table className="ui-date-range__grid">
            <DatePicker.TableHead>
              <DatePicker.TableRow>
                {picker.weekDays.map((day) => (
                  <DatePicker.TableHeader key={day.long} abbr={day.long} className="ui-date-range__weekday">
                    {day.narrow}
                  </DatePicker.TableHeader>
                ))}
              </DatePicker.TableRow>
            </DatePicker.TableHead>
            <DatePicker.TableBody>
              {picker.weeks.map((week) => (
                <DatePicker.TableRow key={week[0]?.toString()}>
                  {week.map((day) => (
                    <DatePicker.TableCell key={day.toString()} value={day} className="ui-date-range__cell">
                      <DatePicker.TableCellTrigger className="ui-date-range__day">
                        {day.day}
                      </DatePicker.TableCellTrigger>
                    </DatePicker.TableCell>
                  ))}
                </DatePicker.TableRow>
              ))}
            </DatePicker.TableBody>
          </DatePicker.Table>
        </DatePicker.View>
      </DatePicker.Content>
      <p id={summaryId} className="ui-date-range__summary" role="status">
        {summary}
      </p>
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      <p id={errorId} className="ui-field__error" role="alert">
        {message}
      </p>
    </DatePicker.RootProvider>
  );
}

export type DateRangeFieldProps = Omit<
  DateRangeInputProps,
  'value' | 'onChange' | 'error' | 'touched' | 'onBlur'
>;

/** A DateRangeInput bound to a form field holding { start, end } (null until both days are chosen). */
export function DateRangeField(props: DateRangeFieldProps) {
  const { field, value, change, error, touched } = useBoundField<DateRangeValue | null>();
  return (
    <DateRangeInput
      {...props}
      value={value}
      onChange={change}
      error={error}
      touched={touched}
      onBlur={field.handleBlur}
    />
  );
}
