import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { officerBadge, stageChangeProblem, type OnboardingStage } from '@ops/shared/domain/officer-onboarding';
import type { AdminOfficerListParams, AdminOfficerPage, OfficerRow } from '@ops/shared/schemas/admin';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { decideGuard } from './guard-approval.service.ts';
import { findOfficer, findOfficerPage, lockOfficerStages, updateOfficerStage } from './admin-officers.repo.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import { toGuardRow } from './admin-guards.service.ts';

type OfficerRecord = NonNullable<Awaited<ReturnType<typeof findOfficer>>>;

function toOfficerRow(row: OfficerRecord): OfficerRow {
  return {
    ...toGuardRow(row),
    documentsVerified: row.documentsVerified,
    reportedToOffice: row.reportedToOffice,
    passedAlcoholTest: row.passedAlcoholTest,
    signedContract: row.signedContract,
    fitForDuty: row.fitForDuty,
    onboardingComplete: row.onboardingComplete,
    rejectionReason: row.rejectionReason,
    badge: officerBadge(row),
  };
}

export async function listOfficers(db: Executor, params: AdminOfficerListParams): Promise<AdminOfficerPage> {
  const { rows, counts } = findOfficerPage(db, params);
  const [found, [tabCounts]] = await Promise.all([rows, counts]);
  const all = tabCounts ?? { pending: 0, onboarding: 0, ready: 0, rejected: 0 };
  return { items: found.map(toOfficerRow), total: all[params.tab], page: params.page, pageSize: params.pageSize, counts: all };
}

export async function getOfficer(db: Executor, profileId: string): Promise<OfficerRow> {
  const row = await findOfficer(db, profileId);
  if (!row) throw AppError.notFound('Guard not found');
  return toOfficerRow(row);
}

export async function approveOfficer(ctx: ConsoleActionContext, profileId: string): Promise<OfficerRow> {
  await decideGuard(ctx, profileId, { kind: 'approve' }, ctx);
  return getOfficer(ctx.db, profileId);
}

export async function rejectOfficer(ctx: ConsoleActionContext, profileId: string, reason: string): Promise<OfficerRow> {
  await decideGuard(ctx, profileId, { kind: 'reject', reason }, ctx);
  return getOfficer(ctx.db, profileId);
}

/**
 * Ticks an onboarding stage on or off. No order is enforced (§4), but 'Fit for duty' and 'Onboarding
 * complete' are each refused while the guard's PSRA licence or police clearance is missing or expired
 * (409 naming the date, nothing written). The change and its audit row commit together.
 */
export async function setOfficerStage(ctx: ConsoleActionContext, profileId: string, stage: OnboardingStage, value: boolean): Promise<OfficerRow> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockOfficerStages(tx, profileId);
    if (!current) throw AppError.notFound('Guard not found');
    if (current[stage] === value) return;
    const problem = stageChangeProblem(stage, value, current, nairobiDate(ctx.now));
    if (problem) throw AppError.conflict(problem);
    await updateOfficerStage(tx, profileId, stage, value, ctx.now);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'guard.stage',
      recordType: 'guard',
      recordId: profileId,
      subjectProfileId: profileId,
      before: { [stage]: current[stage] },
      after: { [stage]: value },
      at: ctx.now,
    });
  });
  return getOfficer(ctx.db, profileId);
}
