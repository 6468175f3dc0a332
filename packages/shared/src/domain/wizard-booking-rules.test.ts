import { describe, expect, it } from 'vitest';
import { checkWizardBooking, validateWizardBooking } from './wizard-booking-rules.ts';
import type { WizardBookingFields } from './wizard-booking-rules.ts';

/** 10:00 in Nairobi on Tuesday 10 March 2026. */
const now = new Date('2026-03-10T07:00:00Z');
const opts = { now };

const wizard: WizardBookingFields = {
  serviceType: 'personal',
  teamSize: 1,
  date: '2026-03-12',
  endDate: null,
  startTime: '09:00',
  duration: 6,
  durationType: 'hourly',
  dressCode: 'business_suit',
  location: 'Karen',
  address: 'Karen Road, Hardy Estate, House 14',
};
const daily: WizardBookingFields = { ...wizard, durationType: 'daily', duration: 24, endDate: '2026-03-14' };

describe('validateWizardBooking', () => {
  it('accepts a complete hourly and a complete daily booking', () => {
    expect(validateWizardBooking(wizard, opts)).toEqual({});
    expect(validateWizardBooking(daily, opts)).toEqual({});
  });

  it('reports every missing field at once, with the spec’s messages', () => {
    expect(validateWizardBooking({}, opts)).toEqual({
      teamSize: 'At least 1 guard is required.',
      durationType: 'Please choose hourly or daily.',
      date: 'Please select a start date.',
      startTime: 'Please select a start time.',
      dressCode: 'Please choose a dress code.',
      location: 'Please select a location.',
    });
  });

  it.each<[number | null, Record<string, string>]>([
    [null, { teamSize: 'At least 1 guard is required.' }],
    [Number.NaN, { teamSize: 'At least 1 guard is required.' }],
    [-2, { teamSize: 'At least 1 guard is required.' }],
    [0, { teamSize: 'At least 1 guard is required.' }],
    [1, {}],
    [2.5, { teamSize: 'The number of guards must be a whole number.' }],
    [20, {}],
    [21, { teamSize: 'At most 20 guards can be booked at once.' }],
  ])('team size %s', (teamSize, errors) => {
    expect(validateWizardBooking({ ...wizard, teamSize }, opts)).toEqual(errors);
  });

  it.each<[number | null, Record<string, string>]>([
    [null, { duration: 'Minimum booking is 6 hours.' }],
    [0, { duration: 'Minimum booking is 6 hours.' }],
    [5, { duration: 'Minimum booking is 6 hours.' }],
    [6, {}],
    [6.5, { duration: 'Bookings are made in whole hours.' }],
    [24, {}],
    [25, { duration: 'Hourly bookings can be at most 24 hours.' }],
  ])('hourly duration %s', (duration, errors) => {
    expect(validateWizardBooking({ ...wizard, duration }, opts)).toEqual(errors);
  });

  it('ignores the duration and a stale end date where they do not apply', () => {
    expect(validateWizardBooking({ ...daily, duration: 0 }, opts)).toEqual({});
    expect(validateWizardBooking({ ...wizard, endDate: '2026-03-01' }, opts)).toEqual({});
  });

  it.each<[string, WizardBookingFields, Record<string, string>]>([
    ['hourly without a date', { ...wizard, date: '' }, { date: 'Please select a start date.' }],
    ['daily without an end date', { ...daily, endDate: null }, { endDate: 'Please select start and end dates for daily booking.' }],
    ['daily without a start date', { ...daily, date: '  ' }, { date: 'Please select start and end dates for daily booking.' }],
    [
      'daily without dates',
      { ...daily, date: null, endDate: null },
      { date: 'Please select start and end dates for daily booking.', endDate: 'Please select start and end dates for daily booking.' },
    ],
    ['daily ending the day before', { ...daily, endDate: '2026-03-11' }, { endDate: 'The end date cannot be before the start date.' }],
    ['daily ending the same day', { ...daily, endDate: '2026-03-12' }, {}],
    ['daily across the month end', { ...daily, date: '2026-03-30', endDate: '2026-04-02' }, {}],
    ['a date that does not exist', { ...wizard, date: '2026-02-30' }, { date: 'Enter a valid date (YYYY-MM-DD).' }],
    ['a date in another format', { ...wizard, date: '12/03/2026' }, { date: 'Enter a valid date (YYYY-MM-DD).' }],
    ['no start time', { ...wizard, startTime: '' }, { startTime: 'Please select a start time.' }],
    ['a start time that is not HH:mm', { ...wizard, startTime: '9am' }, { startTime: 'Enter the time as HH:mm (24-hour clock).' }],
    ['an unknown duration type', { ...wizard, durationType: 'weekly' }, { durationType: 'Please choose hourly or daily.' }],
  ])('dates and times: %s', (_name, input, errors) => {
    expect(validateWizardBooking(input, opts)).toEqual(errors);
  });

  it.each<[string, WizardBookingFields, Record<string, string>]>([
    ['yesterday', { ...wizard, date: '2026-03-09' }, { date: 'The start time is in the past.' }],
    ['today, an hour ago', { ...wizard, date: '2026-03-10', startTime: '09:00' }, { startTime: 'The start time is in the past.' }],
    ['today, a minute ago', { ...wizard, date: '2026-03-10', startTime: '09:59' }, { startTime: 'The start time is in the past.' }],
    ['today, right now', { ...wizard, date: '2026-03-10', startTime: '10:00' }, {}],
    ['today, later', { ...wizard, date: '2026-03-10', startTime: '10:01' }, {}],
    ['daily, starting yesterday', { ...daily, date: '2026-03-09' }, { date: 'The start time is in the past.' }],
    ['exactly 30 days ahead', { ...wizard, date: '2026-04-09', startTime: '23:59' }, {}],
    ['31 days ahead', { ...wizard, date: '2026-04-10', startTime: '00:00' }, { date: 'Bookings can be made at most 30 days ahead.' }],
    ['daily starting 31 days ahead', { ...daily, date: '2026-04-10', endDate: '2026-04-11' }, { date: 'Bookings can be made at most 30 days ahead.' }],
    ['daily starting 30 days ahead, ending later', { ...daily, date: '2026-04-09', endDate: '2026-04-20' }, {}],
  ])('start: %s', (_name, input, errors) => {
    expect(validateWizardBooking(input, opts)).toEqual(errors);
  });

  it.each<[string, string, Record<string, string>]>([
    ['31 days, both dates counted', '2026-04-11', {}],
    ['32 days', '2026-04-12', { endDate: 'A daily booking can cover at most 31 days. Please choose an earlier end date.' }],
    ['until 2099', '2099-12-31', { endDate: 'A daily booking can cover at most 31 days. Please choose an earlier end date.' }],
  ])('daily length: %s', (_name, endDate, errors) => {
    expect(validateWizardBooking({ ...daily, endDate }, opts)).toEqual(errors);
  });

  it.each<[number, string, Record<string, string>]>([
    [7, '2026-03-17', {}],
    [7, '2026-03-18', { date: 'Bookings can be made at most 7 days ahead.' }],
    [1, '2026-03-12', { date: 'Bookings can be made at most 1 day ahead.' }],
    [0, '2026-03-10', {}],
  ])('max advance setting %i days: start %s', (maxAdvanceDays, date, errors) => {
    expect(validateWizardBooking({ ...wizard, date, startTime: '18:00' }, { now, maxAdvanceDays })).toEqual(errors);
  });

  it('counts days in Nairobi, not UTC (00:30 on 11 March in Nairobi is still 10 March in UTC)', () => {
    const lateNight = { now: new Date('2026-03-10T21:30:00Z') };
    expect(validateWizardBooking({ ...wizard, date: '2026-03-10', startTime: '23:00' }, lateNight)).toEqual({ date: 'The start time is in the past.' });
    expect(validateWizardBooking({ ...wizard, date: '2026-03-11', startTime: '01:00' }, lateNight)).toEqual({});
    expect(validateWizardBooking({ ...wizard, date: '2026-04-10' }, lateNight)).toEqual({});
  });

  it.each<[string, Partial<WizardBookingFields>, Record<string, string>]>([
    ['no area', { location: '' }, { location: 'Please select a location.' }],
    ['an unknown area', { location: 'Nowhere' }, { location: 'Please select a location.' }],
    ['a single-page-form area', { location: 'Loresho' }, { location: 'Please select a location.' }],
    ['Other without a location', { location: 'Other', address: null }, { address: 'Please specify the location.' }],
    ['Other with a blank location', { location: 'Other', address: '   ' }, { address: 'Please specify the location.' }],
    ['Other with a location', { location: 'Other', address: 'Upper Hill, Ragati Road' }, {}],
    ['an area without an address', { location: 'Kilimani', address: null }, {}],
    ['a very long address', { address: 'x'.repeat(501) }, { address: 'The location must be at most 500 characters.' }],
    ['no dress code', { dressCode: null }, { dressCode: 'Please choose a dress code.' }],
    ['an unknown dress code', { dressCode: 'tactical' }, { dressCode: 'Please choose a dress code.' }],
    ['tactical uniform', { dressCode: 'tactical_uniform' }, {}],
    ['no service type (/booking)', { serviceType: null }, {}],
    ['a blank service type', { serviceType: '' }, {}],
    ['each service type: team', { serviceType: 'team' }, {}],
    ['each service type: elite', { serviceType: 'elite' }, {}],
    ['a single-page-form service type', { serviceType: 'vip' }, { serviceType: 'Please choose a service.' }],
  ])('details: %s', (_name, overrides, errors) => {
    expect(validateWizardBooking({ ...wizard, ...overrides }, opts)).toEqual(errors);
  });

  it('refuses impossible options', () => {
    expect(() => validateWizardBooking(wizard, { now: new Date('nope') })).toThrow(RangeError);
    expect(() => validateWizardBooking(wizard, { now, maxAdvanceDays: -1 })).toThrow(RangeError);
    expect(() => validateWizardBooking(wizard, { now, maxAdvanceDays: 1.5 })).toThrow(RangeError);
  });
});

