/**
 * The single-page form's model (/old-booking): its fields, defaults, the monthly end date, the
 * guards box and the live quote. Its rules and prices are the shared ones the server runs.
 */
import { GUARDS_MAX, GUARDS_MIN, HOURLY_MAX_HOURS, HOURLY_MIN_HOURS } from '@ops/shared/domain/booking-rules';
import { validateFormBooking } from '@ops/shared/domain/form-booking-rules';
import type { FieldErrors, FormArea, FormBookingType, FormShiftType } from '@ops/shared/domain/booking-rules';
import { isIsoDate, minutesOfDay } from '@ops/shared/domain/nairobi-time';
import { DEFAULT_START_TIME, monthlyEndDate, quoteForm } from '@ops/shared/domain/form-pricing';
import type { FormQuote, FormSchedulePlan, FormServiceType } from '@ops/shared/domain/form-pricing';
import { BOOKING_INPUT_MESSAGES, NOTES_MAX_LENGTH } from '@ops/shared/schemas/booking-input';
import type { FormBookingInput } from '@ops/shared/schemas/booking-input';

export interface FormBookingState {
  serviceType: FormServiceType | null;
  bookingType: FormBookingType;
  startDate: string;
  /** Daily; monthly shows 30 days after the start. */
  endDate: string;
  /** Daily only. */
  shiftType: FormShiftType;
  /** Hourly and custom shift. */
  startTime: string;
  /** Hourly only. */
  endTime: string;
  location: FormArea | '';
  /** 0 while the box is empty: it falls back to 1. */
  guards: number;
  notes: string;
}

/** hh:mm, `hours` after `time` (past midnight it wraps: the form reads an earlier end as the next day). */
function timeAfter(time: string, hours: number): string {
  const minutes = (minutesOfDay(time) + hours * 60) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * An hourly booking's end time starts `hours` after its start (the settings' default duration,
 * within 6–24; this form's two times cannot say 24 hours, equal times being 0, so 24 reads as 23).
 */
export const formBookingDefaults = (hours = 8): FormBookingState => ({
  serviceType: null,
  bookingType: 'hourly',
  startDate: '',
  endDate: '',
  shiftType: 'day',
  startTime: DEFAULT_START_TIME,
  endTime: timeAfter(DEFAULT_START_TIME, Math.min(HOURLY_MAX_HOURS - 1, Math.max(HOURLY_MIN_HOURS, hours))),
  location: '',
  guards: 1,
  notes: '',
});

/** A change; a monthly booking's end date follows its start date (30 days on). */
export function changeFormBooking(state: FormBookingState, patch: Partial<FormBookingState>): FormBookingState {
  const next = { ...state, ...patch };
  const startMoved = patch.bookingType === 'monthly' || patch.startDate !== undefined;
  if (next.bookingType === 'monthly' && startMoved) next.endDate = isIsoDate(next.startDate) ? monthlyEndDate(next.startDate) : '';
  return next;
}

/** The guards box: 1 to 20 (above 20: 20); empty (0) while typing, falling back to 1. */
export function guardsFromInput(raw: string): number {
  const value = Math.trunc(Number(raw));
  if (raw.trim() === '' || Number.isNaN(value)) return 0;
  return Math.min(GUARDS_MAX, Math.max(GUARDS_MIN, value));
}

/** The number of guards booked: an empty box counts as 1. */
export const guardsOf = (state: FormBookingState): number => state.guards || GUARDS_MIN;

/** The request body: only the fields the booking type uses. */
export function toFormBookingInput(state: FormBookingState, guardId: string | null): FormBookingInput {
  const base = {
    serviceType: state.serviceType,
    bookingType: state.bookingType,
    startDate: state.startDate,
    location: state.location,
    guards: guardsOf(state),
    notes: state.notes.trim() || null,
    guardId,
  };
  if (state.bookingType === 'hourly') return { ...base, startTime: state.startTime, endTime: state.endTime };
  if (state.bookingType === 'monthly') return { ...base, endDate: state.endDate || null };
  return { ...base, endDate: state.endDate, shiftType: state.shiftType, ...(state.shiftType === 'custom' ? { startTime: state.startTime } : {}) };
}

const ADVANCE_LIMIT_LEFT_TO_SERVER = 3650;

export function formBookingErrors(state: FormBookingState, now: Date): FieldErrors {
  const errors = validateFormBooking(toFormBookingInput(state, null), { now, maxAdvanceDays: ADVANCE_LIMIT_LEFT_TO_SERVER });
  if (state.notes.trim().length > NOTES_MAX_LENGTH) errors.notes = BOOKING_INPUT_MESSAGES.notesTooLong;
  return errors;
}

/** What the Proceed button needs: a service type, a start date and a location. */
export const canProceed = (state: FormBookingState): boolean => Boolean(state.serviceType && state.startDate && state.location);

const SCHEDULE_FIELDS = ['bookingType', 'startDate', 'endDate', 'shiftType', 'startTime', 'endTime'];

function planOf(state: FormBookingState): FormSchedulePlan {
  const { startDate, endDate, startTime, endTime } = state;
  if (state.bookingType === 'hourly') return { bookingType: 'hourly', startDate, startTime, endTime };
  if (state.bookingType === 'monthly') return { bookingType: 'monthly', startDate, startTime: null };
  if (state.shiftType === 'custom') return { bookingType: 'daily', shiftType: 'custom', startDate, endDate, startTime };
  return { bookingType: 'daily', shiftType: state.shiftType, startDate, endDate };
}

/** The price as the form shows it while it is filled in: once the service and schedule are valid. */
export function liveFormQuote(state: FormBookingState, errors: FieldErrors): FormQuote | null {
  if (!state.serviceType || SCHEDULE_FIELDS.some((field) => errors[field]) || errors.guards) return null;
  return quoteForm({ ...planOf(state), serviceType: state.serviceType, guards: guardsOf(state) });
}
