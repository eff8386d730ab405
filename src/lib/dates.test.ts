import { describe, expect, it } from 'vitest';
import { formatInZone } from './datePatterns';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DEFAULT_TIME_ZONE,
  formatDayTime,
  formatLongDate,
  formatTime,
  ISO_DATE_FORMAT,
  isSameDay,
  LONG_DATE_FORMAT,
  TIME_FORMAT,
} from './dates';

// 13:22 UTC on 3 November 2026: 18:52 in Kolkata, 08:22 in New York.
const AT = Date.UTC(2026, 10, 3, 13, 22, 5);

describe('dates', () => {
  it('formats spec §9 dates in the buyer’s zone', () => {
    expect(formatInZone(AT, DATE_FORMAT, DEFAULT_TIME_ZONE)).toBe('03/11/2026');
    expect(formatInZone(AT, ISO_DATE_FORMAT, DEFAULT_TIME_ZONE)).toBe('2026-11-03');
    expect(formatInZone(AT, DATE_TIME_FORMAT, DEFAULT_TIME_ZONE)).toBe('2026-11-03 18:52:05');
    expect(formatInZone(AT, LONG_DATE_FORMAT, DEFAULT_TIME_ZONE)).toBe('3 November 2026');
  });

  it('shows a time one way, 24-hour, as the buyer’s clock reads it', () => {
    expect(formatTime(AT, 'Asia/Kolkata')).toBe('18:52');
    expect(formatTime(AT, 'America/New_York')).toBe('08:22');
    expect(formatTime(new Date(AT), 'UTC')).toBe('13:22');
  });

  it('reads the time of day and the long date as the spec’s patterns do, at every hour of a day', () => {
    for (let hour = 0; hour < 24; hour++) {
      const at = Date.UTC(2026, 0, 9, hour, 5);
      for (const zone of ['Asia/Kolkata', 'America/New_York', 'UTC']) {
        expect(formatTime(at, zone)).toBe(formatInZone(at, TIME_FORMAT, zone));
        expect(formatLongDate(at, zone)).toBe(formatInZone(at, LONG_DATE_FORMAT, zone));
      }
    }
  });

  it('a day boundary is the buyer’s, not the machine’s', () => {
    // 20:00 UTC is already the next day in Kolkata (01:30).
    const late = Date.UTC(2026, 10, 3, 20, 0);
    expect(formatLongDate(late, 'Asia/Kolkata')).toBe('4 November 2026');
    expect(formatDayTime(late, Date.UTC(2026, 10, 3, 21, 0), 'Asia/Kolkata')).toBe('01:30');
    expect(formatDayTime(late, Date.UTC(2026, 10, 3, 12, 0), 'Asia/Kolkata')).toBe('4 November 2026, 01:30');
    // One day in London, two in Kolkata; and the same clock date a year apart is not the same day.
    expect(isSameDay(Date.UTC(2026, 10, 3, 12, 0), late, 'Europe/London')).toBe(true);
    expect(isSameDay(Date.UTC(2026, 10, 3, 12, 0), late, 'Asia/Kolkata')).toBe(false);
    expect(isSameDay(AT, Date.UTC(2027, 10, 3, 13, 22), 'Asia/Kolkata')).toBe(false);
  });
});
