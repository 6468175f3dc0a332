/**
 * How a booking is worked on the ground (decision 029): its shifts, when a guard may check in, what
 * makes a check-in 'Verified at site', and the state of each guard's shift that the Today board, the
 * guard's day and the client's report show. Pure: the caller gives the clock.
 */
import type { BookingType } from './booking-labels.ts';
import { nairobiTimeOfDay as timeText } from './nairobi-time.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The shift settings' defaults and bounds (Settings; the database's checks hold the same bounds). */
export const SHIFT_SETTINGS = {
  reminderFirstLeadHours: { default: 24, min: 2, max: 72 },
  reminderSecondLeadHours: { default: 2, min: 1, max: 12 },
  checkInOpensMinutes: { default: 30, min: 0, max: 180 },
  siteRadiusMeters: { default: 200, min: 50, max: 2000 },
  lateGraceMinutes: { default: 15, min: 5, max: 120 },
  completionGraceMinutes: { default: 120, min: 60, max: 24 * 60 },
} as const;

/** What the shift rules read from Settings. */
export interface ShiftSettings {
  reminderFirstLeadHours: number;
  reminderSecondLeadHours: number;
  checkInOpensMinutes: number;
  siteRadiusMeters: number;
  lateGraceMinutes: number;
  completionGraceMinutes: number;
}

export const DEFAULT_SHIFT_SETTINGS: ShiftSettings = {
  reminderFirstLeadHours: SHIFT_SETTINGS.reminderFirstLeadHours.default,
  reminderSecondLeadHours: SHIFT_SETTINGS.reminderSecondLeadHours.default,
  checkInOpensMinutes: SHIFT_SETTINGS.checkInOpensMinutes.default,
  siteRadiusMeters: SHIFT_SETTINGS.siteRadiusMeters.default,
  lateGraceMinutes: SHIFT_SETTINGS.lateGraceMinutes.default,
  completionGraceMinutes: SHIFT_SETTINGS.completionGraceMinutes.default,
};

/** A guard who checked in is flagged when still not checked out this long after the shift's end. */
export const NO_CHECK_OUT_FLAG_MINUTES = 60;

/** A guard not checked in this long after the start (or twice the grace, if longer) is a no-show. */
export const NO_SHOW_AFTER_MINUTES = 60;

export interface ShiftBooking {
  startTime: Date;
  endTime: Date;
  bookingType: BookingType;
  shiftType: 'day' | 'night' | 'custom' | null;
}

/** One stretch of work: the whole of a booking up to 24 hours, or one day of a longer one. */
export interface Shift {
  /** 0 for the first (or only) shift of the booking. */
  index: number;
  start: Date;
  end: Date;
}

/**
 * A booking's shifts. Up to 24 hours it is one shift, across midnight or not. A longer booking is
 * worked a day at a time from its start time: 24-hour days (monthly, custom daily), or 12 hours a day
 * for a daily booking of day or night shifts; the last day ends with the booking.
 */
export function shiftsOf(booking: ShiftBooking): Shift[] {
  const start = booking.startTime.getTime();
  const end = booking.endTime.getTime();
  if (end - start <= DAY_MS) return [{ index: 0, start: new Date(start), end: new Date(end) }];
  const hoursADay = booking.bookingType === 'daily' && (booking.shiftType === 'day' || booking.shiftType === 'night') ? 12 : 24;
  const shifts: Shift[] = [];
  for (let index = 0, from = start; from < end; index += 1, from += DAY_MS) {
    shifts.push({ index, start: new Date(from), end: new Date(Math.min(from + hoursADay * HOUR_MS, end)) });
  }
  return shifts;
}

/** The shift numbered `index`, or null when the booking has no such shift. */
export function shiftNumbered(booking: ShiftBooking, index: number): Shift | null {
  return shiftsOf(booking).find((s) => s.index === index) ?? null;
}

/** When check-in opens for a shift. */
export const checkInOpensAt = (shift: Shift, settings: Pick<ShiftSettings, 'checkInOpensMinutes'>): Date =>
  new Date(shift.start.getTime() - settings.checkInOpensMinutes * MINUTE_MS);

/**
 * The shift a guard is working or may check in to at `now`: the first whose check-in has opened and
 * which has not ended. Null between shifts, before the first and after the last.
 */
export function currentShift(booking: ShiftBooking, now: Date, settings: Pick<ShiftSettings, 'checkInOpensMinutes'>): Shift | null {
  const t = now.getTime();
  return shiftsOf(booking).find((s) => checkInOpensAt(s, settings).getTime() <= t && t < s.end.getTime()) ?? null;
}

/**
 * The shift a check-in pressed at `now` is for: the latest whose check-in has opened and which has
 * not ended. It differs from currentShift only when shifts follow one another (a monthly booking's
 * days): from half an hour before a day's start the guard checks in to that day, not the one ending.
 */
export function shiftToCheckIn(booking: ShiftBooking, now: Date, settings: Pick<ShiftSettings, 'checkInOpensMinutes'>): Shift | null {
  const t = now.getTime();
  return shiftsOf(booking).findLast((s) => checkInOpensAt(s, settings).getTime() <= t && t < s.end.getTime()) ?? null;
}

/** The next shift that has not ended at `now` (the one shown on the guard's day), or null. */
export function nextShift(booking: ShiftBooking, now: Date): Shift | null {
  return shiftsOf(booking).find((s) => now.getTime() < s.end.getTime()) ?? null;
}

/** A position as the phone gives it: degrees and the accuracy radius in metres. */
export interface Position {
  latitude: number;
  longitude: number;
  accuracyMeters: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Letters and digits a person cannot confuse when reading them off a card at the gate (no 0/O, 1/I/L). */
export const SITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SITE_CODE_LENGTH = 6;

/** The code as typed ('k7p-4qx ') in the form it is stored ('K7P4QX'). */
export const normalizeSiteCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]/g, '');

