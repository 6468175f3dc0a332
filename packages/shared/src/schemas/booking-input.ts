/**
 * Requests that create a booking: from the wizard (the six-step modal and /booking share one
 * shape) and from the single-page form (/old-booking). The rules of domain/booking-rules.ts run
 * inside the schema, so they need the request's `now` and the 'max advance booking days' setting:
 * build the schema per request with the factories below.
 *
 * Field shapes are kept loose on purpose (blank strings, unknown values) so that every message
 * comes from the rules, all fields at once; only a value of the wrong JSON type stops earlier.
 */
import { z } from 'zod';
import { formatKes } from '../money.ts';
import { BOOKING_MESSAGES, HOURLY_MIN_HOURS } from '../domain/booking-rules.ts';
import { checkWizardBooking } from '../domain/wizard-booking-rules.ts';
import { checkFormBooking } from '../domain/form-booking-rules.ts';
import { BOOKING_TOTAL_MAX_KES } from '../domain/pricing.ts';
import { DEFAULT_START_TIME } from '../domain/form-pricing.ts';
import type { BookingRuleOptions, FieldErrors } from '../domain/booking-rules.ts';
import type { WizardBooking } from '../domain/wizard-booking-rules.ts';
import type { FormBooking } from '../domain/form-booking-rules.ts';

export const NOTES_MAX_LENGTH = 2000;
export const BOOKING_INPUT_MESSAGES = {
  guardId: 'Choose a guard from the list.',
  notesTooLong: 'Notes must be at most 2,000 characters.',
  totalCost: 'The total must be a whole, non-negative number of KES.',
  totalTooHigh: `One booking can cost at most ${formatKes(BOOKING_TOTAL_MAX_KES)}. Please book fewer guards or a shorter time.`,
  text: 'This must be text.',
} as const;

const text = (message: string = BOOKING_INPUT_MESSAGES.text) => z.string({ error: message }).nullish();
const count = (message: string) => z.number({ error: message }).nullish();

/** The fields every booking request has besides the rules' ones. */
const extras = {
  /** The chosen guard's profile id; blank or null: none chosen. */
  guardId: text(BOOKING_INPUT_MESSAGES.guardId),
  notes: text(),
};

interface Extras {
  guardId?: string | null;
  notes?: string | null;
}

/**
 * The guard a booking request names, as the booking schemas read it: a well-formed id, or null
 * (none named, or not an id, which the schemas refuse). The server reads it before checking the
 * rest, to fetch the guard together with the settings the check needs.
 */
export function namedGuardId(body: unknown): string | null {
  const raw = typeof body === 'object' && body !== null ? (body as { guardId?: unknown }).guardId : undefined;
  const guardId = typeof raw === 'string' ? raw.trim() : '';
  return guardId && z.uuid().safeParse(guardId).success ? guardId : null;
}

/** guardId and notes: checked here so that their messages join the rules' ones. */
function readExtras(raw: Extras, errors: FieldErrors): { guardId: string | null; notes: string | null } {
  const guardId = raw.guardId?.trim() ? raw.guardId.trim() : null;
  if (guardId !== null && namedGuardId(raw) === null) errors.guardId = BOOKING_INPUT_MESSAGES.guardId;
  const notes = raw.notes?.trim() ? raw.notes.trim() : null;
  if (notes !== null && notes.length > NOTES_MAX_LENGTH) errors.notes = BOOKING_INPUT_MESSAGES.notesTooLong;
  return { guardId, notes };
}

function report(ctx: z.RefinementCtx, errors: FieldErrors): typeof z.NEVER {
  for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [field], message });
  return z.NEVER;
}

// ---------------------------------------------------------------------------------------------
// Wizard

/** What the server stores and prices: the checked booking with its schedule, guard and notes. */
export type WizardBookingData = WizardBooking & {
  guardId: string | null;
  notes: string | null;
  /** The total the browser showed: never stored; compare it with totalCostMismatch. */
  totalCost: number | null;
};

