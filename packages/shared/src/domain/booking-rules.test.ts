import { describe, expect, it } from 'vitest';
import { HOLD_MINUTES, LONG_BOOKING_HOURS, LONG_HOLD_MINUTES, heldHours, holdMinutesFor, isLongBooking } from './booking-rules.ts';
import { quoteForm } from './form-pricing.ts';
import { quoteWizard } from './wizard-pricing.ts';

describe('how long an unpaid booking holds its guard', () => {
  it('holds for 30 minutes, or 10 for a booking longer than a day', () => {
    expect([HOLD_MINUTES, LONG_HOLD_MINUTES, LONG_BOOKING_HOURS]).toEqual([30, 10, 24]);
  });

  it.each<[string, number, boolean, number]>([
    ['the shortest hourly booking', 6, false, 30],
    ['an 8-hour shift', 8, false, 30],
    ['just under a day', 23.99, false, 30],
    ['exactly a day: the longest hourly booking, or one daily day', 24, false, 30],
    ['a minute over a day', 24 + 1 / 60, true, 10],
    ['a day and a half', 36, true, 10],
    ['two daily days', 48, true, 10],
    ['a monthly booking (30 days)', 30 * 24, true, 10],
    ['the longest daily booking (31 days)', 31 * 24, true, 10],
  ])('%s (%d h): long %s, held %d minutes', (_label, hours, long, minutes) => {
    expect(isLongBooking(hours)).toBe(long);
    expect(holdMinutesFor(hours)).toBe(minutes);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d hours, which no booking lasts', (hours) => {
    expect(() => holdMinutesFor(hours)).toThrow(RangeError);
  });

  it('measures a booking from its start to its end, the time its guard is kept from others', () => {
    expect(heldHours(new Date('2026-03-12T06:00:00Z'), new Date('2026-03-13T06:00:00Z'))).toBe(24);
    expect(heldHours(new Date('2026-03-12T06:00:00Z'), new Date('2026-03-13T06:30:00Z'))).toBe(24.5);
  });

  it.each<[string, Parameters<typeof quoteWizard>[0], number]>([
    ['an hourly wizard booking of 24 hours', { serviceType: 'personal', guard: null, teamSize: 1, durationType: 'hourly', hours: 24 }, 30],
    [
      'a daily wizard booking of one day',
      { serviceType: 'personal', guard: null, teamSize: 1, durationType: 'daily', date: '2026-03-12', endDate: '2026-03-12' },
      30,
    ],
    [
      'a daily wizard booking of two days',
      { serviceType: 'personal', guard: null, teamSize: 1, durationType: 'daily', date: '2026-03-12', endDate: '2026-03-13' },
      10,
    ],
  ])('%s is held %d minutes', (_label, input, minutes) => {
    const quote = quoteWizard(input);
    expect(holdMinutesFor(quote.durationHours)).toBe(minutes);
  });

  it.each<[string, Record<string, unknown>, number]>([
    ['one day shift', { bookingType: 'daily', shiftType: 'day', startDate: '2026-03-12', endDate: '2026-03-12' }, 30],
    ['one round-the-clock day', { bookingType: 'daily', shiftType: 'custom', startDate: '2026-03-12', endDate: '2026-03-12', startTime: '08:00' }, 30],
    // 24 hours worked, but the guard is kept from the first morning to the second evening.
    ['two day shifts', { bookingType: 'daily', shiftType: 'day', startDate: '2026-03-12', endDate: '2026-03-13' }, 10],
    ['two nights', { bookingType: 'daily', shiftType: 'night', startDate: '2026-03-12', endDate: '2026-03-13' }, 10],
    ['a month', { bookingType: 'monthly', startDate: '2026-03-12' }, 10],
  ])('a form booking of %s is held %d minutes, by the time from its start to its end', (_label, plan, minutes) => {
    const quote = quoteForm({ serviceType: 'manned', guards: 1, ...plan } as Parameters<typeof quoteForm>[0]);
    expect(holdMinutesFor(heldHours(quote.start, quote.end))).toBe(minutes);
  });
});
