import { describe, expect, it } from 'vitest';
import { quoteWizard } from '../domain/wizard-pricing.ts';
import { quoteForm } from '../domain/form-pricing.ts';
import { formBookingInput, totalCostMismatch, wizardBookingInput } from './booking-input.ts';
import type { BookingQuoteDto, FormBookingInput, WizardBookingInput } from './booking-input.ts';

/** 10:00 in Nairobi on 10 March 2026. */
const now = new Date('2026-03-10T07:00:00Z');
const wizardSchema = wizardBookingInput({ now });
const formSchema = formBookingInput({ now });

const wizard: WizardBookingInput = {
  serviceType: 'team',
  guardId: '5b0f2f8e-6f7c-4f38-9a53-3c1f0c1f2a11',
  teamSize: 3,
  date: '2026-03-12',
  endDate: null,
  startTime: '18:00',
  duration: 8,
  durationType: 'hourly',
  dressCode: 'tactical_uniform',
  location: 'Runda',
  address: ' Runda Grove, off Kiambu Road ',
  notes: '  Dinner party for 40 guests. ',
  totalCost: 28800,
};

const form: FormBookingInput = {
  serviceType: 'vip',
  bookingType: 'daily',
  startDate: '2026-03-12',
  endDate: '2026-03-14',
  shiftType: 'night',
  location: 'Karen',
  guards: 2,
  notes: '',
};

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('wizardBookingInput', () => {
  it('parses a booking into its checked values, schedule, guard, notes and shown total', () => {
    expect(wizardSchema.parse(wizard)).toEqual({
      serviceType: 'team',
      guardId: '5b0f2f8e-6f7c-4f38-9a53-3c1f0c1f2a11',
      teamSize: 3,
      date: '2026-03-12',
      startTime: '18:00',
      durationType: 'hourly',
      hours: 8,
      endDate: null,
      dressCode: 'tactical_uniform',
      location: 'Runda',
      address: 'Runda Grove, off Kiambu Road',
      notes: 'Dinner party for 40 guests.',
      totalCost: 28800,
      schedule: { start: new Date('2026-03-12T15:00:00Z'), end: new Date('2026-03-12T23:00:00Z'), durationHours: 8 },
    });
  });

  it('applies the form’s defaults: 1 guard, 09:00, 6 hours, hourly, no service type, no guard', () => {
    const data = wizardSchema.parse({ date: '2026-03-12', dressCode: 'business_suit', location: 'Karen' });
    expect(data).toMatchObject({
      serviceType: null,
      guardId: null,
      teamSize: 1,
      startTime: '09:00',
      durationType: 'hourly',
      hours: 6,
      notes: null,
      totalCost: null,
    });
  });

  it('feeds the quote (the server’s price, whatever totalCost says)', () => {
    const data = wizardSchema.parse({ ...wizard, totalCost: 1 });
    expect(quoteWizard({ ...data, guard: null }).price).toBe(28800);
    const daily = wizardSchema.parse({ ...wizard, durationType: 'daily', endDate: '2026-03-13' });
    expect(quoteWizard({ ...daily, guard: { rateHourly: 1300, rateDaily: null } })).toMatchObject({ price: 3 * 2 * 10400, durationHours: 48 });
  });

  it('reports every field error at once, with the rules’ messages', () => {
    expect(
      errorsOf(
        wizardSchema.safeParse({
          ...wizard,
          teamSize: 21,
          duration: 5,
          location: 'Other',
          address: ' ',
          dressCode: '',
          guardId: 'guard-7',
          notes: 'x'.repeat(2001),
          totalCost: -5,
        }),
      ),
    ).toEqual({
      teamSize: 'At most 20 guards can be booked at once.',
      duration: 'Minimum booking is 6 hours.',
      address: 'Please specify the location.',
      dressCode: 'Please choose a dress code.',
      guardId: 'Choose a guard from the list.',
      notes: 'Notes must be at most 2,000 characters.',
      totalCost: 'The total must be a whole, non-negative number of KES.',
    });
  });

  it.each<[string, Partial<WizardBookingInput>, Record<string, string>]>([
    ['0 guards', { teamSize: 0 }, { teamSize: 'At least 1 guard is required.' }],
    ['a guard count that is not a number', { teamSize: 'three' as unknown as number }, { teamSize: 'At least 1 guard is required.' }],
    ['a past start', { date: '2026-03-09' }, { date: 'The start time is in the past.' }],
    ['31 days ahead', { date: '2026-04-10' }, { date: 'Bookings can be made at most 30 days ahead.' }],
    ['a daily booking without its end date', { durationType: 'daily' }, { endDate: 'Please select start and end dates for daily booking.' }],
    ['a blank guard id', { guardId: '  ' }, {}],
  ])('%s', (_name, overrides, errors) => {
    expect(errorsOf(wizardSchema.safeParse({ ...wizard, ...overrides }))).toEqual(errors);
  });

  it('uses the max advance setting it was built with', () => {
    const week = wizardBookingInput({ now, maxAdvanceDays: 7 });
    expect(errorsOf(week.safeParse({ ...wizard, date: '2026-03-18' }))).toEqual({ date: 'Bookings can be made at most 7 days ahead.' });
    expect(week.safeParse({ ...wizard, date: '2026-03-17' }).success).toBe(true);
  });
});

