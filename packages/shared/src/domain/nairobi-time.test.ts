import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  addHoursToInstant,
  daysBetween,
  inclusiveDays,
  isIsoDate,
  isTimeOfDay,
  NAIROBI_UTC_OFFSET,
  nairobiDate,
  nairobiInstant,
  nairobiTimeOfDay,
} from './nairobi-time.ts';

describe('nairobiInstant', () => {
  it.each([
    ['2026-03-10', '09:00', '2026-03-10T06:00:00.000Z'],
    ['2026-03-10', '00:00', '2026-03-09T21:00:00.000Z'],
    ['2026-03-10', '02:59', '2026-03-09T23:59:00.000Z'],
    ['2026-03-10', '23:59', '2026-03-10T20:59:00.000Z'],
    ['2026-01-01', '01:30', '2025-12-31T22:30:00.000Z'],
    ['2028-02-29', '18:00', '2028-02-29T15:00:00.000Z'],
  ])('%s %s Nairobi is %s', (date, time, iso) => {
    expect(nairobiInstant(date, time).toISOString()).toBe(iso);
  });

  it.each([
    ['2026-02-29', '09:00'],
    ['2026-13-01', '09:00'],
    ['2026-3-1', '09:00'],
    ['', '09:00'],
    ['2026-03-10', '24:00'],
    ['2026-03-10', '9:00'],
    ['2026-03-10', '09:60'],
    ['2026-03-10', '09:00:00'],
  ])('refuses %j %j with RangeError', (date, time) => {
    expect(() => nairobiInstant(date, time)).toThrow(RangeError);
  });
});

describe('nairobiDate', () => {
  it.each([
    ['2026-03-10T06:00:00Z', '2026-03-10'],
    ['2026-03-10T20:59:59Z', '2026-03-10'],
    ['2026-03-10T21:00:00Z', '2026-03-11'],
    ['2025-12-31T21:00:00Z', '2026-01-01'],
  ])('%s falls on %s in Nairobi', (iso, date) => {
    expect(nairobiDate(new Date(iso))).toBe(date);
  });

  it('refuses an invalid date', () => {
    expect(() => nairobiDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('nairobiTimeOfDay', () => {
  it.each([
    ['2026-03-10T06:00:00Z', '09:00'],
    ['2026-03-10T20:59:00Z', '23:59'],
    ['2026-03-10T21:00:00Z', '00:00'],
    ['2026-02-28T22:30:00Z', '01:30'],
  ])('%s reads %s on a Nairobi clock', (iso, time) => {
    expect(nairobiTimeOfDay(new Date(iso))).toBe(time);
  });

  it('refuses an invalid date', () => {
    expect(() => nairobiTimeOfDay(new Date('nope'))).toThrow(RangeError);
  });
});

describe('NAIROBI_UTC_OFFSET', () => {
  it('is written as a timestamp writes it, and names the same instant as nairobiInstant', () => {
    expect(NAIROBI_UTC_OFFSET).toBe('+03:00');
    expect(new Date(`2026-03-01T09:00:00${NAIROBI_UTC_OFFSET}`)).toEqual(nairobiInstant('2026-03-01', '09:00'));
  });
});

describe('calendar days', () => {
  it.each([
    ['2026-03-10', '2026-03-10', 1],
    ['2026-03-10', '2026-03-11', 2],
    ['2026-01-31', '2026-02-01', 2],
    ['2026-02-28', '2026-03-01', 2],
    ['2028-02-28', '2028-03-01', 3],
    ['2026-12-31', '2027-01-01', 2],
    ['2026-03-01', '2026-03-31', 31],
  ])('%s to %s is %i days, both included', (start, end, days) => {
    expect(inclusiveDays(start, end)).toBe(days);
    expect(daysBetween(start, end)).toBe(days - 1);
  });

  it('refuses an end before the start', () => {
    expect(() => inclusiveDays('2026-03-10', '2026-03-09')).toThrow(RangeError);
    expect(daysBetween('2026-03-10', '2026-03-09')).toBe(-1);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-03-10', 30, '2026-04-09'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s + %i days is %s', (date, days, result) => {
    expect(addDaysToDate(date, days)).toBe(result);
  });

  it('adds hours to an instant', () => {
    expect(addHoursToInstant(new Date('2026-03-10T19:00:00Z'), 6).toISOString()).toBe('2026-03-11T01:00:00.000Z');
  });
});

describe('format checks', () => {
  it.each([
    ['2026-03-10', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-04-31', false],
    ['10/03/2026', false],
    ['2026-03-10T00:00', false],
  ])('isIsoDate(%j) is %s', (value, ok) => {
    expect(isIsoDate(value)).toBe(ok);
  });

  it.each([
    ['00:00', true],
    ['09:30', true],
    ['23:59', true],
    ['24:00', false],
    ['9:30', false],
    ['09:5', false],
    ['9am', false],
  ])('isTimeOfDay(%j) is %s', (value, ok) => {
    expect(isTimeOfDay(value)).toBe(ok);
  });
});
