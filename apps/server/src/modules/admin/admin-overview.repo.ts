import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Credential } from '@ops/shared/domain/guard-credentials';
import type { Executor } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { guardListCounts, guards } from '../../db/schema/guards.ts';
import { profiles } from '../../db/schema/profiles.ts';

const int = (query: ReturnType<typeof sql>) => sql<number>`(${query})`.mapWith(Number);
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * The eight figures in one statement of aggregates, each answered from an index or a kept count:
 * guard totals from guard_list_counts, the rest from bookings_status_idx and
 * bookings_completed_created_idx without reading a booking row.
 */
export async function findOverviewStats(db: Executor, month: { from: Date; to: Date }, lateNoticeHours: number) {
  const [row] = await db
    .select({
      totalGuards: int(sql`select coalesce(sum(${guardListCounts.guardCount}), 0) from ${guardListCounts}`),
      approvedGuards: int(sql`select coalesce(sum(${guardListCounts.guardCount}), 0) from ${guardListCounts} where ${guardListCounts.approved}`),
      pendingApprovals: int(sql`select count(*) from ${guards} where ${inArray(guards.status, ['pending', 'pending_approval'])}`),
      // A literal, so the planner matches profiles_clients_idx (a parameter would not).
      totalClients: int(sql`select count(*) from ${profiles} where ${profiles.role} = 'client'`),
      activeBookings: int(sql`select count(*) from ${bookings} where ${inArray(bookings.status, ['pending', 'confirmed'])}`),
      completedBookings: int(sql`select count(*) from ${bookings} where ${eq(bookings.status, 'completed')}`),
      monthlyRevenue: int(
        sql`select coalesce(sum(${bookings.price}), 0) from ${bookings}
            where ${bookings.status} = 'completed' and ${bookings.createdAt} >= ${at(month.from)} and ${bookings.createdAt} < ${at(month.to)}`,
      ),
      // Paid bookings the client cancelled this month with less notice than the policy's longer
      // window (decision 030), from bookings_client_cancelled_idx.
      lateCancellations: int(
        sql`select count(*) from ${bookings}
            where ${bookings.cancelledBy} = 'client' and ${bookings.confirmedAt} is not null
              and ${bookings.cancelledAt} >= ${at(month.from)} and ${bookings.cancelledAt} < ${at(month.to)}
              and ${bookings.startTime} - ${bookings.cancelledAt} <= ${lateNoticeHours}::int * interval '1 hour'`,
      ),
    })
    .from(sql`(values (1)) as one (x)`);
  if (!row) throw new Error('the overview statement returned no row');
  return row;
}

/**
 * Revenue of completed bookings per 7-day step from `from` (0 = the first week), for weeks with any.
 * Each week is its own range sum on bookings_completed_created_idx (price is in the index): putting
 * every row of the twelve weeks through a week expression and a hash aggregate instead cost about
 * 30 ms at 70,000 completed bookings, the twelve sums about 4.
 */
export async function findWeeklyRevenue(db: Executor, from: Date, weeks: number) {
  const rows = await executeNamed<{ week: number | string; revenue: number | string }>(
    db,
    sql`
    select w.week, r.revenue
    from generate_series(0, ${weeks - 1}::int) as w (week)
    cross join lateral (
      select sum(${bookings.price})::bigint as revenue
      from ${bookings}
      where ${bookings.status} = 'completed'
        and ${bookings.createdAt} >= ${at(from)} + w.week * interval '7 days'
        and ${bookings.createdAt} < ${at(from)} + (w.week + 1) * interval '7 days'
    ) as r
    where r.revenue is not null`,
  );
  return rows.map((r) => ({ week: Number(r.week), revenue: Number(r.revenue) }));
}

/**
 * Guards waiting for a decision, longest waiting first: the few are picked from guards_status_idx
 * first and only they are joined to their profiles (a join first would read every profile).
 */
