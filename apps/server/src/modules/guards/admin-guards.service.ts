import { credentialProblem, credentialStatuses } from '@ops/shared/domain/guard-credentials';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { AdminGuardDetail, AdminGuardListParams, AdminGuardPage, AdminGuardRow } from '@ops/shared/schemas/admin';
import type { Executor } from '../../db/client.ts';
import { readAdminPage } from '../../lib/admin-list.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import { AppError } from '../../lib/errors.ts';
import { listGuardDocuments } from '../guard-documents/guard-documents.service.ts';
import { decideGuard } from './guard-approval.service.ts';
import { findGuardDetail, findGuardPage } from './admin-guards.repo.ts';

type GuardRowRecord = Omit<AdminGuardRow, 'createdAt'> & { createdAt: Date };

export function toGuardRow(row: GuardRowRecord): AdminGuardRow {
  return {
    profileId: row.profileId,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    avatarUrl: row.avatarUrl,
    specialization: row.specialization,
    experienceYears: row.experienceYears,
    rateHourly: row.rateHourly,
    status: row.status,
    approved: row.approved,
    availability: row.availability,
    averageRating: row.averageRating,
    reviewCount: row.reviewCount,
    credentialsValidUntil: row.credentialsValidUntil,
    createdAt: row.createdAt.toISOString(),
  };
}

export function listAdminGuards(db: Executor, params: AdminGuardListParams): Promise<AdminGuardPage> {
  const { rows, total } = findGuardPage(db, params);
  return readAdminPage(params, rows, total, toGuardRow);
}

export async function getAdminGuard(db: Executor, profileId: string, now: Date): Promise<AdminGuardDetail> {
  const row = await findGuardDetail(db, profileId);
  if (!row) throw AppError.notFound('Guard not found');
  const documents = await listGuardDocuments(db, profileId);
  const facts = {
    psraLicenceNumber: row.psraLicenceNumber,
    psraLicenceExpiresOn: row.psraLicenceExpiresOn,
    policeClearanceIssuedOn: row.policeClearanceIssuedOn,
    policeClearanceExpiresOn: row.policeClearanceExpiresOn,
  };
  const today = nairobiDate(now);
  return {
    ...toGuardRow(row),
    bio: row.bio,
    skills: row.skills,
    rateDaily: row.rateDaily,
    rejectionReason: row.rejectionReason,
    onboarding: {
      documentsVerified: row.documentsVerified,
      reportedToOffice: row.reportedToOffice,
      passedAlcoholTest: row.passedAlcoholTest,
      signedContract: row.signedContract,
      fitForDuty: row.fitForDuty,
      onboardingComplete: row.onboardingComplete,
    },
    credentials: { ...facts, statuses: credentialStatuses(facts, today), problem: credentialProblem(facts, today) },
    documents,
  };
}

/**
 * The Guards view's approval switch: on approves, off takes the guard back under review (status
 * pending). Written with its audit row; the guard is told after.
 */
export async function setApprovalFromConsole(ctx: ConsoleActionContext, profileId: string, approved: boolean): Promise<AdminGuardRow> {
  await decideGuard(ctx, profileId, approved ? { kind: 'approve' } : { kind: 'unapprove' }, ctx);
  const row = await findGuardDetail(ctx.db, profileId);
  if (!row) throw AppError.notFound('Guard not found');
  return toGuardRow(row);
}
