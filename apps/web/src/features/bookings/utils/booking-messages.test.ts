import { describe, expect, it } from 'vitest';
import { bookingCreatedDetail, bookingHeldWhilePaying, holdTimeLeft } from './booking-messages.ts';

const now = Date.parse('2026-11-30T09:00:00Z');
const heldFor = (ms: number) => ({ reference: 'OPS-ABC234', holdExpiresAt: new Date(now + ms).toISOString() });

describe('how long a new booking is held, as the server says', () => {
  it('reads the hold from holdExpiresAt: 30 minutes for a short booking, 10 for one longer than a day', () => {
    expect(bookingCreatedDetail(heldFor(30 * 60_000), now)).toBe('Booking OPS-ABC234 is held for you for 30 minutes. Complete payment to confirm it.');
    expect(bookingCreatedDetail(heldFor(10 * 60_000), now)).toBe('Booking OPS-ABC234 is held for you for 10 minutes. Complete payment to confirm it.');
    expect(bookingHeldWhilePaying(heldFor(10 * 60_000), now)).toBe('Booking OPS-ABC234 is held for you for 10 minutes while you pay.');
  });

  it('rounds to whole minutes and never says less than one', () => {
    expect(holdTimeLeft(heldFor(9 * 60_000 + 50_000), now)).toBe('10 minutes');
    expect(holdTimeLeft(heldFor(70_000), now)).toBe('1 minute');
    expect(holdTimeLeft(heldFor(-5 * 60_000), now)).toBe('1 minute');
  });
});
