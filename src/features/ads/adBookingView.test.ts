import type { SlotsForPackageResponse } from '@contract/ads';
import { describe, expect, it } from 'vitest';
import { daysOfRange, deviceAvailability, takenDaysByDevice, takenOnAny } from './adBookingView';

const SLOTS: SlotsForPackageResponse = {
  package_id: 41,
  ad_config_id: 7,
  ad_name: 'Arena bay screens',
  venue: 'IBC Cricket Arena, Lower Parel, Mumbai',
  bookable_from: '2026-12-01',
  bookable_to: '2027-03-31',
  devices: [
    {
      device_code: 'BAY-1',
      device_name: 'Arena bay 1',
      booked: [{ from_datetime: '2026-12-10 00:00:00', to_datetime: '2026-12-12 23:59:59' }],
    },
    {
      device_code: 'BAY-2',
      device_name: 'Arena bay 2',
      booked: [{ from_datetime: '2026-12-20 00:00:00', to_datetime: '2026-12-20 23:59:59' }],
    },
    { device_code: 'BAY-3', device_name: 'Arena bay 3', booked: [] },
  ],
};

describe('the booking page’s view of the slots', () => {
  it('a whole-day booking takes every day from its first to its last, both included', () => {
    expect(daysOfRange({ from_datetime: '2026-12-10 00:00:00', to_datetime: '2026-12-12 23:59:59' })).toEqual(
      ['2026-12-10', '2026-12-11', '2026-12-12'],
    );
  });

  it('a range ending at midnight leaves that day free', () => {
    expect(daysOfRange({ from_datetime: '2026-12-10 00:00:00', to_datetime: '2026-12-11 00:00:00' })).toEqual(
      ['2026-12-10'],
    );
  });

  it('greys out the days taken on any chosen device, and only those', () => {
    const taken = takenDaysByDevice(SLOTS);
    expect([...takenOnAny(taken, ['BAY-1', 'BAY-2'])].sort()).toEqual([
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-20',
    ]);
    expect(takenOnAny(taken, ['BAY-3']).size).toBe(0);
  });

  it('tells each device free or taken for the chosen days', () => {
    const taken = takenDaysByDevice(SLOTS);
    const range = { start: '2026-12-12', end: '2026-12-14' };
    expect(deviceAvailability('BAY-1', range, taken, undefined)).toBe('taken');
    expect(deviceAvailability('BAY-2', range, taken, undefined)).toBe('free');
    expect(deviceAvailability('BAY-2', null, taken, undefined)).toBe('unknown');
  });

  it('believes the slot details for the very choice over the package’s slots', () => {
    const taken = takenDaysByDevice(SLOTS);
    const range = { start: '2026-12-14', end: '2026-12-15' };
    const details = {
      available: false,
      days: 2,
      devices: [
        {
          device_code: 'BAY-3',
          device_name: 'Arena bay 3',
          available: false,
          clashes: [{ from_datetime: '2026-12-15 00:00:00', to_datetime: '2026-12-15 23:59:59' }],
        },
      ],
    };
    expect(deviceAvailability('BAY-3', range, taken, details)).toBe('taken');
  });
});
