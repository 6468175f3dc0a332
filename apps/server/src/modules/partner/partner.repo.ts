import { and, asc, count, desc, eq, inArray, isNotNull, lte, not, sql } from 'drizzle-orm';
import { COHORT_FILE_BUCKETS } from '@ops/shared/schemas/partner';
import type { Executor } from '../../db/client.ts';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { attendance, studentAssessments } from '../../db/schema/academy-training.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { profiles } from '../../db/schema/profiles.ts';

export const COURSE_MATERIALS_BUCKET = 'course-materials';
/** What a partner may download: course materials and the cohorts' CVs and photos, nothing else. */
export const PARTNER_READABLE_BUCKETS = [COURSE_MATERIALS_BUCKET, COHORT_FILE_BUCKETS.cv, COHORT_FILE_BUCKETS.photo] as const;

/** Every cohort (or one) with its course and auditor, latest start first. */
export function findCohorts(db: Executor, cohortId?: string) {
  return db
    .select({
      id: cohorts.id,
      courseId: cohorts.courseId,
      courseName: courses.title,
      startDate: cohorts.startDate,
      endDate: cohorts.endDate,
      durationWeeks: courses.durationWeeks,
      status: cohorts.status,
      instructor: cohorts.instructor,
      location: cohorts.location,
      capacity: cohorts.capacity,
      enrolledCount: cohorts.enrolledCount,
      audited: cohorts.audited,
      auditedAt: cohorts.auditedAt,
      auditedByName: profiles.fullName,
      auditNotes: cohorts.auditNotes,
    })
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .leftJoin(profiles, eq(profiles.id, cohorts.auditedBy))
    .where(cohortId ? eq(cohorts.id, cohortId) : undefined)
    .orderBy(desc(cohorts.startDate), asc(cohorts.id));
}

/** Attendance rows counted per cohort and status, in one query. */
export function countAttendanceByCohort(db: Executor, cohortId?: string) {
  return db
    .select({ cohortId: enrollments.cohortId, status: attendance.status, rows: count() })
    .from(attendance)
    .innerJoin(enrollments, eq(enrollments.id, attendance.enrollmentId))
    .where(cohortId ? eq(enrollments.cohortId, cohortId) : isNotNull(enrollments.cohortId))
    .groupBy(enrollments.cohortId, attendance.status);
}

/** Submissions per cohort: all of them, the graded ones and the passed ones, in one query. */
export function countSubmissionsByCohort(db: Executor, cohortId?: string) {
  return db
    .select({
      cohortId: enrollments.cohortId,
      total: count(),
      graded: sql<number>`count(*) filter (where ${studentAssessments.grade} is not null)`.mapWith(Number),
      passed: sql<number>`count(*) filter (where ${studentAssessments.passed})`.mapWith(Number),
    })
    .from(studentAssessments)
    .innerJoin(enrollments, eq(enrollments.id, studentAssessments.enrollmentId))
    .where(cohortId ? eq(enrollments.cohortId, cohortId) : isNotNull(enrollments.cohortId))
    .groupBy(enrollments.cohortId);
}

/** The CVs and photos of every cohort (or one), oldest first. */
export function findCohortFiles(db: Executor, cohortId?: string) {
  return db
    .select({
      id: storedFiles.id,
      cohortId: storedFiles.cohortId,
      bucket: storedFiles.bucket,
      name: storedFiles.originalName,
      sizeBytes: storedFiles.sizeBytes,
    })
    .from(storedFiles)
    .where(
      and(
        cohortId ? eq(storedFiles.cohortId, cohortId) : isNotNull(storedFiles.cohortId),
        inArray(storedFiles.bucket, [COHORT_FILE_BUCKETS.cv, COHORT_FILE_BUCKETS.photo]),
      ),
    )
    .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id));
}

/**
 * Marks the cohort audited unless it already is or has not started on `today` (a Nairobi day): one
 * conditional update, so only one auditor wins and no audit is dated before the cohort's first day.
 */
export async function markCohortAudited(
  db: Executor,
  audit: { cohortId: string; auditedBy: string; at: Date; today: string; notes: string | null },
): Promise<boolean> {
  const rows = await db
    .update(cohorts)
    .set({ audited: true, auditedBy: audit.auditedBy, auditedAt: audit.at, auditNotes: audit.notes, updatedAt: audit.at })
    .where(and(eq(cohorts.id, audit.cohortId), not(cohorts.audited), lte(cohorts.startDate, audit.today)))
    .returning({ id: cohorts.id });
  return rows.length === 1;
}

/** What the audit rule reads of a cohort; undefined when there is none. */
export async function findAuditableCohort(db: Executor, cohortId: string) {
  const [row] = await db.select({ startDate: cohorts.startDate, audited: cohorts.audited }).from(cohorts).where(eq(cohorts.id, cohortId));
  return row;
}

export function findCourseMaterials(db: Executor) {
  return db
    .select({
      id: storedFiles.id,
      name: storedFiles.originalName,
      courseId: courses.id,
      courseTitle: courses.title,
      sizeBytes: storedFiles.sizeBytes,
      createdAt: storedFiles.createdAt,
    })
    .from(storedFiles)
    .innerJoin(courses, eq(courses.id, storedFiles.courseId))
    .where(eq(storedFiles.bucket, COURSE_MATERIALS_BUCKET))
    .orderBy(asc(courses.title), desc(storedFiles.createdAt), asc(storedFiles.id));
}

export async function findPartnerReadableFile(db: Executor, fileId: string) {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), inArray(storedFiles.bucket, [...PARTNER_READABLE_BUCKETS])));
  return row ?? null;
}
