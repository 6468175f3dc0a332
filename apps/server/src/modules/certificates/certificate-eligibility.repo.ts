/** SQL for who qualifies for a certificate: the enrolment issued for, and a cohort's seat holders with their attendance and submissions. */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { SEAT_HOLDING_STATUSES } from '@ops/shared/domain/enrollment-status';
import type { Executor } from '../../db/client.ts';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { attendance, studentAssessments } from '../../db/schema/academy-training.ts';
import { users } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/profiles.ts';

/** The enrolment with its cohort, course and student, as issuing needs them. */
export async function findEnrollmentForIssue(db: Executor, enrollmentId: string) {
  const [row] = await db
    .select({
      id: enrollments.id,
      profileId: enrollments.profileId,
      status: enrollments.status,
      paymentStatus: enrollments.paymentStatus,
      cohortId: enrollments.cohortId,
      cohortAudited: cohorts.audited,
      cohortAuditedAt: cohorts.auditedAt,
      courseId: courses.id,
      courseName: courses.title,
      courseDescription: courses.description,
      validityYears: courses.validityYears,
      studentName: profiles.fullName,
      email: users.email,
    })
    .from(enrollments)
    .innerJoin(cohorts, eq(cohorts.id, enrollments.cohortId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(profiles, eq(profiles.id, enrollments.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(enrollments.id, enrollmentId));
  return row;
}
export type EnrollmentForIssue = NonNullable<Awaited<ReturnType<typeof findEnrollmentForIssue>>>;

export async function findCohortForCertificates(db: Executor, cohortId: string) {
  const [row] = await db
    .select({ id: cohorts.id, courseId: courses.id, courseName: courses.title, audited: cohorts.audited, auditedAt: cohorts.auditedAt })
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(eq(cohorts.id, cohortId));
  return row;
}

/** The cohort's seat-holding enrolments (or the one asked for), by student name. */
function seatHolders(cohortId: string, enrollmentId?: string): SQL {
  const holding = and(eq(enrollments.cohortId, cohortId), inArray(enrollments.status, [...SEAT_HOLDING_STATUSES]));
  return (enrollmentId ? and(holding, eq(enrollments.id, enrollmentId)) : holding)!;
}

export function findSeatHolders(db: Executor, cohortId: string, enrollmentId?: string) {
  return db
    .select({
      enrollmentId: enrollments.id,
      profileId: enrollments.profileId,
      paymentStatus: enrollments.paymentStatus,
      studentName: profiles.fullName,
      email: users.email,
    })
    .from(enrollments)
    .innerJoin(profiles, eq(profiles.id, enrollments.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(seatHolders(cohortId, enrollmentId))
    .orderBy(asc(profiles.fullName), asc(enrollments.id));
}

/** Every recorded attendance status of those enrolments. */
export function findAttendanceStatuses(db: Executor, cohortId: string, enrollmentId?: string) {
  return db
    .select({ enrollmentId: attendance.enrollmentId, status: attendance.status })
    .from(attendance)
    .innerJoin(enrollments, eq(enrollments.id, attendance.enrollmentId))
    .where(seatHolders(cohortId, enrollmentId));
}

/** Submissions per enrolment: all, passed, failed, and not (yet) graded with a pass or a fail. */
export function findSubmissionCounts(db: Executor, cohortId: string, enrollmentId?: string) {
  const graded = sql`${studentAssessments.status} = 'graded'`;
  return db
    .select({
      enrollmentId: studentAssessments.enrollmentId,
      total: count(),
      passed: sql<number>`count(*) filter (where ${graded} and ${studentAssessments.passed} is true)`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${graded} and ${studentAssessments.passed} is false)`.mapWith(Number),
    })
    .from(studentAssessments)
    .innerJoin(enrollments, eq(enrollments.id, studentAssessments.enrollmentId))
    .where(seatHolders(cohortId, enrollmentId))
    .groupBy(studentAssessments.enrollmentId);
}
