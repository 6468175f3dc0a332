import { describe, expect, it } from 'vitest';
import { checkWizardBooking, validateWizardBooking } from './wizard-booking-rules.ts';
import { checkFormBooking, validateFormBooking } from './form-booking-rules.ts';
import type { WizardBookingFields } from './wizard-booking-rules.ts';
import type { FormBookingFields } from './form-booking-rules.ts';

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

const form: FormBookingFields = {
  serviceType: 'elite',
  bookingType: 'hourly',
  startDate: '2026-03-12',
  startTime: '09:00',
  endTime: '17:00',
  location: 'Westlands',
  guards: 1,
};

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

describe('validateFormBooking', () => {
  it.each<[string, FormBookingFields]>([
    ['hourly', form],
    ['daily day shift', { ...form, bookingType: 'daily', shiftType: 'day', endDate: '2026-03-14', startTime: null, endTime: null }],
    ['daily night shift', { ...form, bookingType: 'daily', shiftType: 'night', endDate: '2026-03-12' }],
    ['daily custom shift', { ...form, bookingType: 'daily', shiftType: 'custom', endDate: '2026-03-13', startTime: '08:00', endTime: null }],
    ['monthly without an end date or time', { ...form, bookingType: 'monthly', startTime: null, endTime: null }],
    ['monthly with its own end date', { ...form, bookingType: 'monthly', endDate: '2026-04-11' }],
    ['each service type: vip', { ...form, serviceType: 'vip' }],
    ['each service type: event', { ...form, serviceType: 'event' }],
    ['each service type: investigator', { ...form, serviceType: 'investigator' }],
    ['each service type: manned', { ...form, serviceType: 'manned' }],
    ['a form-only area', { ...form, location: 'Limuru' }],
  ])('accepts %s', (_name, input) => {
    expect(validateFormBooking(input, opts)).toEqual({});
  });

  it('reports what Proceed needs, all at once', () => {
    expect(validateFormBooking({ bookingType: 'monthly', guards: 1 }, opts)).toEqual({
      serviceType: 'Please select a service type.',
      startDate: 'Please select a start date.',
      location: 'Please select a location.',
    });
  });

  it.each<[number | null, Record<string, string>]>([
    [null, { guards: 'Please enter at least 1 guard' }],
    [Number.NaN, { guards: 'Please enter at least 1 guard' }],
    [0, { guards: 'Please enter at least 1 guard' }],
    [1, {}],
    [1.5, { guards: 'The number of guards must be a whole number.' }],
    [20, {}],
    [21, { guards: 'At most 20 guards can be booked at once.' }],
  ])('guards %s', (guards, errors) => {
    expect(validateFormBooking({ ...form, guards }, opts)).toEqual(errors);
  });

  it.each<[string, string, Record<string, string>]>([
    ['09:00', '14:00', { endTime: 'Minimum booking is 6 hours.' }],
    ['09:00', '15:00', {}],
    ['09:00', '09:00', { endTime: 'Minimum booking is 6 hours.' }],
    ['22:00', '04:00', {}],
    ['22:00', '03:00', { endTime: 'Minimum booking is 6 hours.' }],
    ['06:00', '05:00', {}],
    ['09:30', '17:00', { endTime: 'Bookings are made in whole hours.' }],
    ['', '17:00', { startTime: 'Please select a start time.' }],
    ['09:00', '', { endTime: 'Please select an end time.' }],
    ['09:00', '5pm', { endTime: 'Enter the time as HH:mm (24-hour clock).' }],
  ])('hourly %j → %j', (startTime, endTime, errors) => {
    expect(validateFormBooking({ ...form, startTime, endTime }, opts)).toEqual(errors);
  });

  it.each<[string, FormBookingFields, Record<string, string>]>([
    ['no service type', { ...form, serviceType: '' }, { serviceType: 'Please select a service type.' }],
    ['a wizard service type', { ...form, serviceType: 'personal' }, { serviceType: 'Please select a service type.' }],
    ['no booking type', { ...form, bookingType: null }, { bookingType: 'Please choose hourly, daily or monthly.' }],
    ['a wizard-only area', { ...form, location: 'Riverside' }, { location: 'Please select a location.' }],
    ['Other (not a form area)', { ...form, location: 'Other' }, { location: 'Please select a location.' }],
    [
      'daily without an end date',
      { ...form, bookingType: 'daily', shiftType: 'day' },
      { endDate: 'Please select start and end dates for daily booking.' },
    ],
    [
      'daily without a start date',
      { ...form, bookingType: 'daily', shiftType: 'day', startDate: null, endDate: '2026-03-14' },
      { startDate: 'Please select start and end dates for daily booking.' },
    ],
    [
      'daily ending before it starts',
      { ...form, bookingType: 'daily', shiftType: 'day', endDate: '2026-03-11' },
      { endDate: 'The end date cannot be before the start date.' },
    ],
    ['daily without a shift', { ...form, bookingType: 'daily', endDate: '2026-03-14' }, { shiftType: 'Please choose a day, night or custom shift.' }],
    [
      'daily with an unknown shift',
      { ...form, bookingType: 'daily', shiftType: 'evening', endDate: '2026-03-14' },
      { shiftType: 'Please choose a day, night or custom shift.' },
    ],
    [
      'custom shift without a start time',
      { ...form, bookingType: 'daily', shiftType: 'custom', endDate: '2026-03-14', startTime: '' },
      { startTime: 'Please select a start time.' },
    ],
    [
      'monthly with another end date',
      { ...form, bookingType: 'monthly', endDate: '2026-04-30' },
      { endDate: 'A monthly booking ends 30 days after it starts (2026-04-11).' },
    ],
    [
      'monthly ending before it starts',
      { ...form, bookingType: 'monthly', endDate: '2026-03-01' },
      { endDate: 'The end date cannot be before the start date.' },
    ],
    ['monthly with a bad end date', { ...form, bookingType: 'monthly', endDate: '2026-04-31' }, { endDate: 'Enter a valid date (YYYY-MM-DD).' }],
    ['monthly with a bad start time', { ...form, bookingType: 'monthly', startTime: '25:00' }, { startTime: 'Enter the time as HH:mm (24-hour clock).' }],
  ])('%s', (_name, input, errors) => {
    expect(validateFormBooking(input, opts)).toEqual(errors);
  });

  it.each<[string, FormBookingFields, Record<string, string>]>([
    ['yesterday', { ...form, startDate: '2026-03-09' }, { startDate: 'The start time is in the past.' }],
    [
      'hourly today, started an hour ago',
      { ...form, startDate: '2026-03-10', startTime: '09:00', endTime: '15:00' },
      { startTime: 'The start time is in the past.' },
    ],
    ['hourly today, later', { ...form, startDate: '2026-03-10', startTime: '11:00', endTime: '17:00' }, {}],
    [
      'today’s day shift, already begun at 06:00',
      { ...form, bookingType: 'daily', shiftType: 'day', startDate: '2026-03-10', endDate: '2026-03-10' },
      { startDate: 'The start time is in the past.' },
    ],
    ['today’s night shift, from 18:00', { ...form, bookingType: 'daily', shiftType: 'night', startDate: '2026-03-10', endDate: '2026-03-10' }, {}],
    [
      'monthly today from 09:00 by default',
      { ...form, bookingType: 'monthly', startDate: '2026-03-10', startTime: null },
      { startDate: 'The start time is in the past.' },
    ],
    ['monthly today from a chosen later time', { ...form, bookingType: 'monthly', startDate: '2026-03-10', startTime: '12:00' }, {}],
    ['exactly 30 days ahead', { ...form, startDate: '2026-04-09' }, {}],
    ['31 days ahead', { ...form, startDate: '2026-04-10' }, { startDate: 'Bookings can be made at most 30 days ahead.' }],
    ['monthly 31 days ahead', { ...form, bookingType: 'monthly', startDate: '2026-04-10' }, { startDate: 'Bookings can be made at most 30 days ahead.' }],
  ])('start: %s', (_name, input, errors) => {
    expect(validateFormBooking(input, opts)).toEqual(errors);
  });

  it.each<[string, string, string, Record<string, string>]>([
    ['31 day shifts', 'day', '2026-04-11', {}],
    ['32 night shifts', 'night', '2026-04-12', { endDate: 'A daily booking can cover at most 31 days. Please choose an earlier end date.' }],
    ['custom, until 2099', 'custom', '2099-12-31', { endDate: 'A daily booking can cover at most 31 days. Please choose an earlier end date.' }],
  ])('daily length: %s', (_name, shiftType, endDate, errors) => {
    expect(validateFormBooking({ ...form, bookingType: 'daily', shiftType, endDate }, opts)).toEqual(errors);
  });

  it('follows the max advance setting', () => {
    expect(validateFormBooking({ ...form, startDate: '2026-03-24' }, { now, maxAdvanceDays: 14 })).toEqual({});
    expect(validateFormBooking({ ...form, startDate: '2026-03-25' }, { now, maxAdvanceDays: 14 })).toEqual({
      startDate: 'Bookings can be made at most 14 days ahead.',
    });
  });
});

