import { tz } from '@date-fns/tz';
import { format, isSameDay } from 'date-fns';
import { LONG_DATE_FORMAT, TIME_FORMAT } from './dateFormats';
import { buyerTimeZone } from './timeZone';

export * from './dateFormats';
export { buyerTimeZone, DEFAULT_TIME_ZONE } from './timeZone';

/*
 * Dates and times as the buyer reads them: spec §9's formats, in the buyer's zone (the zone the client sends as
 * x-tz; Asia/Kolkata when the browser cannot tell), through date-fns and @date-fns/tz. Zod-free.
 */

type DateInput = Date | number | string;

/** `date` in one of the formats above, as a clock in `zone` reads it. */
export function formatInZone(date: DateInput, pattern: string, zone: string = buyerTimeZone()): string {
  return format(date, pattern, { in: tz(zone) });
}

/** 18:52 */
export function formatTime(date: DateInput, zone?: string): string {
  return formatInZone(date, TIME_FORMAT, zone);
}

/** 3 November 2026 */
export function formatLongDate(date: DateInput, zone?: string): string {
  return formatInZone(date, LONG_DATE_FORMAT, zone);
}

/** 18:52 on the same day as `now` in the zone, "3 November 2026, 18:52" before. */
export function formatDayTime(date: DateInput, now: DateInput, zone?: string): string {
  const time = formatTime(date, zone);
  const sameDay = isSameDay(date, now, { in: tz(zone ?? buyerTimeZone()) });
  return sameDay ? time : `${formatLongDate(date, zone)}, ${time}`;
}
