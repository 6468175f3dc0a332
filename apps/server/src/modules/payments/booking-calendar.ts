/**
 * A calendar invitation (RFC 5545) for a confirmed booking, attached to the client's e-mail. Built
 * by hand: it is a few lines of text, and times are written in UTC so no time-zone table is needed.
 */
import { PRODUCT_NAME } from '@ops/shared/constants';
import type { BookingSummary } from './payment-bookings.repo.ts';
import { bookingLengthText, bookingPlace, bookingServiceLabel } from './booking-text.ts';

/** 2026-03-14T06:00:00.000Z → 20260314T060000Z */
export const icsInstant = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every kind of line break
 * (CRLF, a lone CR or LF, and the Unicode ones) written as \\n, and the other control characters,
 * which TEXT may not hold, dropped. So nothing a client types can end the line or start a property.
 */
export const icsText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\\n')
    // eslint-disable-next-line no-control-regex -- control characters are what is being removed
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');

/**
 * Lines longer than 75 octets continue on the next line after a space, never inside a character.
 * A line never holds a CR or LF of its own (values go through icsText; this is the last guard).
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line.replace(/[\r\n]/g, '')) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * What the invitation does in the calendar: PUBLISH adds or moves the event, CANCEL removes it. The
 * UID stays the booking's; each change carries a higher SEQUENCE, so calendar apps update the event
 * they have instead of adding a second one. The booking keeps its sequence (`calendar_sequence`):
 * 0 when confirmed, one more with each move; a cancellation goes out one above the last.
 */
export interface CalendarChange {
  method: 'PUBLISH' | 'CANCEL';
  sequence: number;
}
/** The event as the booking stands now: its first invitation, or the latest move. */
export const currentEvent = (b: Pick<BookingSummary, 'calendarSequence'>): CalendarChange => ({ method: 'PUBLISH', sequence: b.calendarSequence });
/** The event removed: one above the booking's last sequence. */
export const cancelledEvent = (b: Pick<BookingSummary, 'calendarSequence'>): CalendarChange => ({ method: 'CANCEL', sequence: b.calendarSequence + 1 });

export function bookingCalendarInvite(b: BookingSummary, appUrl: string, stamp: Date, change: CalendarChange = currentEvent(b)): string {
  const host = new URL(appUrl).hostname || 'opssecurity.co.ke';
  const summary = `${PRODUCT_NAME}: ${bookingServiceLabel(b)} (${b.reference})`;
  const description = [
    `Booking ${b.reference}`,
    `${b.teamSize} guard${b.teamSize === 1 ? '' : 's'}, ${b.bookingType}, ${bookingLengthText(b)}`,
    ...(b.guardName ? [`Guard: ${b.guardName}`] : []),
    ...(b.notes ? [`Notes: ${b.notes}`] : []),
  ].join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${PRODUCT_NAME}//Bookings//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${change.method}`,
    'BEGIN:VEVENT',
    `UID:booking-${b.id}@${host}`,
    `SEQUENCE:${change.sequence}`,
    `DTSTAMP:${icsInstant(stamp)}`,
    `DTSTART:${icsInstant(b.startTime)}`,
    `DTEND:${icsInstant(b.endTime)}`,
    `SUMMARY:${icsText(summary)}`,
    `LOCATION:${icsText(bookingPlace(b))}`,
    `DESCRIPTION:${icsText(description)}`,
    `STATUS:${change.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