export type SiteVerification = { verified: true; method: 'code' | 'position' } | { verified: false; method: null };

/**
 * 'Verified at site' when the guard gave the booking's site code, or a position whose accuracy and
 * distance from the client's pin are both within the radius in Settings; otherwise not verified.
 * A wrong code is refused before this is asked (the guard can retype it).
 */
export function verifySite(input: {
  codeMatches: boolean;
  position: Position | null;
  pin: { latitude: number; longitude: number } | null;
  radiusMeters: number;
}): SiteVerification {
  if (input.codeMatches) return { verified: true, method: 'code' };
  const { position, pin, radiusMeters } = input;
  if (position && pin && position.accuracyMeters <= radiusMeters && distanceMeters(position, pin) <= radiusMeters) {
    return { verified: true, method: 'position' };
  }
  return { verified: false, method: null };
}

/** What was recorded for one guard on one shift. */
export interface ShiftRecord {
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  incidents: number;
}

/** Why a check-in cannot be recorded at `now`, or null. */
export function checkInRefusal(
  shift: Shift | null,
  record: ShiftRecord | null,
  now: Date,
  settings: Pick<ShiftSettings, 'checkInOpensMinutes'>,
  next: Shift | null,
): string | null {
  if (!shift) {
    if (next && now.getTime() < next.start.getTime()) {
      const opens = checkInOpensAt(next, settings);
      return `Check-in opens ${settings.checkInOpensMinutes} minutes before the shift starts, at ${timeText(opens)}.`;
    }
    return 'This shift has ended, so it can no longer be checked in to.';
  }
  if (record?.checkedInAt) return `You already checked in to this shift at ${timeText(record.checkedInAt)}.`;
  return null;
}

/** Why a check-out cannot be recorded, or null. */
export function checkOutRefusal(record: ShiftRecord | null): string | null {
  if (!record?.checkedInAt) return 'Check in before you check out.';
  if (record.checkedOutAt) return `You already checked out of this shift at ${timeText(record.checkedOutAt)}.`;
  return null;
}

/** The six states a guard's shift shows on the Today board and the guard's day. */
export const SHIFT_STATES = ['upcoming', 'on_post', 'late', 'no_show', 'done', 'incident'] as const;
export type ShiftState = (typeof SHIFT_STATES)[number];

export const SHIFT_STATE_LABELS: Record<ShiftState, string> = {
  upcoming: 'Upcoming',
  on_post: 'On post',
  late: 'Late',
  no_show: 'No-show',
  done: 'Done',
  incident: 'Incident',
};

/** When a guard not yet checked in counts as late, and as a no-show. */
export const lateAt = (shift: Shift, settings: Pick<ShiftSettings, 'lateGraceMinutes'>): Date =>
  new Date(shift.start.getTime() + settings.lateGraceMinutes * MINUTE_MS);
export const noShowAt = (shift: Shift, settings: Pick<ShiftSettings, 'lateGraceMinutes'>): Date =>
  new Date(Math.min(shift.end.getTime(), shift.start.getTime() + Math.max(NO_SHOW_AFTER_MINUTES, 2 * settings.lateGraceMinutes) * MINUTE_MS));

