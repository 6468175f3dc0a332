/**
 * Messages to the client after the money moved, sent by jobs after the transaction: a failed
 * e-mail or SMS is retried by the queue and never undoes a payment.
 */
import type { AppDeps } from '../../lib/context.ts';
import { SmsSendError } from '../../providers/sms/sms-sender.ts';
import type { JobPayloads } from '../../jobs/job-queue.ts';
import {
  bookingCancelledEmail,
  bookingConfirmationEmail,
  bookingConfirmedSms,
  bookingMovedEmail,
  bookingTakenOffEmail,
  refundNoticeEmail,
} from './booking-messages.ts';
import { findBookingGuardContacts, findBookingSummary, findGuardContacts } from './payment-bookings.repo.ts';
import { settlementHandler } from './payment-settlement-handlers.ts';
import { findPayment, findPaymentView } from './payments.repo.ts';

type BookingMove = JobPayloads['send-booking-moved'];

export type NoticeDeps = Pick<AppDeps, 'db' | 'mailer' | 'sms' | 'logger' | 'clock' | 'config'>;

/** The 'send-booking-confirmation' job: the e-mail with its calendar invitation, or the SMS. */
export async function sendBookingConfirmation(deps: NoticeDeps, bookingId: string, channel: 'email' | 'sms'): Promise<void> {
  const booking = await findBookingSummary(deps.db, bookingId);
  // Cancelled and refunded since: a confirmation now would be wrong.
  if (!booking || booking.status !== 'confirmed') {
    deps.logger.info({ bookingId, status: booking?.status }, 'booking no longer confirmed; confirmation not sent');
    return;
  }
  if (channel === 'email') {
    // One identity for every try: a job run twice (a crash after sending) leaves one message.
    await deps.mailer.send({
      ...bookingConfirmationEmail(booking, deps.config.appUrl, deps.clock()),
      idempotencyKey: `booking-confirmation-${bookingId}`,
    });
    return;
  }
  if (!booking.clientPhone) return;
  try {
    await deps.sms.send({ to: booking.clientPhone, message: bookingConfirmedSms(booking), idempotencyKey: `booking-confirmation-${bookingId}` });
  } catch (err) {
    // A refused number or sender stays refused: retrying would only repeat the refusal.
    if (err instanceof SmsSendError && err.kind === 'rejected') {
      deps.logger.error({ err, bookingId }, 'booking confirmation SMS refused; not retried');
      return;
    }
    throw err;
  }
}

const CANCELLED_BY_WORDS = { client: 'the client cancelled it', admin: 'the OPS office cancelled it', system: 'it was cancelled' } as const;

/**
 * The 'send-booking-cancelled' job, queued when a confirmed booking is cancelled: the client and
 * each guard on it get an e-mail whose calendar update removes the event the confirmation added.
 */
export async function sendBookingCancelledNotice(deps: NoticeDeps, bookingId: string): Promise<void> {
  const booking = await findBookingSummary(deps.db, bookingId);
  if (booking?.status !== 'cancelled') return;
  const who = CANCELLED_BY_WORDS[booking.cancelledBy ?? 'system'];
  const people = [{ email: booking.clientEmail, name: booking.clientName }, ...(await findBookingGuardContacts(deps.db, bookingId))];
  for (const person of people) {
    await deps.mailer.send({
      ...bookingCancelledEmail(booking, person, who, deps.config.appUrl, deps.clock()),
      idempotencyKey: `booking-cancelled-${bookingId}-${person.email}`,
    });
  }
}

/**
 * The 'send-booking-moved' job, queued with each move of a paid booking: the client and each guard
 * on it get the new time and a calendar update that moves the event. A later move or a cancellation
 * sends its own update instead, so a stale one is not sent. A guard the move took off gets an update
 * that removes the event at its old time, whatever happened to the booking since, unless they are
 * back on it.
 */
export async function sendBookingMovedNotice(deps: NoticeDeps, move: BookingMove): Promise<void> {
  const booking = await findBookingSummary(deps.db, move.bookingId);
  if (!booking) return;
  const previous = { startTime: new Date(move.previousStart), endTime: new Date(move.previousEnd) };
  const onBooking = await findBookingGuardContacts(deps.db, move.bookingId);
  const back = new Set(onBooking.map((g) => g.email));
  for (const guard of await findGuardContacts(deps.db, move.guardsTakenOff ?? [])) {
    if (back.has(guard.email)) continue;
    await deps.mailer.send({
      ...bookingTakenOffEmail(booking, guard, previous, move.sequence, deps.config.appUrl, deps.clock()),
      idempotencyKey: `booking-moved-${move.bookingId}-${move.sequence}-off-${guard.email}`,
    });
  }
  if (booking.status !== 'confirmed' || booking.calendarSequence !== move.sequence) return;
  const people = [{ email: booking.clientEmail, name: booking.clientName }, ...onBooking];
  for (const person of people) {
    await deps.mailer.send({
      ...bookingMovedEmail(booking, person, previous, deps.config.appUrl, deps.clock()),
      idempotencyKey: `booking-moved-${move.bookingId}-${move.sequence}-${person.email}`,
    });
  }
}

/** The 'send-payment-refund-notice' job: tells the client why and how much is coming back. */
export async function sendRefundNotice(deps: NoticeDeps, paymentId: string): Promise<void> {
  const view = await findPaymentView(deps.db, paymentId);
  if (!view) {
    // A course fee given back: the academy words the e-mail.
    const payment = await findPayment(deps.db, paymentId);
    if (payment?.enrollmentId) await settlementHandler('enrollment').sendRefundNotice(deps, payment);
    return;
  }
  if (!view.payment.refundedAmount || !view.payment.bookingId) return;
  const booking = await findBookingSummary(deps.db, view.payment.bookingId);
  if (!booking) return;
  await deps.mailer.send({
    ...refundNoticeEmail(
      {
        to: booking.clientEmail,
        clientName: booking.clientName,
        reference: booking.reference,
        amount: view.payment.refundedAmount,
        reason: view.payment.failureReason ?? '',
      },
      deps.config.appUrl,
    ),
    idempotencyKey: `payment-refund-${paymentId}`,
  });
}
