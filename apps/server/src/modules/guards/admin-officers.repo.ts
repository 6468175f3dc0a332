import { and, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { OfficerTab, OnboardingStage } from '@ops/shared/domain/officer-onboarding';
import type { AdminOfficerListParams } from '@ops/shared/schemas/admin';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { guards } from '../../db/schema/guards.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { pageOffset } from '../../lib/admin-list.ts';
import { guardPageOrder, guardRowColumns, guardSearch } from './admin-guards.repo.ts';

/**
 * The tabs of §4 in SQL, the same rules as officerTab in packages/shared (the tests hold both to
 * one table). approved = (status = 'approved') is a check on the table, so approved alone says it.
 */
export const OFFICER_TAB_WHERE: Record<OfficerTab, SQL> = {
  pending: inArray(guards.status, ['pending', 'pending_approval']),
  onboarding: and(eq(guards.approved, true), not(guards.onboardingComplete))!,
  ready: and(eq(guards.approved, true), eq(guards.onboardingComplete, true), eq(guards.fitForDuty, true))!,
  rejected: eq(guards.status, 'rejected'),
};

export const STAGE_COLUMNS = {
  documentsVerified: guards.documentsVerified,
  reportedToOffice: guards.reportedToOffice,
  passedAlcoholTest: guards.passedAlcoholTest,
  signedContract: guards.signedContract,
  fitForDuty: guards.fitForDuty,
  onboardingComplete: guards.onboardingComplete,
} satisfies Record<OnboardingStage, unknown>;

const officerColumns = { ...guardRowColumns, ...STAGE_COLUMNS, rejectionReason: guards.rejectionReason };

function selectOfficers(db: Executor, where: SQL | undefined) {
  return db
    .select(officerColumns)
    .from(guards)
    .innerJoin(profiles, eq(profiles.id, guards.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(where);
}

/** The tab's page, its total, and each tab's count under the same search (one statement). */
export function findOfficerPage(db: Executor, params: AdminOfficerListParams) {
  const search = guardSearch(params.q);
  const rows = selectOfficers(db, and(OFFICER_TAB_WHERE[params.tab], search))
    .orderBy(...guardPageOrder(params))
    .limit(params.pageSize)
    .offset(pageOffset(params));
  const tabCount = (tab: OfficerTab) => sql<number>`(select count(*) from ${guards} where ${and(OFFICER_TAB_WHERE[tab], search)})`.mapWith(Number);
  const counts = db
    .select({ pending: tabCount('pending'), onboarding: tabCount('onboarding'), ready: tabCount('ready'), rejected: tabCount('rejected') })
    .from(sql`(values (1)) as one (x)`);
  return { rows, counts };
}

export async function findOfficer(db: Executor, profileId: string) {
  const [row] = await selectOfficers(db, eq(guards.profileId, profileId));
  return row;
}

/** What a stage change needs to know, locked until the transaction ends. */
export async function lockOfficerStages(tx: Executor, profileId: string) {
  const [row] = await tx
    .select({
      ...STAGE_COLUMNS,
      status: guards.status,
      approved: guards.approved,
      psraLicenceNumber: guards.psraLicenceNumber,
      psraLicenceExpiresOn: guards.psraLicenceExpiresOn,
      policeClearanceIssuedOn: guards.policeClearanceIssuedOn,
      policeClearanceExpiresOn: guards.policeClearanceExpiresOn,
    })
    .from(guards)
    .where(eq(guards.profileId, profileId))
    .for('update');
  return row;
}

export async function updateOfficerStage(tx: Executor, profileId: string, stage: OnboardingStage, value: boolean, now: Date) {
  await tx
    .update(guards)
    .set({ [stage]: value, updatedAt: now })
    .where(eq(guards.profileId, profileId));
}
