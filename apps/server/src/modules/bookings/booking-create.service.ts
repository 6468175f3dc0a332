/**
 * The one booking service behind the three flows (six-step modal, /booking, /old-booking): it
 * checks every rule, prices the booking itself, refuses a guard who may not be booked, and stores
 * the booking pending and unpaid with a hold of 30 minutes (10 for a booking longer than a day,
 * decision 031). The database refuses an overlapping live booking of the same guard, so two
 * clients racing for one slot cannot both succeed.
 */
import {
  formBookingInput,
  namedGuardId,
  totalCostMismatch,
  totalTooHigh,
  wizardBookingInput,
  type BookingQuoteDto,
} from '@ops/shared/schemas/booking-input';
import type { NewBookingDto } from '@ops/shared/schemas/bookings';
import { quoteWizard } from '@ops/shared/domain/wizard-pricing';
import { quoteForm } from '@ops/shared/domain/form-pricing';
import { heldHours, holdMinutesFor, UNPAID_HOLDS_MAX } from '@ops/shared/domain/booking-rules';
import { bookingCredentialProblem } from '@ops/shared/domain/guard-credentials';
import { onboardedForDeployment } from '@ops/shared/domain/officer-onboarding';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { randomInt, randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { isCheckViolation, isGuardOverlap, isTransientTransactionFailure, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { CLIENT_NOTICES } from '../notifications/client-notices.ts';
import { findBookingContext, insertBooking, type BookingContext, type NewBooking } from './booking-create.repo.ts';
import { NEW_BOOKING_STATUSES, releaseLapsedHoldsOverlapping } from './booking-lifecycle.service.ts';

export const GUARD_BUSY_MESSAGE = 'This guard is already booked for part of that time. Please choose another time or another guard.';
export const UNPAID_HOLDS_MESSAGE = `You already have ${UNPAID_HOLDS_MAX} bookings waiting for payment. Please pay for one of them, or wait until its hold ends, before making another booking.`;
export const UNPAID_LONG_HOLD_MESSAGE =
  'You already have an unpaid booking longer than a day waiting for payment. Pay for it or cancel it before booking another long one.';
export const GUARD_UNAVAILABLE_MESSAGE = 'This guard is not available for booking at the moment. Please choose another guard.';
export const GUARD_NOT_READY_MESSAGE = 'This guard is not ready for deployment yet and cannot be booked. Please choose another guard.';

export interface BookingDeps {
  db: Database;
  now: Date;
}

type BookingFields = Omit<NewBooking, 'reference' | 'clientProfileId' | 'status' | 'paymentStatus' | 'holdExpiresAt'> & {
  startTime: Date;
  endTime: Date;
  guardProfileId: string | null;
};

/** A checked booking with the server's price, ready to store, and the rate it was priced at. */
export interface Priced {
  fields: BookingFields;
  hourlyRate: number;
}

/**
 * The guard a request names is read with the settings in one round trip, before the body is
 * checked (the check needs the settings' advance limit). The checked body names the same guard:
 * both read it with namedGuardId.
 */
function bookableGuardRates(guardProfileId: string | null, context: BookingContext) {
  if (!guardProfileId) return null;
  const { guard } = context;
  if (!guard) throw AppError.validation({ guardId: 'Choose a guard from the list.' });
  if (!guard.approved || !guard.availability) throw AppError.conflict(GUARD_UNAVAILABLE_MESSAGE, { guardId: GUARD_UNAVAILABLE_MESSAGE });
  // Approved but not through onboarding (contract, fit for duty): not Deployment Ready, not offered to clients.
  if (!onboardedForDeployment(guard)) throw AppError.conflict(GUARD_NOT_READY_MESSAGE, { guardId: GUARD_NOT_READY_MESSAGE });
  return { rateHourly: guard.rateHourly, rateDaily: guard.rateDaily };
}

/**
 * A named guard must hold a PSRA licence and a police clearance through the booking's last Nairobi
 * day (a job ending at midnight ends on the day before). Answered like a guard who is not
 * available: 409 on guardId, with the reason.
 */
function refuseUncredentialedGuard(context: BookingContext, fields: BookingFields, now: Date): void {
  if (!fields.guardProfileId || !context.guard) return;
  const lastDay = nairobiDate(new Date(fields.endTime.getTime() - 1));
  const problem = bookingCredentialProblem(context.guard, nairobiDate(now), lastDay);
  if (problem) throw AppError.conflict(problem, { guardId: problem });
}

/** A price beyond what one booking may cost (a guard's rate stored before rates were bounded) never reaches the database. */
function refuseTooHigh(price: number): void {
  const tooHigh = totalTooHigh(price);
  if (tooHigh) throw AppError.validation({ totalCost: tooHigh }, tooHigh);
}

/** The wizard's booking, checked and priced by the server (what the summary step shows). */
export async function priceWizardBooking(deps: BookingDeps, body: unknown): Promise<Priced> {
  const context = await findBookingContext(deps.db, namedGuardId(body));
  const data = parseOrThrow(wizardBookingInput({ now: deps.now, maxAdvanceDays: context.maxAdvanceBookingDays }), body);
  const guard = bookableGuardRates(data.guardId, context);
  const length =
    data.durationType === 'hourly'
      ? { durationType: 'hourly' as const, hours: data.hours }
      : { durationType: 'daily' as const, date: data.date, endDate: data.endDate };
  const quote = quoteWizard({ serviceType: data.serviceType, guard, teamSize: data.teamSize, ...length });
  refuseTooHigh(quote.price);
  const mismatch = totalCostMismatch(data.totalCost, quote.price);
  if (mismatch) throw AppError.validation({ totalCost: mismatch }, mismatch);
  const fields: BookingFields = {
    guardProfileId: data.guardId,
    // Null: /booking without a chosen service, priced at its own base rate and named by its booking type.
    serviceType: data.serviceType,
    bookingType: data.durationType,
    teamSize: data.teamSize,
    dressCode: data.dressCode,
    area: data.location,
    address: data.address,
    notes: data.notes,
    startTime: data.schedule.start,
    endTime: data.schedule.end,
    durationHours: quote.durationHours,
    price: quote.price,
  };
  refuseUncredentialedGuard(context, fields, deps.now);
  return { fields, hourlyRate: quote.hourlyRate };
}

/** The single-page form's booking, with its own rates, booking types and shifts. */
export async function priceFormBooking(deps: BookingDeps, body: unknown): Promise<Priced> {
  const context = await findBookingContext(deps.db, namedGuardId(body));
  const data = parseOrThrow(formBookingInput({ now: deps.now, maxAdvanceDays: context.maxAdvanceBookingDays }), body);
  bookableGuardRates(data.guardId, context);
  const quote = quoteForm(data);
  refuseTooHigh(quote.price);
  const fields: BookingFields = {
    guardProfileId: data.guardId,
    serviceType: data.serviceType,
    bookingType: data.bookingType,
    shiftType: data.bookingType === 'daily' ? data.shiftType : null,
    teamSize: data.guards,
    area: data.location,
    notes: data.notes,
    startTime: quote.start,
    endTime: quote.end,
    durationHours: quote.durationHours,
    price: quote.price,
  };
  refuseUncredentialedGuard(context, fields, deps.now);
  return { fields, hourlyRate: quote.hourlyRate };
}

export function toQuoteDto({ fields, hourlyRate }: Priced): BookingQuoteDto {
  return {
    price: fields.price,
    durationHours: fields.durationHours,
    startTime: fields.startTime.toISOString(),
    endTime: fields.endTime.toISOString(),
    hourlyRate,
    currency: 'KES',
  };
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newBookingReference(): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `OPS-${code}`;
}

/**
 * Inserts the booking in one statement, the usual case. Only when the guard's time is taken does it
 * check for holds that ran out but that the sweeper has not cancelled yet: those are cancelled
 * and the insert tried again, together in one transaction. A live booking still refuses it.
 */
async function insertFreeingLapsedHolds(deps: BookingDeps, values: NewBooking & { id: string; clientProfileId: string }, holdMinutes: number) {
  const notice = CLIENT_NOTICES.received({ ...values, serviceType: values.serviceType ?? null }, holdMinutes);
  try {
    return await insertBooking(deps.db, values, notice);
  } catch (err) {
    const guardProfileId = values.guardProfileId;
    if (!guardProfileId || !isGuardOverlap(err)) throw err;
    return deps.db.transaction(async (tx) => {
      await releaseLapsedHoldsOverlapping(tx, guardProfileId, values.startTime, values.endTime, deps.now);
      return insertBooking(tx, values, notice);
    });
  }
}

/** How many times a booking is tried when the database gives up on it for a reason of its own. */
export const BOOKING_ATTEMPTS = 5;
const BUSY_MESSAGE = 'Many bookings are being made right now. Please try again in a moment.';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs the write again when the database aborted it as a deadlock or a serialization failure:
 * clients inserting overlapping bookings of one guard at the same instant can each wait on the
 * other's row, and PostgreSQL then aborts one of them. Tried again after a short random pause,
 * it finds the winner's booking and is refused as a plain overlap. Gives up after `attempts`,
 * throwing the last failure.
 */
export async function retryTransientFailures<T>(write: () => Promise<T>, attempts = BOOKING_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (err) {
      if (!isTransientTransactionFailure(err) || attempt >= attempts) throw err;
      await pause(attempt * (5 + randomInt(20)));
    }
  }
}

/** Inserts with a new reference; a reference drawn twice (one in a billion) is drawn again. */
async function insertWithReference(deps: BookingDeps, values: Omit<NewBooking, 'reference'>, holdMinutes: number) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      // The id is ours, so the client's notice can link to the booking it is written with.
      return await insertFreeingLapsedHolds(deps, { ...values, id: randomUUID(), reference: newBookingReference() }, holdMinutes);
    } catch (err) {
      if (isUniqueViolation(err, 'bookings_reference_key') && attempt < 3) continue;
      throw err;
    }
  }
}

