import { describe, expect, it } from 'vitest';
import {
  canProceed,
  changeFormBooking,
  formBookingDefaults,
  formBookingErrors,
  guardsFromInput,
  guardsOf,
  liveFormQuote,
  toFormBookingInput,
} from './form-booking.ts';

const now = new Date('2026-03-01T06:00:00Z');
const filled = { ...formBookingDefaults(), serviceType: 'vip' as const, startDate: '2026-03-03', location: 'Karen' as const };

describe('the single-page form model', () => {
  it('needs a service type, a start date and a location to proceed', () => {
    expect(canProceed(formBookingDefaults())).toBe(false);
    expect(canProceed({ ...filled, location: '' })).toBe(false);
    expect(canProceed(filled)).toBe(true);
  });

  it('ends a monthly booking 30 days after its start, following the start date', () => {
    const monthly = changeFormBooking(filled, { bookingType: 'monthly' });
    expect(monthly.endDate).toBe('2026-04-02');
    expect(changeFormBooking(monthly, { startDate: '2026-03-10' }).endDate).toBe('2026-04-09');
  });

  it.each([
    ['', 0],
    ['x', 0],
    ['-2', 1],
    ['0', 1],
    ['5', 5],
    ['40', 20],
  ])('reads the guards box %j as %d, an empty box counting as 1', (raw, expected) => {
    expect(guardsFromInput(raw)).toBe(expected);
    expect(guardsOf({ ...filled, guards: expected })).toBe(expected || 1);
  });

  it('sends only the fields of the booking type', () => {
    expect(toFormBookingInput(filled, null)).toEqual({
      serviceType: 'vip',
      bookingType: 'hourly',
      startDate: '2026-03-03',
      startTime: '09:00',
      endTime: '17:00',
      location: 'Karen',
      guards: 1,
      notes: null,
      guardId: null,
    });
    const night = toFormBookingInput({ ...filled, bookingType: 'daily', shiftType: 'night', endDate: '2026-03-04' }, null);
    expect(night).toMatchObject({ endDate: '2026-03-04', shiftType: 'night' });
    expect(night).not.toHaveProperty('startTime');
  });

  it('prices with the form’s own rates once the schedule is valid', () => {
    expect(liveFormQuote(filled, formBookingErrors(filled, now))?.price).toBe(2000 * 8);
    const night = { ...filled, bookingType: 'daily' as const, shiftType: 'night' as const, endDate: '2026-03-04', guards: 2 };
    expect(liveFormQuote(night, formBookingErrors(night, now))?.breakdown).toBe('2 guards × 2 days × 12 hours × KES 2,000/hour');
    const short = { ...filled, endTime: '12:00' };
    expect(formBookingErrors(short, now).endTime).toBe('Minimum booking is 6 hours.');
    expect(liveFormQuote(short, formBookingErrors(short, now))).toBeNull();
  });
});
