/**
 * The words people read when a booking is paid: the bell's summary for the guard and the admins,
 * the client's SMS, and the client's e-mails. Times are shown in Nairobi, whatever the server's zone.
 */
import { PRODUCT_NAME } from '@ops/shared/constants';
import { formatKes } from '@ops/shared/money';
import { escapeHtml, headerText, mailLayout } from '../../providers/mail/mail-layout.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { bookingCalendarInvite, cancelledEvent } from './booking-calendar.ts';
import { bookingArea, bookingLengthText, bookingPlace, bookingServiceLabel, bookingWhen, clientDisplayName, plural } from './booking-text.ts';
import type { BookingSummary } from './payment-bookings.repo.ts';

/** The specification's summary: service, guards, type, date, time, duration, location, client name. */
export function bookingConfirmedMessage(b: BookingSummary): string {
  return [
    `Booking ${b.reference} is paid and confirmed`,
    `${bookingServiceLabel(b)}, ${plural(b.teamSize, 'guard')}, ${b.bookingType}`,
    bookingWhen(b.startTime, b.endTime),
    bookingLengthText(b),
    bookingPlace(b),
    `client ${clientDisplayName(b)}`,
  ].join(' · ');
}

export function bookingConfirmedSms(b: BookingSummary): string {
  return `${PRODUCT_NAME}: booking ${b.reference} is confirmed. ${bookingServiceLabel(b)}, ${plural(b.teamSize, 'guard')}, ${bookingWhen(b.startTime, b.endTime)}, ${bookingArea(b)}. Paid ${formatKes(b.price)}. Thank you.`;
}

