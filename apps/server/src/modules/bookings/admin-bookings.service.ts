import { bookingServiceLabel } from '@ops/shared/domain/booking-labels';
import type { AdminBookingListParams, AdminBookingPage, AdminBookingRow, AdminBookingTarget } from '@ops/shared/schemas/admin-bookings';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { readAdminPage } from '../../lib/admin-list.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/errors.ts';
import { moveBookingAsAdmin } from './booking-admin.service.ts';
import { BOOKING_NOT_FOUND, staffBooking, unstaffBooking } from './booking-staffing.service.ts';
import { bookingListFilter, findBookingPageAndTotal, selectBookingRows, type BookingRowRecord } from './admin-bookings.repo.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';

function toRow(row: BookingRowRecord): AdminBookingRow {
  // The booking's own guard first, then the team in the order they were put on.
  const own = row.guards.filter((g) => g.profileId === row.guardProfileId);
  const team = row.guards.filter((g) => g.profileId !== row.guardProfileId);
  return {
    id: row.id,
    reference: row.reference,
    serviceType: row.serviceType,
    serviceLabel: bookingServiceLabel(row),
    client: { profileId: row.clientProfileId, fullName: row.clientName, companyName: row.clientIsCompany ? row.clientCompanyName : null },
    guards: [...own, ...team].map((g) => ({ profileId: g.profileId, fullName: g.fullName, staffedByConsole: g.staffedByConsole })),
    teamSize: row.teamSize,
    area: row.area,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    price: row.price,
    status: row.status,
    paymentStatus: row.paymentStatus,
    cancellation: row.status === 'cancelled' ? { by: row.cancelledBy, reason: row.cancelledReason } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAdminBookings(db: Executor, params: AdminBookingListParams): Promise<AdminBookingPage> {
  const filter = await bookingListFilter(db, params);
  const { rows, total } = findBookingPageAndTotal(db, params, filter);
  return readAdminPage(params, rows, total, toRow);
}

export async function getAdminBooking(db: Executor, id: string): Promise<AdminBookingRow> {
  const [row] = await selectBookingRows(db, eq(bookings.id, id));
  if (!row) throw AppError.notFound(BOOKING_NOT_FOUND);
  return toRow(row);
}

export async function moveBookingFromConsole(
  ctx: ConsoleActionContext & { jobs: JobQueue },
  id: string,
  to: AdminBookingTarget,
): Promise<AdminBookingRow> {
  await moveBookingAsAdmin(ctx, id, to);
  return getAdminBooking(ctx.db, id);
}

export async function staffBookingFromConsole(ctx: ConsoleActionContext, id: string, guardProfileIds: string[]): Promise<AdminBookingRow> {
  await staffBooking(ctx, id, guardProfileIds);
  return getAdminBooking(ctx.db, id);
}

export async function unstaffBookingFromConsole(ctx: ConsoleActionContext, id: string, guardProfileId: string): Promise<AdminBookingRow> {
  await unstaffBooking(ctx, id, guardProfileId);
  return getAdminBooking(ctx.db, id);
}
