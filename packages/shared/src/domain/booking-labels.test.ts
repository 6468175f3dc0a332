import { describe, expect, it } from 'vitest';
import { bookingLengthText, bookingServiceLabel } from './booking-labels.ts';

describe('what a booking is called', () => {
  it('names a chosen service, and a booking without one by its booking type', () => {
    expect(bookingServiceLabel({ serviceType: 'elite', bookingType: 'hourly' })).toBe('Elite Protection');
    expect(bookingServiceLabel({ serviceType: 'personal', bookingType: 'daily' })).toBe('Personal Guard');
    expect(bookingServiceLabel({ serviceType: null, bookingType: 'hourly' })).toBe('Hourly booking');
    expect(bookingServiceLabel({ serviceType: null, bookingType: 'daily' })).toBe('Daily booking');
    expect(bookingServiceLabel({ serviceType: null, bookingType: 'monthly' })).toBe('Monthly booking');
  });
});

describe('how long a booking runs', () => {
  it.each([
    [{ bookingType: 'hourly', durationHours: 6 }, '6 hours'],
    [{ bookingType: 'hourly', durationHours: 1 }, '1 hour'],
    [{ bookingType: 'daily', durationHours: 72 }, '3 days'],
    [{ bookingType: 'daily', shiftType: 'custom', durationHours: 48 }, '2 days'],
    [{ bookingType: 'daily', shiftType: 'night', durationHours: 12 }, '1 night, 18:00–06:00'],
    [{ bookingType: 'daily', shiftType: 'night', durationHours: 36 }, '3 nights, 18:00–06:00'],
    [{ bookingType: 'daily', shiftType: 'day', durationHours: 24 }, '2 days, 06:00–18:00'],
    [{ bookingType: 'monthly', durationHours: 720 }, '30 days'],
  ] as const)('%o is %s', (booking, text) => {
    expect(bookingLengthText(booking)).toBe(text);
  });
});
