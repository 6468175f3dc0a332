/** The grading of students' submissions from the console: the list, the file, the grade with its audit row. */
import type { AdminSubmissionListParams, AdminSubmissionPage, AdminSubmissionRow } from '@ops/shared/schemas/admin-grading';
import type { Executor } from '../../db/client.ts';
import { readAdminPage } from '../../lib/admin-list.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findStoredFile, type StoredFileRow } from '../files/files.service.ts';
import { findSubmission, findSubmissionPage, lockSubmission, setGrade, type SubmissionRecord } from './grading.repo.ts';

const notFound = (what: string) => AppError.notFound(`${what} not found`);

export const submissionFileUrl = (id: string) => `/api/admin/training/submissions/${id}/file`;

export function toSubmissionRow(row: SubmissionRecord): AdminSubmissionRow {
  return {
    id: row.id,
    enrollmentId: row.enrollmentId,
    profileId: row.profileId,
    studentName: row.studentName,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    title: row.title,
    type: row.type,
    fileName: row.fileName,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    grade: row.grade,
    passed: row.passed,
    feedback: row.feedback,
    gradedAt: row.gradedAt?.toISOString() ?? null,
    url: submissionFileUrl(row.id),
  };
}

export function listSubmissions(db: Executor, params: AdminSubmissionListParams): Promise<AdminSubmissionPage> {
  const { rows, total } = findSubmissionPage(db, params);
  return readAdminPage(params, rows, total, toSubmissionRow);
}

export async function findSubmissionForRead(db: Executor, id: string): Promise<SubmissionRecord> {
  const row = await findSubmission(db, id);
  if (!row) throw notFound('Submission');
  return row;
}

/** The submission and its stored file; either missing is a 404. */
export async function findSubmissionFileForRead(db: Executor, id: string): Promise<{ submission: SubmissionRecord; file: StoredFileRow }> {
  const submission = await findSubmissionForRead(db, id);
  const file = await findStoredFile(db, submission.fileId);
  if (!file) throw AppError.notFound('This file is not available.');
  return { submission, file };
}

/** Grades a submission (a grade may be corrected later; each change has its audit row). */
export async function gradeSubmission(
  ctx: ConsoleActionContext,
  id: string,
  values: { grade: string; passed: boolean; feedback: string | null },
): Promise<AdminSubmissionRow> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockSubmission(tx, id);
    if (!before) throw notFound('Submission');
    await setGrade(tx, id, { ...values, gradedBy: ctx.actor.profileId, gradedAt: ctx.now });
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'assessment.grade',
      recordType: 'assessment',
      recordId: id,
      subjectProfileId: before.profileId,
      before: { status: before.status, grade: before.grade, passed: before.passed },
      after: { status: 'graded', grade: values.grade, passed: values.passed, feedbackGiven: values.feedback !== null },
      at: ctx.now,
    });
    return toSubmissionRow((await findSubmission(tx, id))!);
  });
}