/**
 * One guard's shift at `now`. An incident filed on it shows above everything else; then what was
 * recorded; a guard with nothing recorded is upcoming until the grace has passed, late until the
 * no-show time, and a no-show after it.
 */
export function shiftState(shift: Shift, record: ShiftRecord | null, now: Date, settings: Pick<ShiftSettings, 'lateGraceMinutes'>): ShiftState {
  if (record && record.incidents > 0) return 'incident';
  if (record?.checkedOutAt) return 'done';
  if (record?.checkedInAt) return 'on_post';
  const t = now.getTime();
  if (t < lateAt(shift, settings).getTime()) return 'upcoming';
  if (t < noShowAt(shift, settings).getTime()) return 'late';
  return 'no_show';
}

/** How a booking completed on its own, or by an admin. */
export const COMPLETION_KINDS = ['checked_out', 'no_check_out', 'admin'] as const;
export type CompletionKind = (typeof COMPLETION_KINDS)[number];

export const COMPLETION_KIND_LABELS: Record<CompletionKind, string> = {
  checked_out: 'Completed',
  no_check_out: 'Completed, no check-out',
  admin: 'Completed by an admin',
};

/**
 * Whether a confirmed booking completes on its own at `now` (decision 029): once it has ended and
 * every guard checked out of its last shift; or at its end plus the completion grace with what was
 * recorded ('completed, no check-out'), provided some guard checked in at all: a booking nobody
 * worked is left to the operator to refund or complete.
 */
export function autoCompletion(input: {
  endTime: Date;
  now: Date;
  /** Guards on the booking and, for each, whether they checked out of the last shift. */
  lastShift: { checkedOut: boolean }[];
  anyCheckIn: boolean;
  settings: Pick<ShiftSettings, 'completionGraceMinutes'>;
}): CompletionKind | null {
  const t = input.now.getTime();
  const end = input.endTime.getTime();
  if (t < end) return null;
  if (input.lastShift.length > 0 && input.lastShift.every((g) => g.checkedOut)) return 'checked_out';
  if (t >= end + input.settings.completionGraceMinutes * MINUTE_MS && input.anyCheckIn) return 'no_check_out';
  return null;
}

/** Hours (to the quarter) a guard was on post: check-in to check-out, or to the shift's end when no check-out was recorded. */
export function hoursCovered(shift: Shift, record: Pick<ShiftRecord, 'checkedInAt' | 'checkedOutAt'>): number {
  if (!record.checkedInAt) return 0;
  const from = Math.max(record.checkedInAt.getTime(), shift.start.getTime());
  const to = Math.min(record.checkedOutAt?.getTime() ?? shift.end.getTime(), shift.end.getTime());
  return Math.max(0, Math.round(((to - from) / HOUR_MS) * 4) / 4);
}

/** Hours booked for one guard over the booking's shifts. */
export const hoursBooked = (booking: ShiftBooking): number =>
  shiftsOf(booking).reduce((sum, s) => sum + (s.end.getTime() - s.start.getTime()) / HOUR_MS, 0);

/** Reminder lead times in hours, the first (longer) one first. */
export const reminderLeads = (settings: Pick<ShiftSettings, 'reminderFirstLeadHours' | 'reminderSecondLeadHours'>): [number, number] => [
  settings.reminderFirstLeadHours,
  settings.reminderSecondLeadHours,
];

/** When the reminder `leadHours` before a shift is due. */
export const reminderDueAt = (shift: Shift, leadHours: number): Date => new Date(shift.start.getTime() - leadHours * HOUR_MS);

/**
 * The reminders due at `now` before a shift starting at `start` (decision 029). A reminder's moment
 * is its lead before the start; it is sent from then until half its lead is left, never later (a
 * booking paid 10 hours ahead gets no '24 hours' reminder, only the 2-hour one; one paid 30 minutes
 * ahead gets none: its confirmation is its reminder). `due` are the leads to claim, `send` the
 * nearest of them (the others are claimed unsent), `hoursLeft` what the message says, rounded.
 */
export function remindersDue(start: Date, now: Date, leads: readonly number[]): { due: number[]; send: number | null; hoursLeft: number } {
  const left = start.getTime() - now.getTime();
  const due = leads.filter((lead) => left <= lead * HOUR_MS && left > (lead * HOUR_MS) / 2);
  const send = due.length > 0 ? Math.min(...due) : null;
  return { due, send, hoursLeft: Math.max(1, Math.round(left / HOUR_MS)) };
}
