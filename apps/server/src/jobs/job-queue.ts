/**
 * Work that must happen later or outside the request: e-mails, SMS, payment re-checks and refunds.
 * Backed by pg-boss on the same database in the running app, so jobs survive restarts and several
 * copies of the server share them.
 */
export const JOB_NAMES = ['booking-hold-expiry', 'payment-recheck', 'payment-refund', 'send-booking-confirmation', 'send-payment-refund-notice'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobPayloads {
  'booking-hold-expiry': { bookingId: string };
  /** Ask the provider again about a payment still pending; `attempt` sets the next back-off. */
  'payment-recheck': { paymentId: string; attempt: number };
  /** Request (again) a refund the payment row says is owed. */
  'payment-refund': { paymentId: string };
  /** One job per channel, so a failed SMS is retried without sending the e-mail twice. */
  'send-booking-confirmation': { bookingId: string; channel: 'email' | 'sms' };
  /** Tell the client their money was given back (paid too late for the slot, or paid twice). */
  'send-payment-refund-notice': { paymentId: string };
}

/** 'starting' while the queue is being set up (jobs enqueued meanwhile wait for it), 'down' if it could not start. */
export type JobQueueStatus = 'starting' | 'up' | 'down';

export interface JobQueue {
  enqueue<N extends JobName>(name: N, data: JobPayloads[N], options?: { startAfter?: Date }): Promise<void>;
  status(): JobQueueStatus;
}

export type JobHandlers = { [N in JobName]: (data: JobPayloads[N]) => Promise<void> };
