import { describe, expect, it } from 'vitest';
import {
  autoCompletion,
  checkInRefusal,
  checkOutRefusal,
  currentShift,
  DEFAULT_SHIFT_SETTINGS as S,
  distanceMeters,
  hoursBooked,
  hoursCovered,
  normalizeSiteCode,
  shiftsOf,
  shiftState,
  shiftToCheckIn,
  verifySite,
  type ShiftBooking,
} from './shift-rules.ts';

const at = (iso: string) => new Date(`${iso}+03:00`);
const hourly = (start: string, end: string): ShiftBooking => ({ startTime: at(start), endTime: at(end), bookingType: 'hourly', shiftType: null });

describe('shiftsOf', () => {
  it('a booking of up to 24 hours is one shift, across midnight too', () => {
    expect(shiftsOf(hourly('2026-12-01T18:00', '2026-12-02T06:00'))).toEqual([{ index: 0, start: at('2026-12-01T18:00'), end: at('2026-12-02T06:00') }]);
    expect(shiftsOf(hourly('2026-12-01T00:00', '2026-12-02T00:00'))).toHaveLength(1);
  });

  it('a monthly booking is thirty 24-hour shifts from its start time', () => {
    const shifts = shiftsOf({ startTime: at('2026-12-01T08:00'), endTime: at('2026-12-31T08:00'), bookingType: 'monthly', shiftType: null });
    expect(shifts).toHaveLength(30);
    expect(shifts[1]).toEqual({ index: 1, start: at('2026-12-02T08:00'), end: at('2026-12-03T08:00') });
    expect(shifts[29]?.end).toEqual(at('2026-12-31T08:00'));
  });

  it('a daily booking of day shifts is worked 12 hours a day; the last day ends with the booking', () => {
    const shifts = shiftsOf({ startTime: at('2026-12-01T06:00'), endTime: at('2026-12-03T18:00'), bookingType: 'daily', shiftType: 'day' });
    expect(shifts.map((s) => [s.start, s.end])).toEqual([
      [at('2026-12-01T06:00'), at('2026-12-01T18:00')],
      [at('2026-12-02T06:00'), at('2026-12-02T18:00')],
      [at('2026-12-03T06:00'), at('2026-12-03T18:00')],
    ]);
  });
});

describe('check-in window', () => {
  const booking = hourly('2026-12-01T08:00', '2026-12-01T16:00');
  const cases: [string, boolean][] = [
    ['2026-12-01T07:29', false],
    ['2026-12-01T07:30', true],
    ['2026-12-01T15:59', true],
    ['2026-12-01T16:00', false],
  ];
  it.each(cases)('at %s the shift is open for check-in: %s', (now, open) => {
    expect(currentShift(booking, at(now), S) !== null).toBe(open);
  });

  it('says when check-in opens, that it is over, or that the guard is already in', () => {
    const shift = shiftsOf(booking)[0]!;
    expect(checkInRefusal(null, null, at('2026-12-01T07:00'), S, shift)).toBe('Check-in opens 30 minutes before the shift starts, at 07:30.');
    expect(checkInRefusal(null, null, at('2026-12-01T17:00'), S, null)).toBe('This shift has ended, so it can no longer be checked in to.');
    const record = { checkedInAt: at('2026-12-01T07:45'), checkedOutAt: null, incidents: 0 };
    expect(checkInRefusal(shift, record, at('2026-12-01T08:00'), S, shift)).toBe('You already checked in to this shift at 07:45.');
    expect(checkInRefusal(shift, null, at('2026-12-01T08:00'), S, shift)).toBeNull();
  });

  it('check-out needs a check-in and happens once', () => {
    expect(checkOutRefusal(null)).toBe('Check in before you check out.');
    expect(checkOutRefusal({ checkedInAt: at('2026-12-01T08:00'), checkedOutAt: at('2026-12-01T16:01'), incidents: 0 })).toBe(
      'You already checked out of this shift at 16:01.',
    );
    expect(checkOutRefusal({ checkedInAt: at('2026-12-01T08:00'), checkedOutAt: null, incidents: 0 })).toBeNull();
  });
});

describe('shiftToCheckIn', () => {
  const monthly: ShiftBooking = { startTime: at('2026-12-01T08:00'), endTime: at('2026-12-31T08:00'), bookingType: 'monthly', shiftType: null };
  const cases: [string, number | null][] = [
    ['2026-12-01T07:29', null],
    ['2026-12-01T07:30', 0],
    ['2026-12-02T07:29', 0],
    // The next day's check-in has opened while the first day is still being worked.
    ['2026-12-02T07:30', 1],
    ['2026-12-02T07:59', 1],
    ['2026-12-02T08:00', 1],
    ['2026-12-31T07:59', 29],
    ['2026-12-31T08:00', null],
  ];
  it.each(cases)('at %s a check-in is for shift %s', (now, index) => {
    expect(shiftToCheckIn(monthly, at(now), S)?.index ?? null).toBe(index);
  });

  it('is the current shift when shifts do not follow one another', () => {
    const night = hourly('2026-12-01T20:00', '2026-12-02T06:00');
    for (const now of ['2026-12-01T19:30', '2026-12-02T01:00', '2026-12-02T05:59']) {
      expect(shiftToCheckIn(night, at(now), S)).toEqual(currentShift(night, at(now), S));
    }
  });
});

