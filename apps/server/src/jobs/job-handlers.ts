/**
 * What each job does. The same handlers run under pg-boss in the server and directly in tests.
 * A handler that throws is retried by the queue (with back-off), so each one is safe to repeat.
 */
import type { AppDeps } from '../lib/context.ts';
import { sendEnrollmentEmail } from '../modules/academy/enrollment-notices.ts';
import { releaseOverdueCashEnrollments } from '../modules/academy/enrollment-deadlines.service.ts';
import { runCertificateBatch } from '../modules/certificates/certificate-batch.service.ts';
import { sendCertificateEmail } from '../modules/certificates/certificate-email.service.ts';
import { expireLapsedHolds } from '../modules/bookings/booking-holds.service.ts';
import { sendCredentialReminderEmail, sendCredentialReminders } from '../modules/guards/credential-reminders.service.ts';
import {
  sendBookingCancelledNotice,
  sendBookingMovedNotice,
  sendBookingConfirmation,
  sendRefundNotice,
} from '../modules/payments/payment-notices.service.ts';
import { followUpRefund, REFUND_CLAIM_MS, requestOwedRefund } from '../modules/payments/payment-refund.service.ts';
import { recheckPayment } from '../modules/payments/payment-status.service.ts';
import { sendShiftEmail, sendShiftSms } from '../modules/shifts/shift-notices.service.ts';
import type { JobHandlers } from './job-queue.ts';

/** `deps` is read when a job runs: the queue starts before the app it serves is assembled. */
export function createJobHandlers(deps: () => AppDeps): JobHandlers {
  return {
    // Bookings no longer queue this (the hold sweeper releases lapsed holds); it stays for jobs
    // that databases made by earlier versions still hold.
    'booking-hold-expiry': async () => {
      const { db, clock, logger } = deps();
      await expireLapsedHolds(db, clock(), logger);
    },
    'payment-recheck': ({ paymentId, attempt }) => recheckPayment(deps(), paymentId, attempt),
    'payment-refund': async ({ paymentId, followUp }) => {
      const d = deps();
      const requested = await requestOwedRefund(d, paymentId);
      // Another request is under way or never answered: look again once its claim has gone stale.
      if (requested === 'busy')
        await d.jobs.enqueue('payment-refund', { paymentId }, { startAfter: new Date(d.clock().getTime() + REFUND_CLAIM_MS + 1000) });
      // Requested earlier and still open at the provider: ask how it is going.
      if (requested === 'nothing' && followUp) await followUpRefund(d, paymentId);
    },
    'send-booking-confirmation': ({ bookingId, channel }) => sendBookingConfirmation(deps(), bookingId, channel),
    'send-payment-refund-notice': ({ paymentId }) => sendRefundNotice(deps(), paymentId),
    'send-booking-cancelled': ({ bookingId }) => sendBookingCancelledNotice(deps(), bookingId),
    'send-booking-moved': (move) => sendBookingMovedNotice(deps(), move),
    'credential-reminders': async () => {
      await sendCredentialReminders(deps());
    },
    'send-credential-reminder': (reminder) => sendCredentialReminderEmail(deps(), reminder),
    'send-enrollment-email': ({ enrollmentId, kind }) => sendEnrollmentEmail(deps(), enrollmentId, kind),
    'enrollment-cash-deadlines': async () => {
      await releaseOverdueCashEnrollments(deps());
    },
    'certificate-batch': ({ batchId }) => runCertificateBatch(deps(), batchId),
    'send-certificate-email': ({ certificateId }) => sendCertificateEmail(deps(), certificateId),
    'send-shift-email': (data) => sendShiftEmail(deps(), data),
    'send-shift-sms': (data) => sendShiftSms(deps(), data),
  };
}
