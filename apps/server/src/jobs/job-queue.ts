/**
 * Work that must happen later or outside the request: hold expiry, e-mails, SMS, payment re-checks.
 * Backed by pg-boss on the same database in the running app, so jobs survive restarts and several
 * copies of the server share them.
 */
export const JOB_NAMES = ['booking-hold-expiry'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobPayloads {
  'booking-hold-expiry': { bookingId: string };
}

export interface JobQueue {
  enqueue<N extends JobName>(name: N, data: JobPayloads[N], options?: { startAfter?: Date }): Promise<void>;
}

export type JobHandlers = { [N in JobName]: (data: JobPayloads[N]) => Promise<void> };
