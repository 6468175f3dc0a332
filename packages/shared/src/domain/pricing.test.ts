import { describe, expect, it } from 'vitest';
import { commissionAmount, refundAmount } from './pricing.ts';
import { quoteWizard, wizardDailyRate, wizardHourlyRate, wizardSchedule } from './wizard-pricing.ts';
import { formSchedule, hoursBetweenTimes, monthlyEndDate, quoteForm } from './form-pricing.ts';
import type { GuardRates, WizardQuoteInput, WizardServiceType } from './wizard-pricing.ts';
import type { FormQuoteInput } from './form-pricing.ts';

const guard = (rateHourly: number | null, rateDaily: number | null): GuardRates => ({ rateHourly, rateDaily });

describe('wizard rates', () => {
  it.each<[WizardServiceType | null, GuardRates | null, number, number]>([
    ['personal', null, 1200, 9600],
    ['team', null, 1200, 9600],
    ['elite', null, 1500, 12000],
    [null, null, 1500, 12000],
    ['personal', guard(null, null), 1200, 9600],
    ['elite', guard(0, 0), 1500, 12000],
    ['personal', guard(1800, null), 1800, 14400],
    ['elite', guard(1800, null), 1800, 14400],
    [null, guard(2000, 15000), 2000, 15000],
    ['personal', guard(null, 9000), 1200, 9000],
  ])('%s with guard %j: KES %i/hour, KES %i/day', (serviceType, g, hourly, daily) => {
    expect(wizardHourlyRate(serviceType, g)).toBe(hourly);
    expect(wizardDailyRate(serviceType, g)).toBe(daily);
  });

  it.each([guard(1200.5, null), guard(-1, null), guard(null, 9600.5), guard(null, -100)])('refuses the guard rates %j', (g) => {
    expect(() =>
      quoteWizard({ serviceType: 'personal', guard: g, teamSize: 1, durationType: 'daily', date: '2026-03-10', endDate: '2026-03-10' }),
    ).toThrow(RangeError);
  });
});

describe('quoteWizard: hourly', () => {
  it.each<[string, WizardQuoteInput, number, number, string]>([
    [
      'personal, 1 guard, 6 h',
      { serviceType: 'personal', teamSize: 1, durationType: 'hourly', hours: 6 },
      7200,
      1200,
      '1 guard × 6 hours × KES 1,200/hour',
    ],
    ['team, 3 guards, 8 h', { serviceType: 'team', teamSize: 3, durationType: 'hourly', hours: 8 }, 28800, 1200, '3 guards × 8 hours × KES 1,200/hour'],
    [
      'elite, 2 guards, 10 h',
      { serviceType: 'elite', teamSize: 2, durationType: 'hourly', hours: 10 },
      30000,
      1500,
      '2 guards × 10 hours × KES 1,500/hour',
    ],
    [
      '/booking, no service, 1 guard, 6 h',
      { serviceType: null, teamSize: 1, durationType: 'hourly', hours: 6 },
      9000,
      1500,
      '1 guard × 6 hours × KES 1,500/hour',
    ],
    [
      'guard at 1,800, 24 h',
      { serviceType: 'personal', guard: guard(1800, 14000), teamSize: 1, durationType: 'hourly', hours: 24 },
      43200,
      1800,
      '1 guard × 24 hours × KES 1,800/hour',
    ],
    [
      'guard without rates, elite',
      { serviceType: 'elite', guard: guard(null, null), teamSize: 20, durationType: 'hourly', hours: 6 },
      180000,
      1500,
      '20 guards × 6 hours × KES 1,500/hour',
    ],
  ])('%s', (_name, input, price, hourlyRate, breakdown) => {
    const quote = quoteWizard(input);
    expect(quote).toEqual({ price, durationHours: input.durationType === 'hourly' ? input.hours : 0, hourlyRate, breakdown });
    expect(Number.isInteger(quote.price)).toBe(true);
  });
});

