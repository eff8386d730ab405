import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import type { DateInput } from './dates';
import { buyerTimeZone } from './timeZone';

export * from './dateFormats';

/** `date` in one of spec §9's patterns (./dateFormats), as a clock in `zone` (the buyer's by default) reads it. */
export function formatInZone(date: DateInput, pattern: string, zone: string = buyerTimeZone()): string {
  return format(date, pattern, { in: tz(zone) });
}
