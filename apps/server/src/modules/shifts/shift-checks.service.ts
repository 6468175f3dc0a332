/**
 * The guard's day and their check-in and check-out at the post (decision 029). The rules are the
 * shared ones (shift-rules.ts); the database's unique key makes ten presses record one check-in.
 */
import { bookingServiceLabel } from '@ops/shared/domain/booking-labels';
import { addDaysToDate, nairobiDate, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import { guardSeesClientDetails } from '@ops/shared/domain/permissions';
import {
  checkInOpensAt,
  checkInRefusal,
  checkOutRefusal,
  nextShift,
  normalizeSiteCode,
  shiftsOf,
  shiftState,
  shiftToCheckIn,
  verifySite,
  type Shift,
  type ShiftRecord,
} from '@ops/shared/domain/shift-rules';
import {
  SITE_CODE_MESSAGE,
  type CheckInInput,
  type CheckOutInput,
  type GuardDayDto,
  type GuardShiftDto,
  type ShiftCheckDto,
  type ShiftCheckResultDto,
} from '@ops/shared/schemas/shifts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import { getShiftSettings } from '../settings/settings.service.ts';
import { findBookingOfGuard, findChecks, findGuardBookings, insertCheckIn, recordCheckOut, type ShiftBookingRow } from './shifts.repo.ts';

type CheckRow = Awaited<ReturnType<typeof findChecks>>[number];

export const NOT_YOUR_SHIFT = 'This shift is not one of yours.';
export const NOT_CONFIRMED = 'Only a paid, confirmed booking can be checked in to.';
export const BOOKING_CLOSED = 'This booking is closed, so nothing more can be recorded on it. Tell the operator when you left.';
export const BOOKING_CANCELLED = 'This booking was cancelled, so there is no shift to check in to.';
export const NEXT_SHIFT_OPEN = 'The next shift is open for check-in now: check in to it.';
export const BOOKING_COMPLETE = 'This booking is complete, so it can no longer be checked in to.';

/** Why a booking that is no longer being worked cannot be checked in to, or null while it can be. */
const closedForCheckIn = (status: string) => (status === 'cancelled' ? BOOKING_CANCELLED : status === 'completed' ? BOOKING_COMPLETE : null);

export function checkDto(row: Pick<CheckRow, 'checkedInAt' | 'checkedOutAt' | 'verifiedBy'> | undefined | null): ShiftCheckDto {
  return {
    checkedInAt: row?.checkedInAt.toISOString() ?? null,
    checkedOutAt: row?.checkedOutAt?.toISOString() ?? null,
    verified: row ? row.verifiedBy !== null : null,
    verifiedBy: row?.verifiedBy ?? null,
  };
}

export const recordOf = (row: Pick<CheckRow, 'checkedInAt' | 'checkedOutAt'> | undefined, incidents = 0): ShiftRecord | null =>
  row ? { checkedInAt: row.checkedInAt, checkedOutAt: row.checkedOutAt, incidents } : null;

/** The guard's shifts of today and tomorrow (Nairobi), each with what may be pressed now. */
export async function guardDay(deps: Pick<AppDeps, 'db' | 'clock'>, guardProfileId: string): Promise<GuardDayDto> {
  const now = deps.clock();
  const today = nairobiDate(now);
  const from = nairobiInstant(today, '00:00');
  const to = nairobiInstant(addDaysToDate(today, 2), '00:00');
  const [settings, bookings] = await Promise.all([getShiftSettings(deps.db), findGuardBookings(deps.db, guardProfileId, from, to)]);
  const checks = await findChecks(
    deps.db,
    bookings.map((b) => b.id),
  );
  const mine = checks.filter((c) => c.guardProfileId === guardProfileId);
  const shifts: GuardShiftDto[] = [];
  for (const booking of bookings) {
    for (const shift of shiftsOf(booking)) {
      if (shift.end <= from || shift.start >= to) continue;
      const row = mine.find((c) => c.bookingId === booking.id && c.shiftIndex === shift.index);
      shifts.push(guardShift(booking, shift, row, now, settings));
    }
  }
  shifts.sort((a, b) => a.start.localeCompare(b.start));
  return { today, shifts };
}

function guardShift(
  booking: ShiftBookingRow,
  shift: Shift,
  row: CheckRow | undefined,
  now: Date,
  settings: Awaited<ReturnType<typeof getShiftSettings>>,
): GuardShiftDto {
  const open = booking.status === 'confirmed' ? shiftToCheckIn(booking, now, settings) : null;
  const isOpen = open?.index === shift.index;
  const refusal =
    booking.status !== 'confirmed'
      ? (closedForCheckIn(booking.status) ?? NOT_CONFIRMED)
      : open && open.index > shift.index && shift.end > now
        ? NEXT_SHIFT_OPEN
        : (checkInRefusal(isOpen ? shift : null, recordOf(row), now, settings, shift.end > now ? shift : null) ??
          (isOpen ? null : 'This shift is not open for check-in now.'));
  const showClient = guardSeesClientDetails(booking, true);
  return {
    bookingId: booking.id,
    reference: booking.reference,
    service: bookingServiceLabel(booking),
    shiftIndex: shift.index,
    start: shift.start.toISOString(),
    end: shift.end.toISOString(),
    area: booking.area,
    address: showClient ? booking.address : null,
    client: showClient ? { fullName: booking.clientName, phone: booking.clientPhone, companyName: booking.clientCompanyName } : null,
    state: shiftState(shift, recordOf(row), now, settings),
    check: checkDto(row),
    checkInOpensAt: checkInOpensAt(shift, settings).toISOString(),
    checkInRefusal: refusal,
    canCheckOut: booking.status === 'confirmed' && checkOutRefusal(recordOf(row)) === null,
    sitePinned: booking.siteLatitude !== null,
  };
}

const positionOf = (input: CheckOutInput) =>
  input.latitude !== undefined && input.longitude !== undefined && input.accuracyMeters !== undefined
    ? { latitude: input.latitude, longitude: input.longitude, accuracyMeters: input.accuracyMeters }
    : null;

async function guardBooking(deps: Pick<AppDeps, 'db'>, bookingId: string, guardProfileId: string) {
  const booking = await findBookingOfGuard(deps.db, bookingId, guardProfileId);
  if (!booking) throw AppError.notFound(NOT_YOUR_SHIFT);
  return booking;
}

/** Records the guard's arrival on the shift open now; a wrong site code is refused so it can be retyped. */
export async function checkIn(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  guardProfileId: string,
  bookingId: string,
  input: CheckInInput,
): Promise<ShiftCheckResultDto> {
  const now = deps.clock();
  const booking = await guardBooking(deps, bookingId, guardProfileId);
  if (booking.status !== 'confirmed') throw AppError.conflict(closedForCheckIn(booking.status) ?? NOT_CONFIRMED);
  const settings = await getShiftSettings(deps.db);
  const shift = shiftToCheckIn(booking, now, settings);
  const [row] = shift ? (await findChecks(deps.db, [bookingId])).filter((c) => c.guardProfileId === guardProfileId && c.shiftIndex === shift.index) : [];
  const refusal = checkInRefusal(shift, recordOf(row), now, settings, nextShift(booking, now));
  if (refusal || !shift) throw AppError.conflict(refusal ?? 'This shift is not open for check-in now.');
  const typed = input.siteCode ? normalizeSiteCode(input.siteCode) : '';
  if (typed && typed !== booking.siteCode) throw AppError.validation({ siteCode: SITE_CODE_MESSAGE }, SITE_CODE_MESSAGE);
  const position = positionOf(input);
  const pin =
    booking.siteLatitude !== null && booking.siteLongitude !== null ? { latitude: booking.siteLatitude, longitude: booking.siteLongitude } : null;
  const site = verifySite({ codeMatches: typed !== '', position, pin, radiusMeters: settings.siteRadiusMeters });
  const inserted = await deps.db.transaction(async (tx) => {
    const created = await insertCheckIn(tx, {
      bookingId,
      guardProfileId,
      shiftIndex: shift.index,
      at: now,
      verifiedBy: site.method,
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
      accuracyMeters: position?.accuracyMeters ?? null,
    });
    // Not verified at the site: the operator looks (a call to the client, a check of the position).
    if (created && !site.verified) {
      await notifyAdmins(
        tx,
        'shift',
        `Booking ${booking.reference}: a guard checked in without being verified at the site. Check with the client.`,
        '/admin?view=today',
      );
    }
    return created;
  });
  if (!inserted)
    throw AppError.conflict(checkInRefusal(shift, { checkedInAt: now, checkedOutAt: null, incidents: 0 }, now, settings, shift) ?? 'Already checked in.');
  return { bookingId, shiftIndex: shift.index, ...checkDto(inserted) };
}

/** Records the guard's leaving: the latest shift they checked in to and have not checked out of. */
export async function checkOut(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  guardProfileId: string,
  bookingId: string,
  input: CheckOutInput,
): Promise<ShiftCheckResultDto> {
  const now = deps.clock();
  const booking = await guardBooking(deps, bookingId, guardProfileId);
  // A booking not yet paid has no check-in to close: the refusal below says to check in first.
  if (booking.status === 'completed' || booking.status === 'cancelled') throw AppError.conflict(BOOKING_CLOSED);
  const mine = (await findChecks(deps.db, [bookingId])).filter((c) => c.guardProfileId === guardProfileId).sort((a, b) => b.shiftIndex - a.shiftIndex);
  const open = mine.find((c) => c.checkedOutAt === null);
  const refusal = checkOutRefusal(recordOf(open ?? mine[0]));
  if (refusal || !open) throw AppError.conflict(refusal ?? 'Check in before you check out.');
  const position = positionOf(input);
  const row = await recordCheckOut(deps.db, { bookingId, guardProfileId, shiftIndex: open.shiftIndex }, now, {
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    accuracyMeters: position?.accuracyMeters ?? null,
  });
  if (!row) throw AppError.conflict(checkOutRefusal({ checkedInAt: open.checkedInAt, checkedOutAt: now, incidents: 0 }) ?? 'Already checked out.');
  return { bookingId, shiftIndex: row.shiftIndex, ...checkDto(row) };
}
