import { describe, expect, it } from 'vitest';
import { formSchedule, hoursBetweenTimes, monthlyEndDate, quoteForm } from './form-pricing.ts';
import type { FormQuoteInput } from './form-pricing.ts';

describe('hoursBetweenTimes', () => {
  it.each([
    ['09:00', '15:00', 6],
    ['22:00', '04:00', 6],
    ['18:00', '06:00', 12],
    ['00:00', '23:00', 23],
    ['23:30', '00:30', 1],
    ['09:30', '17:00', 7.5],
    ['09:00', '09:00', 0],
  ])('%s → %s is %d hours (+24 when negative)', (start, end, hours) => {
    expect(hoursBetweenTimes(start, end)).toBe(hours);
  });
});

describe('quoteForm: the rate of every service type', () => {
  it.each([
    ['elite', 1500, 12000],
    ['vip', 2000, 16000],
    ['event', 1200, 9600],
    ['investigator', 2500, 20000],
    ['manned', 1000, 8000],
  ] as const)('%s: KES %i/hour, 8 hours for 1 guard = KES %i', (serviceType, hourlyRate, price) => {
    const quote = quoteForm({ serviceType, guards: 1, bookingType: 'hourly', startDate: '2026-03-10', startTime: '09:00', endTime: '17:00' });
    expect(quote).toMatchObject({ price, hourlyRate, durationHours: 8 });
  });
});

describe('quoteForm: booking types and shifts', () => {
  it.each<[string, FormQuoteInput, number, string, string, number, string]>([
    [
      'hourly 09:00–15:00',
      { serviceType: 'elite', guards: 1, bookingType: 'hourly', startDate: '2026-03-10', startTime: '09:00', endTime: '15:00' },
      6,
      '2026-03-10T06:00:00.000Z',
      '2026-03-10T12:00:00.000Z',
      9000,
      '1 guard × 6 hours × KES 1,500/hour',
    ],
    [
      'hourly across midnight 22:00–04:00',
      { serviceType: 'elite', guards: 2, bookingType: 'hourly', startDate: '2026-03-10', startTime: '22:00', endTime: '04:00' },
      6,
      '2026-03-10T19:00:00.000Z',
      '2026-03-11T01:00:00.000Z',
      18000,
      '2 guards × 6 hours × KES 1,500/hour',
    ],
    [
      'hourly at the month end 20:00–08:00',
      { serviceType: 'event', guards: 1, bookingType: 'hourly', startDate: '2026-03-31', startTime: '20:00', endTime: '08:00' },
      12,
      '2026-03-31T17:00:00.000Z',
      '2026-04-01T05:00:00.000Z',
      14400,
      '1 guard × 12 hours × KES 1,200/hour',
    ],
    [
      'daily day shift, 3 days',
      { serviceType: 'vip', guards: 1, bookingType: 'daily', shiftType: 'day', startDate: '2026-03-10', endDate: '2026-03-12' },
      36,
      '2026-03-10T03:00:00.000Z',
      '2026-03-12T15:00:00.000Z',
      72000,
      '1 guard × 3 days × 12 hours × KES 2,000/hour',
    ],
    [
      'daily day shift, same day',
      { serviceType: 'manned', guards: 2, bookingType: 'daily', shiftType: 'day', startDate: '2026-03-10', endDate: '2026-03-10' },
      12,
      '2026-03-10T03:00:00.000Z',
      '2026-03-10T15:00:00.000Z',
      24000,
      '2 guards × 1 day × 12 hours × KES 1,000/hour',
    ],
    [
      'daily night shift, same day: ends next morning',
      { serviceType: 'event', guards: 1, bookingType: 'daily', shiftType: 'night', startDate: '2026-03-10', endDate: '2026-03-10' },
      12,
      '2026-03-10T15:00:00.000Z',
      '2026-03-11T03:00:00.000Z',
      14400,
      '1 guard × 1 day × 12 hours × KES 1,200/hour',
    ],
    [
      'daily night shift across the month end',
      { serviceType: 'elite', guards: 1, bookingType: 'daily', shiftType: 'night', startDate: '2026-01-30', endDate: '2026-02-01' },
      36,
      '2026-01-30T15:00:00.000Z',
      '2026-02-02T03:00:00.000Z',
      54000,
      '1 guard × 3 days × 12 hours × KES 1,500/hour',
    ],
    [
      'daily custom: 24 h a day from the start time',
      { serviceType: 'manned', guards: 3, bookingType: 'daily', shiftType: 'custom', startDate: '2026-03-10', endDate: '2026-03-11', startTime: '08:00' },
      48,
      '2026-03-10T05:00:00.000Z',
      '2026-03-12T05:00:00.000Z',
      144000,
      '3 guards × 2 days × 24 hours × KES 1,000/hour',
    ],
    [
      'monthly from 09:00 by default',
      { serviceType: 'investigator', guards: 1, bookingType: 'monthly', startDate: '2026-03-10' },
      720,
      '2026-03-10T06:00:00.000Z',
      '2026-04-09T06:00:00.000Z',
      1800000,
      '1 guard × 30 days × 24 hours × KES 2,500/hour',
    ],
    [
      'monthly from a chosen time',
      { serviceType: 'manned', guards: 2, bookingType: 'monthly', startDate: '2026-02-01', startTime: '07:00' },
      720,
      '2026-02-01T04:00:00.000Z',
      '2026-03-03T04:00:00.000Z',
      1440000,
      '2 guards × 30 days × 24 hours × KES 1,000/hour',
    ],
  ])('%s', (_name, input, durationHours, start, end, price, breakdown) => {
    const quote = quoteForm(input);
    expect(quote).toMatchObject({ durationHours, price, breakdown });
    expect(quote.start.toISOString()).toBe(start);
    expect(quote.end.toISOString()).toBe(end);
    expect(price).toBe(quote.hourlyRate * durationHours * input.guards);
  });

  it('ends a monthly booking 30 days after its start', () => {
    expect(monthlyEndDate('2026-03-10')).toBe('2026-04-09');
    expect(monthlyEndDate('2026-02-01')).toBe('2026-03-03');
    expect(formSchedule({ bookingType: 'monthly', startDate: '2026-03-10', endDate: '2026-05-01' }).end.toISOString()).toBe('2026-04-09T06:00:00.000Z');
  });

  it.each<[string, FormQuoteInput]>([
    ['0 hours', { serviceType: 'elite', guards: 1, bookingType: 'hourly', startDate: '2026-03-10', startTime: '09:00', endTime: '09:00' }],
    ['half hours', { serviceType: 'elite', guards: 1, bookingType: 'hourly', startDate: '2026-03-10', startTime: '09:30', endTime: '17:00' }],
    ['no guards', { serviceType: 'elite', guards: 0, bookingType: 'hourly', startDate: '2026-03-10', startTime: '09:00', endTime: '17:00' }],
    ['end before start', { serviceType: 'vip', guards: 1, bookingType: 'daily', shiftType: 'day', startDate: '2026-03-10', endDate: '2026-03-09' }],
    ['a bad date', { serviceType: 'vip', guards: 1, bookingType: 'monthly', startDate: '2026-02-30' }],
  ])('throws RangeError for %s', (_name, input) => {
    expect(() => quoteForm(input)).toThrow(RangeError);
  });
});
