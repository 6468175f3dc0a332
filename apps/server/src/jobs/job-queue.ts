/**
 * Work that must happen later or outside the request: e-mails, SMS, payment re-checks and refunds.
 * A job is written to the outbox table, in the transaction of the change it follows when there is
 * one, and relayed into pg-boss on the same database: jobs survive crashes and restarts, and several
 * copies of the server share them. Every handler may run more than once (the queue retries), so
 * each is safe to repeat.
 */
import type { Executor } from '../db/client.ts';

export const JOB_NAMES = [
  'booking-hold-expiry',
  'payment-recheck',
  'payment-refund',
  'send-booking-confirmation',
  'send-payment-refund-notice',
  'send-booking-cancelled',
  'send-booking-moved',
  'credential-reminders',
  'send-credential-reminder',
  'send-enrollment-email',
  'enrollment-cash-deadlines',
  'certificate-batch',
  'send-certificate-email',
  'send-shift-email',
  'send-shift-sms',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobPayloads {
  'booking-hold-expiry': { bookingId: string };
  /** Ask the provider again about a payment still pending; `attempt` sets the next back-off. */
  'payment-recheck': { paymentId: string; attempt: number };
  /**
   * Request (again) a refund the payment row says is owed; with `followUp`, also ask the provider
   * how a refund already requested is going (IntaSend's complete days later).
   */
  'payment-refund': { paymentId: string; followUp?: boolean };
  /** One job per channel, so a failed SMS is retried without sending the e-mail twice. */
  'send-booking-confirmation': { bookingId: string; channel: 'email' | 'sms' };
  /** Tell the client their money was given back (paid too late for the slot, or paid twice). */
  'send-payment-refund-notice': { paymentId: string };
  /** A confirmed booking was cancelled: the client and its guards get the calendar update that removes it. */
  'send-booking-cancelled': { bookingId: string };
  /**
   * A paid booking was moved: the client and its guards get the calendar update with the new time
   * (`sequence`: the move's); the guards it took off (profile ids) get the one that removes the old.
   */
  'send-booking-moved': { bookingId: string; sequence: number; previousStart: string; previousEnd: string; guardsTakenOff?: string[] };
  /** Tell guards whose PSRA licence or police clearance expires within 30 or 7 days (queued hourly; each reminder goes once). */
  'credential-reminders': Record<string, never>;
  /** The e-mail of one credential reminder already claimed and noticed in the app. */
  'send-credential-reminder': { guardProfileId: string; credential: 'psra_licence' | 'police_clearance'; expiresOn: string; daysBefore: number };
  /** A student's e-mail about their enrolment: the cash confirmation, the payment received, the seat released. */
  'send-enrollment-email': { enrollmentId: string; kind: 'cash_confirmation' | 'paid' | 'released' | 'approved' | 'rejected' | 'cancelled' };
  /** Release cash enrolments not paid by their deadline (queued hourly; safe to repeat). */
  'enrollment-cash-deadlines': Record<string, never>;
  /** "Generate for cohort": issue every qualifying student's certificate, counting as it goes (safe to repeat). */
  'certificate-batch': { batchId: string };
  /** The student's e-mail with their new certificate attached. */
  'send-certificate-email': { certificateId: string };
  /** A shift notice by e-mail (reminder, alert, completion); `whileConfirmed`: not sent once the booking is no longer confirmed. */
  'send-shift-email': {
    to: string;
    subject: string;
    text: string;
    link: string;
    linkLabel: string;
    key: string;
    bookingId: string;
    whileConfirmed: boolean;
  };
  /** The same by SMS. */
  'send-shift-sms': { to: string; message: string; key: string; bookingId: string; whileConfirmed: boolean };
}

/** 'starting' while the queue is being set up (jobs enqueued meanwhile wait for it), 'down' if it could not start. */
export type JobQueueStatus = 'starting' | 'up' | 'down';

export interface EnqueueOptions {
  /** Not before this time. */
  startAfter?: Date;
  /**
   * The transaction of the change this job follows: the job is stored if and only if the change
   * commits. Without it the job is stored at once, on its own.
   */
  tx?: Executor;
}

export interface JobQueue {
  enqueue<N extends JobName>(name: N, data: JobPayloads[N], options?: EnqueueOptions): Promise<void>;
  status(): JobQueueStatus;
}

export type JobHandlers = { [N in JobName]: (data: JobPayloads[N]) => Promise<void> };