export function findPendingGuards(db: Executor, limit: number) {
  const waiting = db
    .select({ profileId: guards.profileId, createdAt: guards.createdAt, id: guards.id })
    .from(guards)
    .where(inArray(guards.status, ['pending', 'pending_approval']))
    .orderBy(asc(guards.createdAt), asc(guards.id))
    .limit(limit)
    .as('waiting');
  return db
    .select({ profileId: waiting.profileId, fullName: profiles.fullName, createdAt: waiting.createdAt })
    .from(waiting)
    .innerJoin(profiles, eq(profiles.id, waiting.profileId))
    .orderBy(asc(waiting.createdAt), asc(waiting.id));
}

/**
 * Paid live bookings that still lack their guards: none yet, or a team with fewer guards on it than
 * its size. The first three conditions are bookings_unstaffed_paid_idx's own, so only its few rows
 * are read; a team's guards are counted by booking_guards_booking_guard_key.
 */
const unstaffed = and(
  or(isNull(bookings.guardProfileId), gt(bookings.teamSize, 1)),
  eq(bookings.paymentStatus, 'paid'),
  inArray(bookings.status, ['pending', 'confirmed']),
  or(
    isNull(bookings.guardProfileId),
    sql`(select count(*) from ${bookingGuards} where ${bookingGuards.bookingId} = ${bookings.id}) < ${bookings.teamSize}`,
  ),
);

/** Paid bookings still lacking guards, soonest first (bookings_unstaffed_paid_idx). */
export function findUnstaffedBookings(db: Executor, limit: number) {
  return db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      startTime: bookings.startTime,
      serviceType: bookings.serviceType,
      bookingType: bookings.bookingType,
      clientName: profiles.fullName,
      companyName: profiles.companyName,
    })
    .from(bookings)
    .innerJoin(profiles, eq(profiles.id, bookings.clientProfileId))
    .where(unstaffed)
    .orderBy(asc(bookings.startTime), asc(bookings.id))
    .limit(limit);
}

export async function countUnstaffedBookings(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookings).where(unstaffed);
  return row?.n ?? 0;
}

export interface CredentialAttentionRow {
  profileId: string;
  fullName: string;
  credential: Credential;
  expiresOn: string | null;
  state: 'missing' | 'expired' | 'expiring';
  total: number;
}

/**
 * Credentials that need the office: expired, then missing (approved guards only: a guard under
 * review may still be entering them), then expiring within `soon`, most urgent first; rejected
 * guards are left out. The same rules as credentialStatuses in packages/shared. Guards whose
 * credentials hold past `soon` are passed over by guards_credentials_valid_until_idx.
 */
export async function findCredentialAttention(db: Executor, today: string, soon: string, limit: number): Promise<CredentialAttentionRow[]> {
  const result = await db.execute(sql`
    with c as (
      select g.profile_id, x.credential, x.expires_on,
             case when not x.present then 'missing' when x.expires_on < ${today}::date then 'expired' else 'expiring' end as state
      from ${guards} g
      cross join lateral (values
        ('psra_licence', g.psra_licence_expires_on, nullif(trim(g.psra_licence_number), '') is not null and g.psra_licence_expires_on is not null),
        ('police_clearance', g.police_clearance_expires_on, g.police_clearance_issued_on is not null and g.police_clearance_expires_on is not null)
      ) as x (credential, expires_on, present)
      where g.status <> 'rejected'
        and (g.credentials_valid_until is null or g.credentials_valid_until <= ${soon}::date)
        and ((not x.present and g.approved) or (x.present and x.expires_on <= ${soon}::date))
    ),
    -- The few shown are chosen before their names are looked up, so no profile is read for the rest.
    shown as (
      select c.*, (count(*) over ())::int as total,
             row_number() over (order by case state when 'expired' then 0 when 'missing' then 1 else 2 end, expires_on nulls last, profile_id, credential) as n
      from c
      order by n
      limit ${limit}
    )
    select s.profile_id as "profileId", p.full_name as "fullName", s.credential, s.expires_on::text as "expiresOn", s.state, s.total
    from shown s
    join ${profiles} p on p.id = s.profile_id
    order by s.n`);
  return (result as { rows: CredentialAttentionRow[] }).rows;
}
