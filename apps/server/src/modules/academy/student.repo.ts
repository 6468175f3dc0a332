import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { ENROLLMENT_STATUSES } from '@ops/shared/constants';
import type { Executor } from '../../db/client.ts';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { cohortSchedules, courseAnnouncements, studentAssessments } from '../../db/schema/academy-training.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { COURSE_MATERIALS_BUCKET } from './materials.repo.ts';

export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/** The courses and cohorts whose sessions, materials and news a student may see. */
export interface StudentScope {
  courseIds: string[];
  cohortIds: string[];
}

export async function findFullName(db: Executor, profileId: string): Promise<string | null> {
  const [row] = await db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, profileId));
  return row?.fullName ?? null;
}

/** Every enrolment of the student, newest first (enrollments_profile_created_idx). */
export function listStudentEnrollments(db: Executor, profileId: string) {
  return db
    .select({
      id: enrollments.id,
      courseId: enrollments.courseId,
      courseTitle: courses.title,
      cohortId: enrollments.cohortId,
      cohortStartDate: cohorts.startDate,
      coursePrice: enrollments.coursePrice,
      paymentMethod: enrollments.paymentMethod,
      paymentStatus: enrollments.paymentStatus,
      status: enrollments.status,
      createdAt: enrollments.createdAt,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(cohorts, eq(cohorts.id, enrollments.cohortId))
    .where(eq(enrollments.profileId, profileId))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id));
}
export type StudentEnrollmentRow = Awaited<ReturnType<typeof listStudentEnrollments>>[number];

/** A session belongs to its cohort, or (no cohort) to every cohort of its course. */
const inScope = (scope: StudentScope) =>
  and(
    inArray(cohortSchedules.courseId, scope.courseIds),
    scope.cohortIds.length > 0
      ? or(isNull(cohortSchedules.cohortId), inArray(cohortSchedules.cohortId, scope.cohortIds))
      : isNull(cohortSchedules.cohortId),
  );

/** Sessions from `from` (inclusive) to `to` (exclusive); cohort_schedules_course_date_idx. */
export async function countSessionsBetween(db: Executor, scope: StudentScope, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cohortSchedules)
    .where(and(inScope(scope), gte(cohortSchedules.sessionDate, from), lt(cohortSchedules.sessionDate, to)));
  return row?.n ?? 0;
}

export function listSessionsFrom(db: Executor, scope: StudentScope, from: Date, limit: number) {
  return db
    .select({
      id: cohortSchedules.id,
      courseId: cohortSchedules.courseId,
      courseTitle: courses.title,
      title: cohortSchedules.sessionTitle,
      description: cohortSchedules.sessionDescription,
      startsAt: cohortSchedules.sessionDate,
      durationHours: cohortSchedules.durationHours,
      location: cohortSchedules.location,
      instructor: cohortSchedules.instructor,
    })
    .from(cohortSchedules)
    .innerJoin(courses, eq(courses.id, cohortSchedules.courseId))
    .where(and(inScope(scope), gte(cohortSchedules.sessionDate, from)))
    .orderBy(asc(cohortSchedules.sessionDate), asc(cohortSchedules.id))
    .limit(limit);
}

/** Course materials, newest first (stored_files_bucket_course_idx). */
export function listMaterials(db: Executor, courseIds: string[], limit: number) {
  return db
    .select({
      id: storedFiles.id,
      courseId: courses.id,
      courseTitle: courses.title,
      name: storedFiles.originalName,
      sizeBytes: storedFiles.sizeBytes,
      createdAt: storedFiles.createdAt,
    })
    .from(storedFiles)
    .innerJoin(courses, eq(courses.id, storedFiles.courseId))
    .where(and(eq(storedFiles.bucket, COURSE_MATERIALS_BUCKET), inArray(storedFiles.courseId, courseIds)))
    .orderBy(desc(storedFiles.createdAt), desc(storedFiles.id))
    .limit(limit);
}