describe('formBookingInput', () => {
  it('parses a night-shift booking with its schedule', () => {
    expect(formSchema.parse(form)).toEqual({
      serviceType: 'vip',
      bookingType: 'daily',
      shiftType: 'night',
      startDate: '2026-03-12',
      endDate: '2026-03-14',
      location: 'Karen',
      guards: 2,
      guardId: null,
      notes: null,
      schedule: { start: new Date('2026-03-12T15:00:00Z'), end: new Date('2026-03-15T03:00:00Z'), durationHours: 36 },
    });
  });

  it('feeds the quote: rate × hours × guards', () => {
    const data = formSchema.parse(form);
    expect(quoteForm(data)).toMatchObject({ price: 2000 * 36 * 2, durationHours: 36, hourlyRate: 2000 });
    const monthly = formSchema.parse({ ...form, bookingType: 'monthly', endDate: null, serviceType: 'manned', guards: 1 });
    expect(quoteForm(monthly)).toMatchObject({ price: 720000, durationHours: 720 });
  });

  it('defaults to an hourly booking for 1 guard', () => {
    const data = formSchema.parse({ serviceType: 'event', startDate: '2026-03-12', startTime: '22:00', endTime: '04:00', location: 'Tigoni' });
    expect(data).toMatchObject({ bookingType: 'hourly', guards: 1, schedule: { durationHours: 6 } });
  });

  it.each<[string, Partial<FormBookingInput>, Record<string, string>]>([
    ['0 guards', { guards: 0 }, { guards: 'Please enter at least 1 guard' }],
    ['21 guards', { guards: 21 }, { guards: 'At most 20 guards can be booked at once.' }],
    ['a wizard area', { location: 'Other' }, { location: 'Please select a location.' }],
    ['no shift', { shiftType: null }, { shiftType: 'Please choose a day, night or custom shift.' }],
    ['an end before the start', { endDate: '2026-03-11' }, { endDate: 'The end date cannot be before the start date.' }],
    ['a past start', { startDate: '2026-03-01', endDate: '2026-03-02' }, { startDate: 'The start time is in the past.' }],
    ['a bad guard id', { guardId: '12' }, { guardId: 'Choose a guard from the list.' }],
  ])('%s', (_name, overrides, errors) => {
    expect(errorsOf(formSchema.safeParse({ ...form, ...overrides }))).toEqual(errors);
  });
});

describe('totalCostMismatch', () => {
  it.each([
    [undefined, 7200, null],
    [null, 7200, null],
    [7200, 7200, null],
    [7000, 7200, 'The price is now KES 7,200. Please review your booking before paying.'],
  ])('sent %s, price %i → %j', (sent, price, message) => {
    expect(totalCostMismatch(sent, price)).toBe(message);
  });
});

describe('BookingQuoteDto', () => {
  it('is the quote as JSON', () => {
    const quote = quoteWizard({ serviceType: 'elite', teamSize: 1, durationType: 'hourly', hours: 6 });
    const dto: BookingQuoteDto = {
      price: quote.price,
      durationHours: quote.durationHours,
      startTime: '2026-03-12T06:00:00.000Z',
      endTime: '2026-03-12T12:00:00.000Z',
      hourlyRate: quote.hourlyRate,
      currency: 'KES',
    };
    expect(dto).toEqual({
      price: 9000,
      durationHours: 6,
      startTime: '2026-03-12T06:00:00.000Z',
      endTime: '2026-03-12T12:00:00.000Z',
      hourlyRate: 1500,
      currency: 'KES',
    });
  });
});
