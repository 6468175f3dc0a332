/**
 * When a client may move a paid booking to a new start (decision 030): the same service, guards
 * and length, so the same price. Pure: the policy (Settings), the booking, the request and `now`
 * come in; the server and the dialog use the same rules and words. Each boundary is to the minute,
 * in Africa/Nairobi.
 *
 * Defaults: up to 24 hours before the start, at most twice per booking.
 */
import { BOOKING_MESSAGES, checkDate, checkStart, checkTime, readOptions, type FieldErrors } from './booking-rules.ts';
import { nairobiInstant } from './nairobi-time.ts';

const HOUR_MS = 3_600_000;

/** The policy's defaults and bounds (Settings; the database's check holds the same bounds). */
export const RESCHEDULE_SETTINGS = {
  noticeHours: { default: 24, min: 0, max: 720 },
  maxMoves: { default: 2, min: 0, max: 10 },
} as const;

export interface ReschedulePolicy {
  /** A booking may be moved until this many hours before its start (0: until the start). */
  noticeHours: number;
  /** How many times one booking may be moved (0: clients cannot move bookings). */
  maxMoves: number;
}

export const DEFAULT_RESCHEDULE_POLICY: ReschedulePolicy = {
  noticeHours: RESCHEDULE_SETTINGS.noticeHours.default,
  maxMoves: RESCHEDULE_SETTINGS.maxMoves.default,
};

const hours = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;
const times = (n: number) => `${n} time${n === 1 ? '' : 's'}`;

/** The notice in words: 'A booking can be moved up to 24 hours before its start'. */
export const rescheduleNoticeText = (noticeHours: number): string =>
  noticeHours === 0 ? 'A booking can be moved until its start' : `A booking can be moved up to ${hours(noticeHours)} before its start`;

export const RESCHEDULE_MESSAGES = {
  notPaid: 'Only a paid, confirmed booking can be moved. Cancel this one and book again instead.',
  noMoves: 'Bookings cannot be moved online. Cancel this one and book again, or call the OPS office.',
  tooLate: (p: Pick<ReschedulePolicy, 'noticeHours'>): string =>
    `${rescheduleNoticeText(p.noticeHours)}. This one ${p.noticeHours === 0 ? 'has started' : 'starts sooner'}: cancel it, or call the OPS office.`,
  /** `moved` is more than the most when the policy was lowered after the booking was moved. */
  tooMany: (p: Pick<ReschedulePolicy, 'maxMoves'>, moved = p.maxMoves): string => {
    const most = moved > p.maxMoves ? `and a booking can be moved at most ${times(p.maxMoves)}` : 'the most allowed';
    return `This booking has been moved ${times(moved)} already, ${most}. Cancel it, or call the OPS office.`;
  },
  sameTime: 'Choose a start other than the booking’s current one.',
} as const;

export interface ReschedulableBooking {
  status: string;
  paymentStatus: string;
  startTime: Date;
  rescheduleCount: number;
}

/** Why this booking cannot be moved now under the policy, or null when it can. */
export function rescheduleRefusal(policy: ReschedulePolicy, b: ReschedulableBooking, now: Date): string | null {
  if (b.status !== 'confirmed' || b.paymentStatus !== 'paid') return RESCHEDULE_MESSAGES.notPaid;
  if (policy.maxMoves === 0) return RESCHEDULE_MESSAGES.noMoves;
  if (b.startTime.getTime() - now.getTime() < policy.noticeHours * HOUR_MS) return RESCHEDULE_MESSAGES.tooLate(policy);
  if (b.rescheduleCount >= policy.maxMoves) return RESCHEDULE_MESSAGES.tooMany(policy, b.rescheduleCount);
  return null;
}

/** How many more moves the booking has under the policy. */
export const movesLeft = (policy: Pick<ReschedulePolicy, 'maxMoves'>, b: Pick<ReschedulableBooking, 'rescheduleCount'>): number =>
  Math.max(0, policy.maxMoves - b.rescheduleCount);

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
