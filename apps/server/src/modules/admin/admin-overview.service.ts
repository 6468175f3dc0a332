import { bookingServiceLabel } from '@ops/shared/domain/booking-labels';
import { CREDENTIAL_ATTENTION_DAYS } from '@ops/shared/domain/guard-credentials';
import { addDaysToDate, daysBetween, nairobiDate, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import { ATTENTION_LIST_LIMIT, REVENUE_WEEKS, type AdminOverviewDto } from '@ops/shared/schemas/admin';
import type { Executor } from '../../db/client.ts';
import { singleFlight } from '../../lib/single-flight.ts';
import { getCancellationPolicy } from '../settings/settings.service.ts';
import {
  countUnstaffedBookings,
  findCredentialAttention,
  findOverviewStats,
  findPendingGuards,
  findUnstaffedBookings,
  findWeeklyRevenue,
} from './admin-overview.repo.ts';

/** The first day of the Nairobi month of `today`, and of the month after. */
export function nairobiMonth(today: string): { first: string; next: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  return { first: `${year}-${pad(month)}-01`, next };
}

/** 1970-01-01, day 0, was a Thursday: weekday 3 counting Monday as 0 (a day of the week, not Nairobi's +3 hours). */
const EPOCH_WEEKDAY = 3;

/** The Monday starting the week of `today`. */
export function mondayOf(today: string): string {
  const weekday = (((daysBetween('1970-01-01', today) + EPOCH_WEEKDAY) % 7) + 7) % 7; // 0 = Monday
  return addDaysToDate(today, -weekday);
}

/**
 * The console's landing view. Figures are of this moment in Nairobi: the month and the weeks are
 * Nairobi's, weeks start on Monday.
 */
export async function getOverview(db: Executor, now: Date): Promise<AdminOverviewDto> {
  return overviewInFlight(db)(nairobiDate(now), now);
}

/**
 * Admins opening the console at the same moment share one reading of the figures (per database
 * and Nairobi day) while it is being made: counting bookings by status reads index entries in
 * proportion to the bookings, and ten at once would each pay for it. Nothing is kept afterwards,
 * so the next request reads afresh (lib/single-flight.ts).
 */
const inFlight = new WeakMap<object, (day: string, now: Date) => Promise<AdminOverviewDto>>();
function overviewInFlight(db: Executor) {
  let ask = inFlight.get(db);
  if (!ask) {
    let latest = new Date(0);
    const shared = singleFlight((_day: string) => readOverview(db, latest));
    ask = (day, now) => {
      latest = now;
      return shared(day);
    };
    inFlight.set(db, ask);
  }
  return ask;
}

async function readOverview(db: Executor, now: Date): Promise<AdminOverviewDto> {
  const today = nairobiDate(now);
  const month = nairobiMonth(today);
  const firstWeek = addDaysToDate(mondayOf(today), -7 * (REVENUE_WEEKS - 1));
  const weeksFrom = nairobiInstant(firstWeek, '00:00');
  const soon = addDaysToDate(today, CREDENTIAL_ATTENTION_DAYS);

  const [stats, weekly, pendingGuards, credentials, unstaffed, unstaffedTotal] = await Promise.all([
    findOverviewStats(
      db,
      { from: nairobiInstant(month.first, '00:00'), to: nairobiInstant(month.next, '00:00') },
      (await getCancellationPolicy(db)).fullRefundNoticeHours,
    ),
    findWeeklyRevenue(db, weeksFrom, REVENUE_WEEKS),
    findPendingGuards(db, ATTENTION_LIST_LIMIT),
    findCredentialAttention(db, today, soon, ATTENTION_LIST_LIMIT),
    findUnstaffedBookings(db, ATTENTION_LIST_LIMIT),
    countUnstaffedBookings(db),
  ]);

  const byWeek = new Map(weekly.map((w) => [w.week, w.revenue]));
  return {
    stats,
    revenueByWeek: Array.from({ length: REVENUE_WEEKS }, (_, i) => ({ weekStart: addDaysToDate(firstWeek, 7 * i), revenue: byWeek.get(i) ?? 0 })),
    attention: {
      pendingGuards: pendingGuards.map((g) => ({ ...g, createdAt: g.createdAt.toISOString() })),
      credentials: credentials.map(({ total: _total, ...c }) => c),
      unstaffedBookings: unstaffed.map((b) => ({
        id: b.id,
        reference: b.reference,
        startTime: b.startTime.toISOString(),
        serviceLabel: bookingServiceLabel(b),
        clientName: b.companyName ?? b.clientName,
      })),
      totals: { pendingGuards: stats.pendingApprovals, credentials: credentials[0]?.total ?? 0, unstaffedBookings: unstaffedTotal },
    },
  };
}