describe('checkWizardBooking', () => {
  it('narrows an hourly booking and works out its Nairobi schedule', () => {
    expect(checkWizardBooking({ ...wizard, serviceType: '', address: '  ', location: ' Karen ' }, opts)).toEqual({
      ok: true,
      value: {
        serviceType: null,
        teamSize: 1,
        date: '2026-03-12',
        startTime: '09:00',
        durationType: 'hourly',
        hours: 6,
        endDate: null,
        dressCode: 'business_suit',
        location: 'Karen',
        address: null,
        schedule: { start: new Date('2026-03-12T06:00:00Z'), end: new Date('2026-03-12T12:00:00Z'), durationHours: 6 },
      },
    });
  });

  it('gives a daily booking days × 24 hours', () => {
    const result = checkWizardBooking(daily, opts);
    expect(result).toMatchObject({
      ok: true,
      value: {
        durationType: 'daily',
        endDate: '2026-03-14',
        days: 3,
        schedule: { start: new Date('2026-03-12T06:00:00Z'), end: new Date('2026-03-15T06:00:00Z'), durationHours: 72 },
      },
    });
  });

  it('answers the errors when invalid', () => {
    expect(checkWizardBooking({ ...wizard, teamSize: 0 }, opts)).toEqual({ ok: false, errors: { teamSize: 'At least 1 guard is required.' } });
  });
});
