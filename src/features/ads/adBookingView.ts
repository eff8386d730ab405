import type { AdDateTimeRange, SlotDetailsResponse, SlotsForPackageResponse } from '@contract/ads';
import { addDays, eachDayOfInterval, formatISO, parseISO } from 'date-fns';

/*
 * What the booking page shows of the server's slots: the days each device is taken, which days a calendar must grey
 * out for the chosen devices, and whether each device is free for the chosen days. Pure, so each rule is tested.
 */

const isoDay = (date: Date) => formatISO(date, { representation: 'date' });

/** The calendar days a taken range covers: a range ending at midnight leaves its last day free. */
export function daysOfRange({ from_datetime, to_datetime }: AdDateTimeRange): string[] {
  const first = parseISO(from_datetime.slice(0, 10));
  let last = parseISO(to_datetime.slice(0, 10));
  if (to_datetime.slice(11) === '00:00:00' && to_datetime > from_datetime) last = addDays(last, -1);
  if (last < first) return [];
  return eachDayOfInterval({ start: first, end: last }).map(isoDay);
}

/** Each device's taken days, by its code. */
export function takenDaysByDevice(slots: SlotsForPackageResponse): Map<string, Set<string>> {
  return new Map(
    slots.devices.map((device) => [device.device_code, new Set(device.booked.flatMap(daysOfRange))]),
  );
}

/** The days taken on any of the chosen devices: none of them may be in the booked range. */
export function takenOnAny(taken: Map<string, Set<string>>, deviceCodes: readonly string[]): Set<string> {
  const days = new Set<string>();
  for (const code of deviceCodes) for (const day of taken.get(code) ?? []) days.add(day);
  return days;
}

export type DeviceAvailability = 'free' | 'taken' | 'unknown';

/**
 * Whether a device is free on every chosen day: the slot-details answer for this very choice when it is in, else
 * what the package's slots say; 'unknown' without dates or slots.
 */
export function deviceAvailability(
  deviceCode: string,
  range: { start: string; end: string } | null,
  taken: Map<string, Set<string>> | null,
  details: SlotDetailsResponse | undefined,
): DeviceAvailability {
  if (!range) return 'unknown';
  const answered = details?.devices.find((device) => device.device_code === deviceCode);
  if (answered) return answered.available ? 'free' : 'taken';
  const days = taken?.get(deviceCode);
  if (!days) return 'unknown';
  const chosen = eachDayOfInterval({ start: parseISO(range.start), end: parseISO(range.end) }).map(isoDay);
  return chosen.some((day) => days.has(day)) ? 'taken' : 'free';
}
