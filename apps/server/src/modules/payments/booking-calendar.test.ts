import { describe, expect, it } from 'vitest';
import { bookingCalendarInvite, cancelledEvent, foldIcsLine, icsText } from './booking-calendar.ts';
import type { BookingSummary } from './payment-bookings.repo.ts';

const booking: BookingSummary = {
  id: '0b7d3c1e-1111-4111-8111-111111111111',
  reference: 'OPS-ABC234',
  status: 'confirmed',
  paymentStatus: 'paid',
  cancelledBy: null,
  serviceType: 'elite',
  bookingType: 'daily',
  shiftType: null,
  teamSize: 2,
  area: 'Karen',
  address: 'Plot 7, Karen Road; gate B',
  notes: 'Ask for Wanjiru\nat reception',
  startTime: new Date('2026-03-14T06:00:00Z'),
  endTime: new Date('2026-03-16T06:00:00Z'),
  durationHours: 48,
  price: 28_800,
  calendarSequence: 0,
  clientProfileId: 'c',
  clientName: 'Njeri Kamau',
  clientCompanyName: null,
  clientPhone: null,
  clientEmail: 'njeri@example.co.ke',
  guardProfileId: 'g',
  guardName: 'Otieno Juma',
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
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('STATUS:CONFIRMED');
  });

  it('moves and then cancels the same event with higher sequences, so calendar apps update it rather than add one', () => {
    const first = bookingCalendarInvite(booking, 'https://ops.example.co.ke', new Date('2026-03-10T09:30:00Z')).split('\r\n');
    const movedBooking = { ...booking, startTime: new Date('2026-03-16T06:00:00Z'), endTime: new Date('2026-03-16T14:00:00Z'), calendarSequence: 1 };
    const moved = bookingCalendarInvite(movedBooking, 'https://ops.example.co.ke', new Date('2026-03-11T09:30:00Z')).split('\r\n');
    const update = bookingCalendarInvite(movedBooking, 'https://ops.example.co.ke', new Date('2026-03-12T09:30:00Z'), cancelledEvent(movedBooking)).split(
      '\r\n',
    );
    const uid = (lines: string[]) => lines.find((l) => l.startsWith('UID:'));
    expect(uid(moved)).toBe(uid(first));
    expect(moved).toEqual(expect.arrayContaining(['METHOD:PUBLISH', 'SEQUENCE:1', 'DTSTART:20260316T060000Z', 'STATUS:CONFIRMED']));
    expect(uid(update)).toBe(uid(first));
    expect(update).toContain('METHOD:CANCEL');
    expect(update).toContain('SEQUENCE:2');
    expect(update).toContain('STATUS:CANCELLED');
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

describe('hostile text in a booking’s invitation', () => {
  const hostile: BookingSummary = {
    ...booking,
    notes: 'Gate 2\r\nATTENDEE;CN=x:mailto:evil@example.com\rEND:VEVENT\nBEGIN:VEVENT\u2028DTSTART:19700101T000000Z\u0085X\u0000\u0007 ;,\\ done',
    address: `Plot 7\r\nLOCATION:Elsewhere ${'Ñairobi ✓ '.repeat(20)}`,
    guardName: 'Otieno\nSUMMARY:Free money\r',
  };
  const ics = bookingCalendarInvite(hostile, 'https://ops.example.co.ke', new Date('2026-03-10T09:30:00Z'));
  const physical = ics.slice(0, -2).split('\r\n');
  const logical = physical.reduce<string[]>(
    (lines, line) => (line.startsWith(' ') ? [...lines.slice(0, -1), `${lines.at(-1) ?? ''}${line.slice(1)}`] : [...lines, line]),
    [],
  );
  const unescape = (value: string) => value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

  it('has no CR or LF except the CRLF ending each line, and every line fits 75 octets', () => {
    for (const line of physical) {
      expect(line).not.toMatch(/[\r\n\u0085\u2028\u2029]/);
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
  });

  it('keeps exactly its own properties: nothing typed in a note, an address or a name starts one', () => {
    expect(logical.map((line) => /^[A-Z-]+(?=[;:])/.exec(line)?.[0])).toEqual([
      'BEGIN',
      'VERSION',
      'PRODID',
      'CALSCALE',
      'METHOD',
      'BEGIN',
      'UID',
      'SEQUENCE',
      'DTSTAMP',
      'DTSTART',
      'DTEND',
      'SUMMARY',
      'LOCATION',
      'DESCRIPTION',
      'STATUS',
      'END',
      'END',
    ]);
  });

  it('still says what was typed, line breaks as line breaks and control characters dropped', () => {
    const description = unescape(logical.find((l) => l.startsWith('DESCRIPTION:'))?.slice('DESCRIPTION:'.length) ?? '');
    expect(description).toContain('Guard: Otieno\nSUMMARY:Free money\n');
    expect(description).toContain('Notes: Gate 2\nATTENDEE;CN=x:mailto:evil@example.com\nEND:VEVENT\nBEGIN:VEVENT\nDTSTART:19700101T000000Z\nX ;,\\ done');
    const location = unescape(logical.find((l) => l.startsWith('LOCATION:'))?.slice('LOCATION:'.length) ?? '');
    expect(location).toBe(`Plot 7\nLOCATION:Elsewhere ${'Ñairobi ✓ '.repeat(20)}, Karen`);
  });
});
