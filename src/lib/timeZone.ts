/** Spec §9: the shop's time zone. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/**
 * DEFAULT_TIME_ZONE's offset from UTC, which it keeps all year (India has no daylight saving): the shop's calendar
 * day is read from it without a time-zone formatter (the first one a page builds costs ~35 ms, ~140 ms on a phone).
 */
export const SHOP_UTC_OFFSET = '+05:30';

let cachedZone: string | undefined;

interface TemporalNow {
  Now: { timeZoneId(): string };
}

/**
 * The browser's IANA zone (the x-tz header, spec §7), Asia/Kolkata when it cannot tell. Read once per page load:
 * asking Intl builds a date formatter, which is slow on a phone, so Temporal answers where the browser has it (the
 * same zone, without the formatter). No dependencies, so the HTTP client can use it.
 */
export function buyerTimeZone(): string {
  if (cachedZone === undefined) {
    try {
      const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
      cachedZone =
        temporal?.Now.timeZoneId() || Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
    } catch {
      cachedZone = DEFAULT_TIME_ZONE;
    }
  }
  return cachedZone;
}