/*
 * The fields' shapes are built once: the rules depend on the clock and the settings, so each check
 * makes its own transform, but an object schema compiles its parser on first use, and building one
 * per request made that compile a third of a booking request's time on the server.
 */
const wizardFields = z.object({
  serviceType: text(),
  ...extras,
  teamSize: count(BOOKING_MESSAGES.wizardGuardsMin).default(1),
  date: text(),
  endDate: text(),
  startTime: text().default(DEFAULT_START_TIME),
  duration: count(BOOKING_MESSAGES.hoursMin).default(HOURLY_MIN_HOURS),
  durationType: text().default('hourly'),
  dressCode: text(),
  location: text(),
  address: text(),
  totalCost: count(BOOKING_INPUT_MESSAGES.totalCost),
});

/**
 * The wizard's booking form data. Defaults as the spec's form: team size 1, start 09:00, 6 hours,
 * hourly. No default dress code or area: they must be chosen. Service type null (or absent) is
 * /booking without a service type.
 */
export function wizardBookingInput(options: BookingRuleOptions) {
  return wizardFields.transform((raw, ctx): WizardBookingData => {
    const result = checkWizardBooking(raw, options);
    const errors: FieldErrors = result.ok ? {} : { ...result.errors };
    const { guardId, notes } = readExtras(raw, errors);
    const totalCost = raw.totalCost ?? null;
    if (totalCost !== null && (!Number.isSafeInteger(totalCost) || totalCost < 0)) errors.totalCost = BOOKING_INPUT_MESSAGES.totalCost;
    if (!result.ok || Object.keys(errors).length > 0) return report(ctx, errors);
    return { ...result.value, guardId, notes, totalCost };
  });
}
export type WizardBookingInput = z.input<ReturnType<typeof wizardBookingInput>>;

// ---------------------------------------------------------------------------------------------
// Single-page form

export type FormBookingData = FormBooking & { guardId: string | null; notes: string | null };

const formFields = z.object({
  serviceType: text(),
  ...extras,
  bookingType: text().default('hourly'),
  startDate: text(),
  endDate: text(),
  shiftType: text(),
  startTime: text(),
  endTime: text(),
  location: text(),
  guards: count(BOOKING_MESSAGES.formGuardsMin).default(1),
});

/**
 * The single-page form: service type, booking type (default hourly), start date, end date (daily;
 * monthly's is always 30 days on), shift (daily), start and end time (hourly, custom shift; start
 * time also for monthly, default 09:00), area, guards (default 1), notes, optional guard.
 */
export function formBookingInput(options: BookingRuleOptions) {
  return formFields.transform((raw, ctx): FormBookingData => {
    const result = checkFormBooking(raw, options);
    const errors: FieldErrors = result.ok ? {} : { ...result.errors };
    const { guardId, notes } = readExtras(raw, errors);
    if (!result.ok || Object.keys(errors).length > 0) return report(ctx, errors);
    return { ...result.value, guardId, notes };
  });
}
export type FormBookingInput = z.input<ReturnType<typeof formBookingInput>>;

// ---------------------------------------------------------------------------------------------

/** The server's price for a booking, as the API answers a quote request or a new booking. */
export interface BookingQuoteDto {
  /** Whole KES. */
  price: number;
  durationHours: number;
  /** ISO instants. */
  startTime: string;
  endTime: string;
  /** Whole KES per guard-hour. */
  hourlyRate: number;
  currency: 'KES';
}

/**
 * When the browser sent the total it showed and it is not the server's price, the message for a
 * 400 on `totalCost`; null when nothing was sent or it agrees.
 */
export function totalCostMismatch(sent: number | null | undefined, price: number): string | null {
  if (sent === null || sent === undefined || sent === price) return null;
  return `The price is now ${formatKes(price)}. Please review your booking before paying.`;
}

/** When the server's price is more than one booking may cost, the message for a 400 on `totalCost`. */
export function totalTooHigh(price: number): string | null {
  return price > BOOKING_TOTAL_MAX_KES ? BOOKING_INPUT_MESSAGES.totalTooHigh : null;
}
