/**
 * When a client may move a paid booking to a new start (decision 030): the same service, guards
 * and length, so the same price. Pure: the booking, the request and `now` come in; the server and
 * the dialog use the same rules and words. Each boundary is to the minute, in Africa/Nairobi.
 */
import { BOOKING_MESSAGES, checkDate, checkStart, checkTime, readOptions, type FieldErrors } from './booking-rules.ts';
import { nairobiInstant } from './nairobi-time.ts';

/** A booking may be moved until this long before its start. */
export const RESCHEDULE_NOTICE_HOURS = 24;
/** How many times one booking may be moved. */
export const RESCHEDULE_MAX = 2;

export const RESCHEDULE_MESSAGES = {
  notPaid: 'Only a paid, confirmed booking can be moved. Cancel this one and book again instead.',
  tooLate: `A booking can be moved up to ${RESCHEDULE_NOTICE_HOURS} hours before its start. This one starts sooner: cancel it, or call the OPS office.`,
  tooMany: `This booking has been moved ${RESCHEDULE_MAX} times already, the most allowed. Cancel it, or call the OPS office.`,
  sameTime: 'Choose a start other than the booking’s current one.',
} as const;

export interface ReschedulableBooking {
  status: string;
  paymentStatus: string;
  startTime: Date;
  rescheduleCount: number;
}

/** Why this booking cannot be moved now, or null when it can. */
export function rescheduleRefusal(b: ReschedulableBooking, now: Date): string | null {
  if (b.status !== 'confirmed' || b.paymentStatus !== 'paid') return RESCHEDULE_MESSAGES.notPaid;
  if (b.startTime.getTime() - now.getTime() < RESCHEDULE_NOTICE_HOURS * 3_600_000) return RESCHEDULE_MESSAGES.tooLate;
  if (b.rescheduleCount >= RESCHEDULE_MAX) return RESCHEDULE_MESSAGES.tooMany;
  return null;
}

/** How many more moves the booking has. */
export const movesLeft = (b: Pick<ReschedulableBooking, 'rescheduleCount'>): number => Math.max(0, RESCHEDULE_MAX - b.rescheduleCount);

/**
 * The new times asked for ('YYYY-MM-DD' and 'HH:mm', Nairobi), checked like a new booking's start
 * (a real date, not in the past, within the advance limit) and not the current start; the end keeps
 * the booking's length. Field errors on `date` and `startTime` otherwise.
 */
export function rescheduledTimes(
  b: { startTime: Date; endTime: Date },
  request: { date?: string | null; startTime?: string | null },
  options: { now: Date; maxAdvanceDays?: number },
): { ok: true; start: Date; end: Date } | { ok: false; errors: FieldErrors } {
  const { today, maxAdvanceDays } = readOptions(options);
  const errors: FieldErrors = {};
  const date = checkDate(request.date, BOOKING_MESSAGES.startDate, 'date', errors);
  const time = checkTime(request.startTime, BOOKING_MESSAGES.startTime, 'startTime', errors);
  const start = date !== null && time !== null ? nairobiInstant(date, time) : null;
  if (date !== null) checkStart({ date, start, dateField: 'date', timeField: 'startTime', today, now: options.now, maxAdvanceDays }, errors);
  if (start === null || Object.keys(errors).length > 0) return { ok: false, errors };
  if (start.getTime() === b.startTime.getTime()) return { ok: false, errors: { startTime: RESCHEDULE_MESSAGES.sameTime } };
  return { ok: true, start, end: new Date(start.getTime() + (b.endTime.getTime() - b.startTime.getTime())) };
}
