import { describe, expect, it } from 'vitest';
import { bookingServiceLabel, durationText } from './booking-display.ts';

describe('booking display', () => {
  it('says how long a booking lasts', () => {
    expect(durationText({ bookingType: 'hourly', durationHours: 1 })).toBe('1 hour');
    expect(durationText({ bookingType: 'hourly', durationHours: 8 })).toBe('8 hours');
    expect(durationText({ bookingType: 'daily', durationHours: 24 })).toBe('1 day');
    expect(durationText({ bookingType: 'monthly', durationHours: 720 })).toBe('30 days');
  });

  it('shows a night shift as nights with its times, never as a day', () => {
    expect(durationText({ bookingType: 'daily', shiftType: 'night', durationHours: 12 })).toBe('1 night, 18:00–06:00');
    expect(durationText({ bookingType: 'daily', shiftType: 'night', durationHours: 36 })).toBe('3 nights, 18:00–06:00');
    expect(durationText({ bookingType: 'daily', shiftType: 'day', durationHours: 12 })).toBe('1 day, 06:00–18:00');
  });

  it('names a booking without a service type by its booking type', () => {
    expect(bookingServiceLabel({ serviceType: null, bookingType: 'hourly' })).toBe('Hourly booking');
    expect(bookingServiceLabel({ serviceType: 'team', bookingType: 'hourly' })).toBe('Security Team');
  });
});