export function bookingConfirmationEmail(b: BookingSummary, appUrl: string, sentAt: Date): MailMessage {
  const rows: [string, string][] = [
    ['Booking', b.reference],
    ['Service', `${bookingServiceLabel(b)}, ${plural(b.teamSize, 'guard')} (${b.bookingType})`],
    ['When', bookingWhen(b.startTime, b.endTime)],
    ['Duration', bookingLengthText(b)],
    ['Where', bookingPlace(b)],
    ...(b.guardName ? [['Guard', b.guardName] as [string, string]] : []),
    ['Paid', formatKes(b.price)],
  ];
  const table = rows
    .map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#555">${escapeHtml(k)}</td><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`)
    .join('');
  const dashboard = `${appUrl.replace(/\/+$/, '')}/dashboard`;
  return {
    to: b.clientEmail,
    subject: headerText(`Booking ${b.reference} confirmed`),
    text: `Hello ${b.clientName},\n\nThank you! Your payment was received and your booking is confirmed.\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nThe attached calendar invitation adds it to your calendar. Your bookings: ${dashboard}`,
    html: mailLayout(
      'Thank you! Payment Successful!',
      `<p>Hello ${escapeHtml(b.clientName)}, your payment was received and your booking is confirmed.</p><table>${table}</table><p>The attached invitation adds it to your calendar.</p>`,
      { label: 'View My Bookings', url: dashboard },
    ),
    attachments: [
      {
        filename: `booking-${b.reference}.ics`,
        content: bookingCalendarInvite(b, appUrl, sentAt),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
    primaryLink: dashboard,
  };
}

/**
 * A paid booking was moved to a new start: the client and each guard on it get this, with an
 * invitation that moves the event in their calendar (same UID, the move's SEQUENCE).
 */
export function bookingMovedEmail(
  b: BookingSummary,
  to: { email: string; name: string },
  previous: { startTime: Date; endTime: Date },
  appUrl: string,
  sentAt: Date,
): MailMessage {
  const dashboard = `${appUrl.replace(/\/+$/, '')}/dashboard`;
  const what = `Booking ${b.reference} (${bookingServiceLabel(b)}, ${bookingArea(b)}) has moved to ${bookingWhen(b.startTime, b.endTime)}. It was ${bookingWhen(previous.startTime, previous.endTime)}.`;
  const calendar = 'The attached update moves it in your calendar.';
  return {
    to: to.email,
    subject: headerText(`Booking ${b.reference} moved`),
    text: `Hello ${to.name},\n\n${what}\n${calendar}\n\nYour bookings: ${dashboard}`,
    html: mailLayout('Booking moved', `<p>Hello ${escapeHtml(to.name)}, ${escapeHtml(what)}</p><p>${escapeHtml(calendar)}</p>`, {
      label: 'View My Bookings',
      url: dashboard,
    }),
    attachments: [
      {
        filename: `booking-${b.reference}.ics`,
        content: bookingCalendarInvite(b, appUrl, sentAt),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
    primaryLink: dashboard,
  };
}

/**
 * A paid booking was cancelled: the client and each guard on it get this, with an invitation that
 * removes the event from their calendar (same UID, higher SEQUENCE, METHOD:CANCEL).
 */
export function bookingCancelledEmail(b: BookingSummary, to: { email: string; name: string }, who: string, appUrl: string, sentAt: Date): MailMessage {
  const dashboard = `${appUrl.replace(/\/+$/, '')}/dashboard`;
  const what = `Booking ${b.reference} (${bookingServiceLabel(b)}, ${bookingWhen(b.startTime, b.endTime)}, ${bookingArea(b)}) is cancelled: ${who}.`;
  const calendar = 'The attached update removes it from your calendar.';
  return {
    to: to.email,
    subject: headerText(`Booking ${b.reference} cancelled`),
    text: `Hello ${to.name},\n\n${what}\n${calendar}\n\nYour bookings: ${dashboard}`,
    html: mailLayout('Booking cancelled', `<p>Hello ${escapeHtml(to.name)}, ${escapeHtml(what)}</p><p>${escapeHtml(calendar)}</p>`, {
      label: 'View My Bookings',
      url: dashboard,
    }),
    attachments: [
      {
        filename: `booking-${b.reference}.ics`,
        content: bookingCalendarInvite(b, appUrl, sentAt, cancelledEvent(b)),
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
      },
    ],
    primaryLink: dashboard,
  };
}

/**
 * A guard taken off a booking when the client moved it to a time the guard cannot work: the update
 * removes the event at its old time from the guard's calendar (same UID, the move's SEQUENCE,
 * METHOD:CANCEL); the booking goes on without them.
 */
export function bookingTakenOffEmail(
  b: BookingSummary,
  to: { email: string; name: string },
  previous: { startTime: Date; endTime: Date },
  sequence: number,
  appUrl: string,
  sentAt: Date,
): MailMessage {
  const dashboard = `${appUrl.replace(/\/+$/, '')}/dashboard`;
  const was = { ...b, ...previous };
  const what = `You are no longer on booking ${b.reference} (${bookingServiceLabel(b)}, ${bookingWhen(previous.startTime, previous.endTime)}, ${bookingArea(b)}): the client moved it to a time you cannot work.`;
  const calendar = 'The attached update removes it from your calendar.';
  return {
    to: to.email,
    subject: headerText(`You are off booking ${b.reference}`),
    text: `Hello ${to.name},\n\n${what}\n${calendar}\n\nYour bookings: ${dashboard}`,
    html: mailLayout('Off a booking', `<p>Hello ${escapeHtml(to.name)}, ${escapeHtml(what)}</p><p>${escapeHtml(calendar)}</p>`, {
      label: 'View My Bookings',
      url: dashboard,
    }),
    attachments: [
      {
        filename: `booking-${b.reference}.ics`,
        content: bookingCalendarInvite(was, appUrl, sentAt, { method: 'CANCEL', sequence }),
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
      },
    ],
    primaryLink: dashboard,
  };
}

export interface RefundNotice {
  to: string;
  clientName: string;
  reference: string;
  amount: number;
  reason: string;
}

export function refundNoticeEmail(n: RefundNotice, appUrl: string): MailMessage {
  const dashboard = `${appUrl.replace(/\/+$/, '')}/dashboard`;
  const what = `We are refunding ${formatKes(n.amount)} for booking ${n.reference}.`;
  const later = 'Refunds by M-Pesa or card can take a few days to reach you.';
  return {
    to: n.to,
    subject: headerText(`Refund for booking ${n.reference}`),
    text: `Hello ${n.clientName},\n\n${what}\n${n.reason}\n\n${later}\nYour bookings: ${dashboard}`,
    html: mailLayout(
      'Your money is on its way back',
      `<p>Hello ${escapeHtml(n.clientName)}, ${escapeHtml(what)}</p><p>${escapeHtml(n.reason)}</p><p>${escapeHtml(later)}</p>`,
      { label: 'View My Bookings', url: dashboard },
    ),
    primaryLink: dashboard,
  };
}