describe('quoteWizard: daily (both dates included, Nairobi calendar days)', () => {
  it.each<[string, WizardQuoteInput, number, number, number, string]>([
    [
      'same day is 1 day',
      { serviceType: 'personal', teamSize: 1, durationType: 'daily', date: '2026-03-10', endDate: '2026-03-10' },
      1,
      9600,
      9600,
      '1 guard × 1 day × KES 9,600/day',
    ],
    [
      'across January’s end',
      { serviceType: 'team', teamSize: 2, durationType: 'daily', date: '2026-01-30', endDate: '2026-02-02' },
      4,
      9600,
      76800,
      '2 guards × 4 days × KES 9,600/day',
    ],
    [
      'across February’s end',
      { serviceType: 'elite', teamSize: 1, durationType: 'daily', date: '2026-02-27', endDate: '2026-03-02' },
      4,
      12000,
      48000,
      '1 guard × 4 days × KES 12,000/day',
    ],
    [
      'leap year',
      { serviceType: null, teamSize: 1, durationType: 'daily', date: '2028-02-28', endDate: '2028-03-01' },
      3,
      12000,
      36000,
      '1 guard × 3 days × KES 12,000/day',
    ],
    [
      'across the year’s end',
      { serviceType: 'personal', teamSize: 3, durationType: 'daily', date: '2026-12-30', endDate: '2027-01-02' },
      4,
      9600,
      115200,
      '3 guards × 4 days × KES 9,600/day',
    ],
    [
      'guard’s daily rate',
      { serviceType: 'personal', guard: guard(1500, 10000), teamSize: 2, durationType: 'daily', date: '2026-03-10', endDate: '2026-03-11' },
      2,
      10000,
      40000,
      '2 guards × 2 days × KES 10,000/day',
    ],
    [
      'guard’s hourly rate × 8',
      { serviceType: 'personal', guard: guard(1500, null), teamSize: 1, durationType: 'daily', date: '2026-03-10', endDate: '2026-03-12' },
      3,
      12000,
      36000,
      '1 guard × 3 days × KES 12,000/day',
    ],
  ])('%s', (_name, input, days, dailyRate, price, breakdown) => {
    const quote = quoteWizard(input);
    expect(quote).toMatchObject({ price, days, dailyRate, durationHours: days * 24, breakdown });
  });

  it('refuses an end date before the start date', () => {
    expect(() => quoteWizard({ serviceType: 'personal', teamSize: 1, durationType: 'daily', date: '2026-03-10', endDate: '2026-03-09' })).toThrow(
      RangeError,
    );
  });
});

describe('quoteWizard refuses impossible counts', () => {
  it.each([0, -1, 1.5, Number.NaN])('team size %d', (teamSize) => {
    expect(() => quoteWizard({ serviceType: 'personal', teamSize, durationType: 'hourly', hours: 6 })).toThrow(RangeError);
  });
  it.each([0, -6, 6.5, Number.POSITIVE_INFINITY])('hours %d', (hours) => {
    expect(() => quoteWizard({ serviceType: 'personal', teamSize: 1, durationType: 'hourly', hours })).toThrow(RangeError);
  });
});

describe('wizardSchedule', () => {
  it.each([
    [{ durationType: 'hourly', date: '2026-03-10', startTime: '09:00', hours: 6 } as const, '2026-03-10T06:00:00.000Z', '2026-03-10T12:00:00.000Z', 6],
    [{ durationType: 'hourly', date: '2026-03-10', startTime: '22:00', hours: 8 } as const, '2026-03-10T19:00:00.000Z', '2026-03-11T03:00:00.000Z', 8],
    [
      { durationType: 'daily', date: '2026-03-10', endDate: '2026-03-10', startTime: '09:00' } as const,
      '2026-03-10T06:00:00.000Z',
      '2026-03-11T06:00:00.000Z',
      24,
    ],
    [
      { durationType: 'daily', date: '2026-02-28', endDate: '2026-03-01', startTime: '07:00' } as const,
      '2026-02-28T04:00:00.000Z',
      '2026-03-02T04:00:00.000Z',
      48,
    ],
  ])('%j', (input, start, end, durationHours) => {
    expect(wizardSchedule(input)).toEqual({ start: new Date(start), end: new Date(end), durationHours });
  });
});

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

describe('refundAmount: 95% rounded down', () => {
  it.each([
    [0, 0],
    [1, 0],
    [19, 18],
    [20, 19],
    [100, 95],
    [1001, 950],
    [1200, 1140],
    [9999, 9499],
    [150000, 142500],
  ])('KES %i paid → KES %i back', (paid, refund) => {
    expect(refundAmount(paid)).toBe(refund);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (paid) => {
    expect(() => refundAmount(paid)).toThrow(RangeError);
  });
});

describe('commissionAmount: basis points, rounded down', () => {
  it.each([
    [10000, undefined, 500],
    [1001, undefined, 50],
    [19, undefined, 0],
    [7200, 500, 360],
    [7200, 0, 0],
    [7200, 1000, 720],
    [12345, 250, 308],
    [9999, 10000, 9999],
  ])('KES %i at %s bp → KES %i', (amount, basisPoints, commission) => {
    expect(commissionAmount(amount, basisPoints)).toBe(commission);
  });

  it.each([
    [-1, 500],
    [1.5, 500],
    [1000, -1],
    [1000, 10001],
    [1000, 2.5],
  ])('refuses KES %d at %d bp', (amount, basisPoints) => {
    expect(() => commissionAmount(amount, basisPoints)).toThrow(RangeError);
  });
});
