import { describe, expect, it } from 'vitest';
import { quoteWizard, wizardDailyRate, wizardHourlyRate, wizardSchedule } from './wizard-pricing.ts';
import type { GuardRates, WizardQuoteInput, WizardServiceType } from './wizard-pricing.ts';

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
