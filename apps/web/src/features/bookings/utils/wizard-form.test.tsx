import { describe, expect, it } from 'vitest';
import {
  changeWizardForm,
  clampHours,
  hoursFromInput,
  teamSizeFromInput,
  toWizardBookingInput,
  wizardDefaults,
  wizardFieldErrors,
} from './wizard-form.ts';

const now = new Date('2026-03-01T06:00:00Z');

describe('the wizard form model', () => {
  it('starts with the specification’s defaults', () => {
    expect(wizardDefaults()).toMatchObject({
      serviceType: 'personal',
      teamSize: 1,
      startTime: '09:00',
      duration: 6,
      durationType: 'hourly',
      dressCode: 'business_suit',
      location: '',
      address: '',
      notes: '',
    });
  });

  it('sets 24 hours for daily, and 6 hours without the end date for hourly', () => {
    const daily = changeWizardForm(wizardDefaults({ duration: 10 }), { durationType: 'daily' });
    expect(daily.duration).toBe(24);
    const withEnd = changeWizardForm(daily, { endDate: '2026-03-05' });
    expect(changeWizardForm(withEnd, { durationType: 'hourly' })).toMatchObject({ duration: 6, endDate: '' });
  });

  it('clears the address when another area is chosen, Other too, so the specific location starts empty', () => {
    const other = changeWizardForm(wizardDefaults({ location: 'Other', address: 'Two Rivers' }), { address: 'Two Rivers Mall' });
    expect(other.address).toBe('Two Rivers Mall');
    expect(changeWizardForm(other, { location: 'Karen' }).address).toBe('');
    expect(changeWizardForm(wizardDefaults({ location: 'Karen', address: 'Gate 2' }), { location: 'Other' }).address).toBe('');
    expect(changeWizardForm(wizardDefaults({ location: 'Karen', address: 'Gate 2' }), { location: 'Karen' }).address).toBe('Gate 2');
  });

  it.each([
    ['', 0],
    ['abc', 0],
    ['0', 1],
    ['-4', 1],
    ['7', 7],
    ['35', 20],
  ])('reads the guards box %j as %d', (raw, expected) => {
    expect(teamSizeFromInput(raw)).toBe(expected);
  });

  it('lets the hours box hold any number while typing, and coerces it to 6–24 on leaving', () => {
    expect(hoursFromInput('')).toBe(0);
    expect(hoursFromInput('5')).toBe(5);
    expect(clampHours(5)).toBe(6);
    expect(clampHours(30)).toBe(24);
    expect(clampHours(12)).toBe(12);
  });

  it('gives the shared rules’ messages, and the guards box its own for no number', () => {
    const errors = wizardFieldErrors(wizardDefaults({ teamSize: 0, duration: 5 }), now);
    expect(errors).toMatchObject({
      teamSize: 'Please enter at least 1 guard',
      duration: 'Minimum booking is 6 hours.',
      date: 'Please select a start date.',
      location: 'Please select a location.',
    });
    const daily = wizardFieldErrors(wizardDefaults({ durationType: 'daily', date: '2026-03-02' }), now);
    expect(daily.endDate).toBe('Please select start and end dates for daily booking.');
    expect(wizardFieldErrors(wizardDefaults({ location: 'Other', address: '  ' }), now).address).toBe('Please specify the location.');
  });

  it('sends an hourly booking without an end date, with blank text as null', () => {
    const form = wizardDefaults({ date: '2026-03-04', endDate: '2026-03-06', location: 'Karen', address: ' ', notes: '' });
    expect(toWizardBookingInput(form, 7200)).toMatchObject({ endDate: null, address: null, notes: null, totalCost: 7200, guardId: null });
    expect(toWizardBookingInput(form)).not.toHaveProperty('totalCost');
  });
});
