import { AD_MAX_DAYS, type AdDateTimeRange } from '@contract/ads';
import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';

/*
 * An ad runs whole days in its venue's zone (ad_configs.time_zone): from 00:00:00 of its first day to 23:59:59 of its last. Stored
 * as instants [from, to), `to` being the first instant after its last day, so adjacent bookings never overlap.
 */

export interface AdDays {
  firstDay: string;
  lastDay: string;
  days: number;
  from: Date;
  /** The first instant after the last day. */
  to: Date;
}

const WHOLE_DAYS = 'An ad runs whole days: from 00:00:00 of its first day to 23:59:59 of its last';

/** The first instant of a yyyy-MM-dd day in `zone`, or null when it is not a real date. */
export function dayStart(isoDate: string, zone: string): Date | null {
  const [y, m, d] = isoDate.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return null;
  const at = new TZDate(y, m - 1, d, zone);
  if (Number.isNaN(at.getTime()) || format(at, 'yyyy-MM-dd') !== isoDate) return null;
  return new Date(at.getTime());
}

export const nextDay = (isoDate: string) => format(addDays(parseISO(isoDate), 1), 'yyyy-MM-dd');

/** The later of two yyyy-MM-dd days. */
export const laterDay = (a: string, b: string) => (a.localeCompare(b) > 0 ? a : b);

/** Today's date in `zone`. */
export const todayIn = (now: Date, zone: string) => format(new TZDate(now, zone), 'yyyy-MM-dd');

/** An instant as the wire writes it: yyyy-MM-dd HH:mm:ss in `zone`. */
export const wireDateTime = (at: Date, zone: string) => format(new TZDate(at, zone), 'yyyy-MM-dd HH:mm:ss');

/** [from, to) as the wire's inclusive range: to is the last second before `to`. */
export function wireRange(from: Date, to: Date, zone: string): AdDateTimeRange {
  return {
    from_datetime: wireDateTime(from, zone),
    to_datetime: wireDateTime(new Date(to.getTime() - 1000), zone),
  };
}

/** A day as a person reads it in a message: 3 Dec. */
export const shortDay = (at: Date, zone: string) => format(new TZDate(at, zone), 'd MMM');
const longDay = (isoDate: string) => format(parseISO(isoDate), 'd MMM yyyy');

/** The whole days a wire range names, or what is wrong with it. */
export function wholeDays(range: AdDateTimeRange, zone: string): AdDays | { error: string } {
  const { from_datetime: fromText, to_datetime: toText } = range;
  if (!fromText.endsWith(' 00:00:00') || !toText.endsWith(' 23:59:59')) return { error: WHOLE_DAYS };
  const firstDay = fromText.slice(0, 10);
  const lastDay = toText.slice(0, 10);
  const from = dayStart(firstDay, zone);
  const last = dayStart(lastDay, zone);
  const to = last && dayStart(nextDay(lastDay), zone);
  if (!from || !to) return { error: 'Choose real dates for your ad' };
  if (lastDay < firstDay) return { error: 'The last day of your ad is before its first day' };
  const days = differenceInCalendarDays(parseISO(lastDay), parseISO(firstDay)) + 1;
  return { firstDay, lastDay, days, from, to };
}

/** What keeps these days from being booked at a venue whose window is [startDate, endDate]; null when nothing. */
export function bookableProblem(
  range: AdDays,
  window: { startDate: string; endDate: string },
  today: string,
): string | null {
  if (range.days > AD_MAX_DAYS) return `Book at most ${AD_MAX_DAYS} days at a time: choose a shorter range`;
  if (range.firstDay < today) return 'Your ad cannot start before today: choose a later first day';
  const from = laterDay(window.startDate, today);
  if (range.firstDay < window.startDate || range.lastDay > window.endDate) {
    return from > window.endDate
      ? 'This venue takes no more bookings'
      : `This venue takes bookings from ${longDay(from)} to ${longDay(window.endDate)}: choose days in between`;
  }
  return null;
}
