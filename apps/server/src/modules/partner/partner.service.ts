/**
 * The accrediting partner's review of the academy: every cohort with the evidence a reviewer needs
 * (attendance, graded submissions, instructor CVs, facility photos), the audit that allows
 * co-branded certificates, and the course materials.
 */
import { attendanceRate, type AttendanceStatus } from '@ops/shared/domain/attendance-rate';
import { ALREADY_AUDITED_MESSAGE, cohortAuditRefusal } from '@ops/shared/domain/cohort-audit';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { COHORT_FILE_BUCKETS, type CohortFileDto, type CohortFilesDto, type PartnerCohortDto, type PartnerMaterialDto } from '@ops/shared/schemas/partner';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { StoredFileRow } from '../files/files.service.ts';
import {
  countAttendanceByCohort,
  countSubmissionsByCohort,
  findCohortFiles,
  findAuditableCohort,
  findCohorts,
  findCourseMaterials,
  findPartnerReadableFile,
  markCohortAudited,
} from './partner.repo.ts';

type FileRow = Awaited<ReturnType<typeof findCohortFiles>>[number];

/** Each cohort's CVs and photos, as a reviewer lists them. */
export function groupCohortFiles(rows: readonly FileRow[]): Map<string, { cvs: CohortFileDto[]; photos: CohortFileDto[] }> {
  const byCohort = new Map<string, { cvs: CohortFileDto[]; photos: CohortFileDto[] }>();
  for (const row of rows) {
    if (!row.cohortId) continue;
    const files = byCohort.get(row.cohortId) ?? { cvs: [], photos: [] };
    const dto = { id: row.id, name: row.name, sizeBytes: row.sizeBytes };
    if (row.bucket === COHORT_FILE_BUCKETS.cv) files.cvs.push(dto);
    else files.photos.push(dto);
    byCohort.set(row.cohortId, files);
  }
  return byCohort;
}

/** One cohort's CVs and photos, as the console lists them beside the cohort. */
export async function listFilesOfCohort(db: Executor, cohortId: string): Promise<CohortFilesDto> {
  return groupCohortFiles(await findCohortFiles(db, cohortId)).get(cohortId) ?? { cvs: [], photos: [] };
}

/** Every cohort (or one) as the reviewer sees it on `today` (a Nairobi day: what can be audited yet). */
async function readCohorts(db: Executor, today: string, cohortId?: string): Promise<PartnerCohortDto[]> {
  const [rows, attendanceRows, submissionRows, fileRows] = await Promise.all([
    findCohorts(db, cohortId),
    countAttendanceByCohort(db, cohortId),
    countSubmissionsByCohort(db, cohortId),
    findCohortFiles(db, cohortId),
  ]);
  const statuses = new Map<string, AttendanceStatus[]>();
  for (const { cohortId: id, status, rows: n } of attendanceRows) {
    if (!id) continue;
    const list = statuses.get(id) ?? [];
    for (let i = 0; i < n; i += 1) list.push(status);
    statuses.set(id, list);
  }
  const submissions = new Map(submissionRows.map((s) => [s.cohortId, { graded: s.graded, passed: s.passed, total: s.total }]));
  const files = groupCohortFiles(fileRows);
  return rows.map((row) => {
    const refusal = cohortAuditRefusal(row, today);
    return {
      ...row,
      auditedAt: row.auditedAt?.toISOString() ?? null,
      auditUnavailableReason: refusal?.code === 'not_started' ? refusal.message : null,
      attendancePercent: attendanceRate(statuses.get(row.id) ?? []).rate,
      submissions: submissions.get(row.id) ?? { graded: 0, passed: 0, total: 0 },
      cvs: files.get(row.id)?.cvs ?? [],
      photos: files.get(row.id)?.photos ?? [],
    };
  });
}

export const listPartnerCohorts = (db: Executor, now: Date): Promise<PartnerCohortDto[]> => readCohorts(db, nairobiDate(now));

async function readCohort(db: Executor, cohortId: string, now: Date): Promise<PartnerCohortDto> {
  const [cohort] = await readCohorts(db, nairobiDate(now), cohortId);
  if (!cohort) throw AppError.notFound('Cohort not found');
  return cohort;
}

/**
 * The partner's audit, with their optional notes: audited_by and audited_at are the server's, a
 * cohort that has not started yet (Nairobi, by the app's clock) is refused with the day it starts,
 * and only the first auditor wins (the update checks both again, whatever the race).
 */
export async function auditCohort(
  db: Database,
  actor: AuditActor,
  audit: { cohortId: string; notes: string | null },
  now: Date,
): Promise<PartnerCohortDto> {
  const { cohortId, notes } = audit;
  const today = nairobiDate(now);
  await db.transaction(async (tx) => {
    const refuse = async () => {
      const cohort = await findAuditableCohort(tx, cohortId);
      if (!cohort) throw AppError.notFound('Cohort not found');
      const refusal = cohortAuditRefusal(cohort, today);
      if (refusal) throw AppError.conflict(refusal.message);
    };
    await refuse();
    if (!(await markCohortAudited(tx, { cohortId, auditedBy: actor.profileId, at: now, today, notes }))) {
      // Another auditor won between the read and the update.
      await refuse();
      throw AppError.conflict(ALREADY_AUDITED_MESSAGE);
    }
    await recordAudit(tx, {
      actor,
      action: 'cohort.audit',
      recordType: 'cohort',
      recordId: cohortId,
      after: { audited: true, auditedAt: now.toISOString(), notes },
      at: now,
    });
  });
  return readCohort(db, cohortId, now);
}

export async function listPartnerMaterials(db: Executor): Promise<PartnerMaterialDto[]> {
  return (await findCourseMaterials(db)).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}

/** A material, CV or photo; anything else reads as not found. */
export async function findPartnerFile(db: Executor, fileId: string): Promise<StoredFileRow> {
  const file = await findPartnerReadableFile(db, fileId);
  if (!file) throw AppError.notFound('File not found');
  return file;
}