/**
 * The latest announcements for the student: those for the whole of one of their courses, and those
 * for one of their own cohorts, never another cohort's (course_announcements_course_published_idx).
 */
export function listAnnouncements(db: Executor, scope: StudentScope, limit: number) {
  return db
    .select({
      id: courseAnnouncements.id,
      courseId: courseAnnouncements.courseId,
      courseTitle: courses.title,
      title: courseAnnouncements.title,
      content: courseAnnouncements.content,
      priority: courseAnnouncements.priority,
      publishedAt: courseAnnouncements.publishedAt,
    })
    .from(courseAnnouncements)
    .innerJoin(courses, eq(courses.id, courseAnnouncements.courseId))
    .where(
      and(
        inArray(courseAnnouncements.courseId, scope.courseIds),
        scope.cohortIds.length > 0
          ? or(isNull(courseAnnouncements.cohortId), inArray(courseAnnouncements.cohortId, scope.cohortIds))
          : isNull(courseAnnouncements.cohortId),
      ),
    )
    .orderBy(desc(courseAnnouncements.publishedAt), desc(courseAnnouncements.id))
    .limit(limit);
}

const assessmentColumns = {
  id: studentAssessments.id,
  enrollmentId: studentAssessments.enrollmentId,
  courseId: studentAssessments.courseId,
  courseTitle: courses.title,
  title: studentAssessments.assessmentTitle,
  type: studentAssessments.assessmentType,
  status: studentAssessments.status,
  submittedAt: studentAssessments.submittedAt,
  grade: studentAssessments.grade,
  passed: studentAssessments.passed,
  feedback: studentAssessments.feedback,
  fileId: studentAssessments.fileId,
  fileName: studentAssessments.fileName,
};

/** The student's submissions, newest first (student_assessments_profile_submitted_idx). */
export function listAssessments(db: Executor, profileId: string, limit: number) {
  return db
    .select(assessmentColumns)
    .from(studentAssessments)
    .innerJoin(courses, eq(courses.id, studentAssessments.courseId))
    .where(eq(studentAssessments.profileId, profileId))
    .orderBy(desc(studentAssessments.submittedAt), desc(studentAssessments.id))
    .limit(limit);
}
export type StudentAssessmentRow = Awaited<ReturnType<typeof listAssessments>>[number];

export async function countAssessments(db: Executor, profileId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(studentAssessments).where(eq(studentAssessments.profileId, profileId));
  return row?.n ?? 0;
}

/** One of the student's own submissions, or null. */
export async function findOwnAssessment(db: Executor, profileId: string, id: string): Promise<StudentAssessmentRow | null> {
  const [row] = await db
    .select(assessmentColumns)
    .from(studentAssessments)
    .innerJoin(courses, eq(courses.id, studentAssessments.courseId))
    .where(and(eq(studentAssessments.id, id), eq(studentAssessments.profileId, profileId)));
  return row ?? null;
}

/** The student's own enrolment, or null. */
export async function findOwnEnrollment(db: Executor, profileId: string, enrollmentId: string) {
  const [row] = await db
    .select({ id: enrollments.id, courseId: enrollments.courseId, status: enrollments.status })
    .from(enrollments)
    .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.profileId, profileId)));
  return row ?? null;
}

/** Whether the student holds one of these enrolments in the course (enrollments_course_id_idx). */
export async function holdsEnrollmentIn(db: Executor, profileId: string, courseId: string, statuses: readonly EnrollmentStatus[]): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.profileId, profileId), inArray(enrollments.status, [...statuses])))
    .limit(1);
  return Boolean(row);
}

export type NewAssessmentRow = typeof studentAssessments.$inferInsert;

export async function insertAssessment(db: Executor, values: NewAssessmentRow): Promise<string> {
  const [row] = await db.insert(studentAssessments).values(values).returning({ id: studentAssessments.id });
  if (!row) throw new Error('assessment not inserted');
  return row.id;
}
