import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { SPECIALIZATIONS } from '@ops/shared/constants';
import type { AdminGuardListParams, AdminGuardSort, AdminGuardStatusFilter } from '@ops/shared/schemas/admin';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { guardListCounts, guards } from '../../db/schema/guards.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { adminOrderBy, ilikeContains, pageOffset, phoneFragment, type SortColumn } from '../../lib/admin-list.ts';

/** The columns of a console guard row (guards ⨝ profiles ⨝ users). */
export const guardRowColumns = {
  profileId: guards.profileId,
  fullName: profiles.fullName,
  email: users.email,
  phone: profiles.phone,
  avatarUrl: profiles.avatarUrl,
  specialization: guards.specialization,
  experienceYears: guards.experienceYears,
  rateHourly: guards.rateHourly,
  status: guards.status,
  approved: guards.approved,
  availability: guards.availability,
  averageRating: guards.averageRating,
  reviewCount: guards.reviewCount,
  credentialsValidUntil: guards.credentialsValidUntil,
  createdAt: guards.createdAt,
};

/**
 * The search box: a fragment of the name, the e-mail or the phone (typed as 07… or 254…), or of a
 * specialization's name. Each person-side match is answered by its trigram index and gathered as
 * profile ids first, so the guards are then read by id rather than all scanned.
 */
export function guardSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const phone = phoneFragment(q);
  const byName = phone
    ? sql`select ${profiles.id} from ${profiles} where ${ilikeContains(profiles.fullName, q)} or ${ilikeContains(profiles.phone, phone)}`
    : sql`select ${profiles.id} from ${profiles} where ${ilikeContains(profiles.fullName, q)}`;
  const byEmail = sql`select ${profiles.id} from ${users} join ${profiles} on ${profiles.userId} = ${users.id} where ${ilikeContains(users.email, q)}`;
  const needle = q.toLowerCase();
  const specializations = SPECIALIZATIONS.filter((s) => s.toLowerCase().includes(needle));
  const bySpecialization = specializations.length
    ? sql` union all select ${guards.profileId} from ${guards} where ${inArray(guards.specialization, specializations)}`
    : sql``;
  return sql`${guards.profileId} in (${byName} union all ${byEmail}${bySpecialization})`;
}

export function guardStatusWhere(status: AdminGuardStatusFilter): SQL | undefined {
  if (status === 'approved') return eq(guards.status, 'approved');
  if (status === 'pending') return inArray(guards.status, ['pending', 'pending_approval']);
  if (status === 'rejected') return eq(guards.status, 'rejected');
  return undefined;
}

const GUARD_SORT_COLUMNS: Record<AdminGuardSort, SortColumn> = {
  name: { expression: profiles.fullName },
  created: { expression: guards.createdAt },
  experience: { expression: guards.experienceYears },
  rate: { expression: guards.rateHourly, nullsLast: true },
  rating: { expression: guards.averageRating, nullsLast: true },
};

export interface GuardPageParams {
  sort: AdminGuardSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** The rows of one page, in the asked order (guards.id breaks ties). */
export const guardPageOrder = (params: GuardPageParams) => adminOrderBy(GUARD_SORT_COLUMNS, params.sort, params.dir, guards.id);

function selectGuardPage(db: Executor, where: SQL | undefined, params: GuardPageParams) {
  return db
    .select(guardRowColumns)
    .from(guards)
    .innerJoin(profiles, eq(profiles.id, guards.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where)
    .orderBy(...guardPageOrder(params))
    .limit(params.pageSize)
    .offset(pageOffset(params));
}

export async function countGuards(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(guards).where(where);
  return row?.n ?? 0;
}

/** Every guard, or the approved ones, counted from guard_list_counts (kept exact by trigger) instead of the table. */
async function countFromKeptCounts(db: Executor, approvedOnly: boolean): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${guardListCounts.guardCount}), 0)`.mapWith(Number) })
    .from(guardListCounts)
    .where(approvedOnly ? eq(guardListCounts.approved, true) : undefined);
  return row?.n ?? 0;
}

export function findGuardPage(db: Executor, params: AdminGuardListParams) {
  const where = and(guardStatusWhere(params.status), guardSearch(params.q));
  const kept = !params.q && (params.status === 'all' || params.status === 'approved');
  return {
    rows: selectGuardPage(db, where, params),
    total: kept ? countFromKeptCounts(db, params.status === 'approved') : countGuards(db, where),
  };
}

/** Everything the profile dialog shows of one guard, or undefined. */
export async function findGuardDetail(db: Executor, profileId: string) {
  const [row] = await db
    .select({
      ...guardRowColumns,
      bio: guards.bio,
      skills: guards.skills,
      rateDaily: guards.rateDaily,
      rejectionReason: guards.rejectionReason,
      documentsVerified: guards.documentsVerified,
      reportedToOffice: guards.reportedToOffice,
      passedAlcoholTest: guards.passedAlcoholTest,
      signedContract: guards.signedContract,
      fitForDuty: guards.fitForDuty,
      onboardingComplete: guards.onboardingComplete,
      psraLicenceNumber: guards.psraLicenceNumber,
      psraLicenceExpiresOn: guards.psraLicenceExpiresOn,
      policeClearanceIssuedOn: guards.policeClearanceIssuedOn,
      policeClearanceExpiresOn: guards.policeClearanceExpiresOn,
    })
    .from(guards)
    .innerJoin(profiles, eq(profiles.id, guards.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(guards.profileId, profileId));
  return row;
}