/**
 * Stores a priced booking for the client: pending, unpaid, holding its slot for 30 minutes, or 10
 * when it keeps the guard for more than a day. The database refuses a client's fourth unpaid hold,
 * and a second unpaid hold longer than a day (trigger bookings_cap_unpaid_holds).
 */
export async function reserveBooking(deps: BookingDeps, clientProfileId: string, { fields }: Priced): Promise<NewBookingDto> {
  const holdMinutes = holdMinutesFor(heldHours(fields.startTime, fields.endTime));
  const holdExpiresAt = new Date(deps.now.getTime() + holdMinutes * 60_000);
  const values = { ...fields, clientProfileId, ...NEW_BOOKING_STATUSES, holdExpiresAt };
  try {
    // Released by the hold sweeper (booking-holds.service.ts) once holdExpiresAt has passed.
    const row = await retryTransientFailures(() => insertWithReference(deps, values, holdMinutes));
    return {
      id: row.id,
      reference: row.reference,
      status: row.status,
      paymentStatus: row.paymentStatus,
      price: row.price,
      durationHours: row.durationHours,
      startTime: row.startTime.toISOString(),
      endTime: row.endTime.toISOString(),
      holdExpiresAt: holdExpiresAt.toISOString(),
    };
  } catch (err) {
    if (isGuardOverlap(err)) throw AppError.conflict(GUARD_BUSY_MESSAGE, { guardId: GUARD_BUSY_MESSAGE });
    if (isCheckViolation(err, 'bookings_client_unpaid_holds')) throw AppError.conflict(UNPAID_HOLDS_MESSAGE);
    if (isCheckViolation(err, 'bookings_client_unpaid_long_hold')) throw AppError.conflict(UNPAID_LONG_HOLD_MESSAGE);
    // Still deadlocked after every attempt: only bookings of the same guard for overlapping time race like this.
    if (isTransientTransactionFailure(err)) {
      throw fields.guardProfileId ? AppError.conflict(GUARD_BUSY_MESSAGE, { guardId: GUARD_BUSY_MESSAGE }) : AppError.conflict(BUSY_MESSAGE);
    }
    throw err;
  }
}