describe('verified at site', () => {
  const pin = { latitude: -1.2921, longitude: 36.8219 };
  it('measures distances on the earth (Nairobi CBD to JKIA is about 12 km)', () => {
    expect(Math.round(distanceMeters(pin, { latitude: -1.3192, longitude: 36.9278 }) / 1000)).toBe(12);
    expect(distanceMeters(pin, pin)).toBe(0);
  });

  const near = { latitude: -1.2921 + 0.0009, longitude: 36.8219, accuracyMeters: 20 }; // about 100 m north
  const cases: [string, Parameters<typeof verifySite>[0], string | null][] = [
    ['the code', { codeMatches: true, position: null, pin: null, radiusMeters: 200 }, 'code'],
    ['a position within the radius of the pin', { codeMatches: false, position: near, pin, radiusMeters: 200 }, 'position'],
    ['a position outside the radius', { codeMatches: false, position: near, pin, radiusMeters: 50 }, null],
    ['a position too vague', { codeMatches: false, position: { ...near, accuracyMeters: 500 }, pin, radiusMeters: 200 }, null],
    ['a position with no pin to compare', { codeMatches: false, position: near, pin: null, radiusMeters: 200 }, null],
    ['nothing', { codeMatches: false, position: null, pin, radiusMeters: 200 }, null],
  ];
  it.each(cases)('%s', (_name, input, method) => {
    expect(verifySite(input).method).toBe(method);
  });

  it('reads a typed code as stored', () => {
    expect(normalizeSiteCode(' k7p-4qx ')).toBe('K7P4QX');
  });
});

describe('shiftState', () => {
  const shift = shiftsOf(hourly('2026-12-01T08:00', '2026-12-01T16:00'))[0]!;
  const none = null;
  const cases: [string, Parameters<typeof shiftState>[1], string][] = [
    ['2026-12-01T08:14', none, 'upcoming'],
    ['2026-12-01T08:15', none, 'late'],
    ['2026-12-01T08:59', none, 'late'],
    ['2026-12-01T09:00', none, 'no_show'],
    ['2026-12-01T09:00', { checkedInAt: at('2026-12-01T08:50'), checkedOutAt: null, incidents: 0 }, 'on_post'],
    ['2026-12-01T17:00', { checkedInAt: at('2026-12-01T08:00'), checkedOutAt: at('2026-12-01T16:00'), incidents: 0 }, 'done'],
    ['2026-12-01T10:00', { checkedInAt: at('2026-12-01T08:00'), checkedOutAt: null, incidents: 1 }, 'incident'],
  ];
  it.each(cases)('at %s with %o: %s', (now, record, state) => {
    expect(shiftState(shift, record, at(now), S)).toBe(state);
  });
});

describe('autoCompletion', () => {
  const end = at('2026-12-01T16:00');
  const base = { endTime: end, anyCheckIn: true, settings: S };
  it('never before the end', () => {
    expect(autoCompletion({ ...base, now: at('2026-12-01T15:59'), lastShift: [{ checkedOut: true }] })).toBeNull();
  });
  it('at the end once every guard checked out', () => {
    expect(autoCompletion({ ...base, now: end, lastShift: [{ checkedOut: true }, { checkedOut: true }] })).toBe('checked_out');
    expect(autoCompletion({ ...base, now: end, lastShift: [{ checkedOut: true }, { checkedOut: false }] })).toBeNull();
  });
  it('at the end plus the grace with what was recorded, if anyone checked in', () => {
    expect(autoCompletion({ ...base, now: at('2026-12-01T17:59'), lastShift: [{ checkedOut: false }] })).toBeNull();
    expect(autoCompletion({ ...base, now: at('2026-12-01T18:00'), lastShift: [{ checkedOut: false }] })).toBe('no_check_out');
    expect(autoCompletion({ ...base, anyCheckIn: false, now: at('2026-12-02T18:00'), lastShift: [{ checkedOut: false }] })).toBeNull();
  });
});

describe('hours', () => {
  const booking = hourly('2026-12-01T08:00', '2026-12-01T16:00');
  const shift = shiftsOf(booking)[0]!;
  it('covers from check-in to check-out within the shift, to the quarter hour', () => {
    expect(hoursCovered(shift, { checkedInAt: at('2026-12-01T07:40'), checkedOutAt: at('2026-12-01T16:10') })).toBe(8);
    expect(hoursCovered(shift, { checkedInAt: at('2026-12-01T08:20'), checkedOutAt: at('2026-12-01T12:00') })).toBe(3.75);
    expect(hoursCovered(shift, { checkedInAt: at('2026-12-01T09:00'), checkedOutAt: null })).toBe(7);
    expect(hoursCovered(shift, { checkedInAt: null, checkedOutAt: null })).toBe(0);
    expect(hoursBooked(booking)).toBe(8);
  });
});
