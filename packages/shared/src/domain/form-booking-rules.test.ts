import { describe, expect, it } from 'vitest';
import { checkFormBooking, validateFormBooking } from './form-booking-rules.ts';
import type { FormBookingFields } from './form-booking-rules.ts';

/** 10:00 in Nairobi on Tuesday 10 March 2026. */
const now = new Date('2026-03-10T07:00:00Z');
const opts = { now };

const form: FormBookingFields = {
  serviceType: 'elite',
  bookingType: 'hourly',
  startDate: '2026-03-12',
  startTime: '09:00',
  endTime: '17:00',
  location: 'Westlands',
  guards: 1,
};

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
