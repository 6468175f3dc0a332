/**
 * The wizard's form model, shared by the six-step modal and the three-step /booking page: the
 * booking form data of the specification, its defaults, the switch rules and the coercion of the
 * number boxes. Validation is the shared rules' (validateWizardBooking), so the messages are the
 * server's own.
 */
import type { DressCode } from '@ops/shared/constants';
import { BOOKING_MESSAGES, GUARDS_MAX, GUARDS_MIN, HOURLY_MAX_HOURS, HOURLY_MIN_HOURS } from '@ops/shared/domain/booking-rules';
import { validateWizardBooking } from '@ops/shared/domain/wizard-booking-rules';
import type { FieldErrors, WizardArea } from '@ops/shared/domain/booking-rules';
import { DEFAULT_START_TIME } from '@ops/shared/domain/form-pricing';
import type { WizardDurationType, WizardServiceType } from '@ops/shared/domain/wizard-pricing';
import { BOOKING_INPUT_MESSAGES, NOTES_MAX_LENGTH } from '@ops/shared/schemas/booking-input';
import type { WizardBookingInput } from '@ops/shared/schemas/booking-input';

/** A guard chosen for the booking, with the name the summary shows. */
export interface PickedGuard {
  id: string;
  name: string;
}

export interface WizardForm {
  /** null: /booking, which books a guard without choosing a service. */
  serviceType: WizardServiceType | null;
  guard: PickedGuard | null;
  /** 0 while the box holds no number. */
  teamSize: number;
  date: string;
  /** Daily only. */
  endDate: string;
  startTime: string;
  /** Hours; 0 while the box holds no number. */
  duration: number;
  durationType: WizardDurationType;
  dressCode: DressCode | null;
  location: WizardArea | '';
  /** The address, or the specific location when the area is Other. */
  address: string;
  notes: string;
}

export const DAILY_DURATION_HOURS = 24;

export function wizardDefaults(overrides: Partial<WizardForm> = {}): WizardForm {
  return {
    serviceType: 'personal',
    guard: null,
    teamSize: 1,
    date: '',
    endDate: '',
    startTime: DEFAULT_START_TIME,
    duration: HOURLY_MIN_HOURS,
    durationType: 'hourly',
    dressCode: 'business_suit',
    location: '',
    address: '',
    notes: '',
    ...overrides,
  };
}

/**
 * A change with the specification's switch rules: daily sets 24 hours; hourly sets 6 and clears
 * the end date; choosing another area clears the address (an address in one area is not one in
 * the next), and choosing Other clears it too, so the specific location starts empty.
 */
export function changeWizardForm(form: WizardForm, patch: Partial<WizardForm>): WizardForm {
  const next = { ...form, ...patch };
  if (patch.durationType === 'daily' && form.durationType !== 'daily') next.duration = DAILY_DURATION_HOURS;
  if (patch.durationType === 'hourly' && form.durationType !== 'hourly') {
    next.duration = HOURLY_MIN_HOURS;
    next.endDate = '';
  }
  if (patch.location !== undefined && patch.location !== form.location && patch.address === undefined) next.address = '';
  return next;
}

/** The guards box: no number is 0 (and a message); below 1 becomes 1; at most 20. */
export function teamSizeFromInput(raw: string): number {
  const value = Math.trunc(Number(raw));
  if (raw.trim() === '' || Number.isNaN(value)) return 0;
  return Math.min(GUARDS_MAX, Math.max(GUARDS_MIN, value));
}

/** The hours box while typing: no number is 0; the rules' message shows until it is 6 to 24. */
export function hoursFromInput(raw: string): number {
  const value = Math.trunc(Number(raw));
  return raw.trim() === '' || Number.isNaN(value) ? 0 : value;
}

/** The hours box on leaving it: coerced to 6 to 24. */
export const clampHours = (hours: number): number => Math.min(HOURLY_MAX_HOURS, Math.max(HOURLY_MIN_HOURS, hours));

/** The advance limit is an admin setting the browser does not know; the server answers for it. */
const ADVANCE_LIMIT_LEFT_TO_SERVER = 3650;

/** Field name → message, by the shared rules, with the guards box's own wording for no number. */
export function wizardFieldErrors(form: WizardForm, now: Date): FieldErrors {
  const errors = validateWizardBooking(
    { ...form, location: form.location || null, endDate: form.durationType === 'daily' ? form.endDate : null },
    { now, maxAdvanceDays: ADVANCE_LIMIT_LEFT_TO_SERVER },
  );
  if (form.teamSize < GUARDS_MIN) errors.teamSize = BOOKING_MESSAGES.formGuardsMin;
  if (form.notes.trim().length > NOTES_MAX_LENGTH) errors.notes = BOOKING_INPUT_MESSAGES.notesTooLong;
  return errors;
}

/** The request body of a quote or a booking; totalCost is the price the summary showed. */
export function toWizardBookingInput(form: WizardForm, totalCost?: number): WizardBookingInput {
  return {
    serviceType: form.serviceType,
    guardId: form.guard?.id ?? null,
    teamSize: form.teamSize,
    date: form.date,
    endDate: form.durationType === 'daily' ? form.endDate : null,
    startTime: form.startTime,
    duration: form.duration,
    durationType: form.durationType,
    dressCode: form.dressCode,
    location: form.location,
    address: form.address.trim() || null,
    notes: form.notes.trim() || null,
    ...(totalCost === undefined ? {} : { totalCost }),
  };
}
