import { guardSeesClientDetails } from '@ops/shared/domain/permissions';
import type { BookingListParams, BookingPageDto, BookingSummaryDto, ClientStatsDto } from '@ops/shared/schemas/bookings';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/context.ts';
import { decodeCursor, rowsToRead, toPage } from '../../lib/cursor-page.ts';
import type { Logger } from '../../lib/logger.ts';
import { countClientBookings, findBookingPage, sumPaidBookingPrices, sumPaidPayments } from './bookings.repo.ts';

type BookingRow = Awaited<ReturnType<typeof findBookingPage>>[number];

/**
 * Where a page of bookings ends. `t` keeps the moment the first page was read, so later pages put
 * each booking in the group it had then: a hold running out between two pages moves nothing.
 */
const bookingCursor = z.object({
  t: z.iso.datetime(),
  g: z.number().int().min(0).max(2),
  k: z
    .string()
    .max(32)
    .regex(/^-?\d+(\.\d+)?$/),
  i: z.uuid(),
});

function toSummary(row: BookingRow, viewer: Viewer): BookingSummaryDto {
  const isClient = viewer.role === 'client' && row.clientProfileId === viewer.profileId;
  // The client sees all of their own booking; a guard (every job listed is one they are on) the
  // client's name, place and phone only on a paid, live job.
  const showClient = isClient || (viewer.role === 'guard' && guardSeesClientDetails(row, true));
  return {
    id: row.id,
    reference: row.reference,
    serviceType: row.serviceType,
    bookingType: row.bookingType,
    shiftType: row.shiftType,
    teamSize: row.teamSize,
    area: row.area,
    address: showClient ? row.address : null,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    durationHours: row.durationHours,
    price: row.price,
    status: row.status,
    paymentStatus: row.paymentStatus,
    createdAt: row.createdAt.toISOString(),
    guard:
      row.guardProfileId && row.guardFullName !== null
        ? { profileId: row.guardProfileId, fullName: row.guardFullName, avatarUrl: row.guardAvatarUrl }
        : null,
    client: showClient
      ? {
          profileId: row.clientProfileId,
          fullName: row.clientFullName,
          avatarUrl: row.clientAvatarUrl,
          isCompany: row.clientIsCompany,
          companyName: row.clientCompanyName,
          phone: row.clientPhone,
        }
      : null,
    // The same conditions POST /api/reviews checks, so the button never leads to a refusal.
    canReview: isClient && row.status === 'completed' && row.guardProfileId !== null && row.reviewId === null,
    refund:
      isClient && row.refundStatus !== null && row.refundAmount !== null
        ? { amount: row.refundAmount, status: row.refundStatus === 'refunded' ? 'refunded' : 'pending' }
        : null,
  };
}

/**
 * A page of a client's own bookings, or of a guard's assigned jobs (the route lets no other role
 * in), in the order that needs them first (findBookingPage).
 */
export async function listBookings(db: Executor, viewer: Viewer, query: BookingListParams, now: Date): Promise<BookingPageDto> {
  const by = viewer.role === 'guard' ? { guardProfileId: viewer.profileId } : { clientProfileId: viewer.profileId };
  const position = query.cursor === undefined ? null : decodeCursor(query.cursor, bookingCursor);
  const asOf = position ? new Date(position.t) : now;
  const rows = await findBookingPage(db, by, {
    asOf,
    status: query.status ?? null,
    after: position && { group: position.g, sortKey: position.k, id: position.i },
    rows: rowsToRead(query.limit),
  });
  return toPage(
    rows,
    query.limit,
    (last) => ({ t: asOf.toISOString(), g: last.group, k: last.sortKey, i: last.id }),
    (row) => toSummary(row, viewer),
  );
}

export async function getClientStats(db: Executor, logger: Logger, clientProfileId: string): Promise<ClientStatsDto> {
  const counts = await countClientBookings(db, clientProfileId);
  let totalSpent: number;
  try {
    totalSpent = await sumPaidPayments(db, clientProfileId);
  } catch (err) {
    // The dashboard still shows a figure: what the client's paid bookings cost (spec §7).
    logger.warn({ err, clientProfileId }, 'total spent from payments failed; using the prices of paid bookings');
    totalSpent = await sumPaidBookingPrices(db, clientProfileId);
  }
  return { totalBookings: counts.total, activeBookings: counts.active, completed: counts.completed, totalSpent };
}
