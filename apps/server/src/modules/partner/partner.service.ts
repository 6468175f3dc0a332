/**
 * The accrediting partner's review of the academy: every cohort with the evidence a reviewer needs
 * (attendance, graded submissions, instructor CVs, facility photos), the audit that allows
 * co-branded certificates, and the course materials.
 */
import { attendanceRate, type AttendanceStatus } from '@ops/shared/domain/attendance-rate';
import { COHORT_FILE_BUCKETS, PARTNER_TEXTS, type CohortFileDto, type PartnerCohortDto, type PartnerMaterialDto } from '@ops/shared/schemas/partner';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { StoredFileRow } from '../files/files.repo.ts';
import {
  cohortExists,
  countAttendanceByCohort,
  countSubmissionsByCohort,
  findCohortFiles,
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

async function readCohorts(db: Executor, cohortId?: string): Promise<PartnerCohortDto[]> {
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
  return rows.map((row) => ({
    ...row,
    auditedAt: row.auditedAt?.toISOString() ?? null,
    attendancePercent: attendanceRate(statuses.get(row.id) ?? []).rate,
    submissions: submissions.get(row.id) ?? { graded: 0, passed: 0, total: 0 },
    cvs: files.get(row.id)?.cvs ?? [],
    photos: files.get(row.id)?.photos ?? [],
  }));
}

export const listPartnerCohorts = (db: Executor): Promise<PartnerCohortDto[]> => readCohorts(db);

async function readCohort(db: Executor, cohortId: string): Promise<PartnerCohortDto> {
  const [cohort] = await readCohorts(db, cohortId);
  if (!cohort) throw AppError.notFound('Cohort not found');
  return cohort;
}

/** The partner's audit: audited_by and audited_at are the server's, and only the first auditor wins. */
export async function auditCohort(db: Database, actor: AuditActor, cohortId: string, now: Date): Promise<PartnerCohortDto> {
  await db.transaction(async (tx) => {
    if (!(await markCohortAudited(tx, cohortId, actor.profileId, now))) {
      if (await cohortExists(tx, cohortId)) throw AppError.conflict(PARTNER_TEXTS.alreadyAudited);
      throw AppError.notFound('Cohort not found');
    }
    await recordAudit(tx, {
      actor,
      action: 'cohort.audit',
      recordType: 'cohort',
      recordId: cohortId,
      after: { audited: true, auditedAt: now.toISOString() },
      at: now,
    });
  });
  return readCohort(db, cohortId);
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
