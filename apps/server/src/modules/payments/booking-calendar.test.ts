import { describe, expect, it } from 'vitest';
import { bookingCalendarInvite, foldIcsLine, icsText } from './booking-calendar.ts';
import type { BookingSummary } from './payment-bookings.repo.ts';

const booking: BookingSummary = {
  id: '0b7d3c1e-1111-4111-8111-111111111111', reference: 'OPS-ABC234', status: 'confirmed', paymentStatus: 'paid',
  serviceType: 'elite', bookingType: 'daily', teamSize: 2, area: 'Karen', address: 'Plot 7, Karen Road; gate B', notes: 'Ask for Wanjiru\nat reception',
  startTime: new Date('2026-03-14T06:00:00Z'), endTime: new Date('2026-03-16T06:00:00Z'), durationHours: 48, price: 28_800,
  clientProfileId: 'c', clientName: 'Njeri Kamau', clientCompanyName: null, clientPhone: null, clientEmail: 'njeri@example.co.ke',
  guardProfileId: 'g', guardName: 'Otieno Juma',
};

describe('the calendar invitation of a booking', () => {
  it('is a VCALENDAR with the booking’s UTC times, place and summary, lines ending in CRLF', () => {
    const ics = bookingCalendarInvite(booking, 'https://ops.example.co.ke', new Date('2026-03-10T09:30:00Z'));
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('UID:booking-0b7d3c1e-1111-4111-8111-111111111111@ops.example.co.ke');
    expect(lines).toContain('DTSTAMP:20260310T093000Z');
    expect(lines).toContain('DTSTART:20260314T060000Z');
    expect(lines).toContain('DTEND:20260316T060000Z');
    expect(lines).toContain('SUMMARY:OPS Security: Elite Protection (OPS-ABC234)');
    expect(lines).toContain('LOCATION:Plot 7\\, Karen Road\\; gate B\\, Karen');
    expect(ics).toContain('Notes: Ask for Wanjiru\\nat reception');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    expect(icsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const folded = foldIcsLine(`DESCRIPTION:${'é'.repeat(60)}`);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(`DESCRIPTION:${'é'.repeat(60)}`);
  });
});