describe('checkFormBooking', () => {
  it('narrows an hourly booking crossing midnight', () => {
    expect(checkFormBooking({ ...form, startTime: '22:00', endTime: '04:00', guards: 2 }, opts)).toEqual({
      ok: true,
      value: {
        bookingType: 'hourly',
        serviceType: 'elite',
        guards: 2,
        location: 'Westlands',
        startDate: '2026-03-12',
        startTime: '22:00',
        endTime: '04:00',
        schedule: { start: new Date('2026-03-12T19:00:00Z'), end: new Date('2026-03-13T01:00:00Z'), durationHours: 6 },
      },
    });
  });

  it('narrows a night-shift booking that ends the next morning', () => {
    expect(checkFormBooking({ ...form, bookingType: 'daily', shiftType: 'night', endDate: '2026-03-13' }, opts)).toEqual({
      ok: true,
      value: {
        bookingType: 'daily',
        shiftType: 'night',
        serviceType: 'elite',
        guards: 1,
        location: 'Westlands',
        startDate: '2026-03-12',
        endDate: '2026-03-13',
        schedule: { start: new Date('2026-03-12T15:00:00Z'), end: new Date('2026-03-14T03:00:00Z'), durationHours: 24 },
      },
    });
  });

  it('gives a monthly booking its 30-day end date', () => {
    expect(checkFormBooking({ ...form, bookingType: 'monthly', startTime: null }, opts)).toMatchObject({
      ok: true,
      value: { bookingType: 'monthly', startDate: '2026-03-12', endDate: '2026-04-11', startTime: null, schedule: { durationHours: 720 } },
    });
  });
});
