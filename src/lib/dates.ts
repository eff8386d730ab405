import { buyerTimeZone } from './timeZone';

export * from './dateFormats';
export { buyerTimeZone, DEFAULT_TIME_ZONE } from './timeZone';

/*
 * The time of day and the long date as the buyer reads them, in the buyer's zone (the zone the client sends as x-tz;
 * Asia/Kolkata when the browser cannot tell). Intl's own formats, which en-GB reads as spec §9's TIME_FORMAT and
 * LONG_DATE_FORMAT: a product page shows them beside its last known prices offline without a date library.
 * The other patterns are ./datePatterns' (date-fns). Zod-free.
 */

export type DateInput = Date | number | string;

type Kind = 'time' | 'long' | 'day';

const OPTIONS: Record<Kind, Intl.DateTimeFormatOptions> = {
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** Only compared, never shown: which calendar day it is in the zone. */
  day: { day: '2-digit', month: '2-digit', year: 'numeric' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter is slow on a phone: one per zone and kind, built when first asked. */
function formatter(kind: Kind, zone: string): Intl.DateTimeFormat {
  const key = `${kind} ${zone}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-GB', { ...OPTIONS[kind], timeZone: zone });
    formatters.set(key, made);
  }
  return made;
}

/** 18:52 */
export function formatTime(date: DateInput, zone: string = buyerTimeZone()): string {
  return formatter('time', zone).format(new Date(date));
}

/** 3 November 2026 */
export function formatLongDate(date: DateInput, zone: string = buyerTimeZone()): string {
  return formatter('long', zone).format(new Date(date));
}

/** Whether the two fall on one calendar day as a clock in the zone reads them. */
export function isSameDay(a: DateInput, b: DateInput, zone: string = buyerTimeZone()): boolean {
  const day = formatter('day', zone);
  return day.format(new Date(a)) === day.format(new Date(b));
}

/** 18:52 on the same day as `now` in the zone, "3 November 2026, 18:52" before. */
export function formatDayTime(date: DateInput, now: DateInput, zone: string = buyerTimeZone()): string {
  const time = formatTime(date, zone);
  return isSameDay(date, now, zone) ? time : `${formatLongDate(date, zone)}, ${time}`;
}
