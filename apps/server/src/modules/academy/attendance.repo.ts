import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { SEAT_HOLDING_STATUSES } from '@ops/shared/domain/enrollment-status';
import type { Executor } from '../../db/client.ts';
import { cohorts } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { attendance, cohortSchedules } from '../../db/schema/academy-training.ts';
import { certificates } from '../../db/schema/certificates.ts';
import { profiles } from '../../db/schema/profiles.ts';

/** The cohort's enrolments that hold a seat, by student name. */
export function findSeatHolders(db: Executor, cohortId: string) {
  return db
    .select({
      enrollmentId: enrollments.id,
      profileId: enrollments.profileId,
      courseId: enrollments.courseId,
      studentName: profiles.fullName,
      phone: profiles.phone,
      status: enrollments.status,
    })
    .from(enrollments)
    .innerJoin(profiles, eq(profiles.id, enrollments.profileId))
    .where(and(eq(enrollments.cohortId, cohortId), inArray(enrollments.status, [...SEAT_HOLDING_STATUSES])))
    .orderBy(asc(profiles.fullName), asc(enrollments.id));
}

export function findAttendanceOf(db: Executor, enrollmentIds: readonly string[]) {
  if (enrollmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ enrollmentId: attendance.enrollmentId, sessionDate: attendance.sessionDate, status: attendance.status })
    .from(attendance)
    .where(inArray(attendance.enrollmentId, [...enrollmentIds]));
}

/** The cohort's days, held (FOR SHARE) until the transaction ends, so an edit of its dates waits for the marks being saved. */
export async function lockCohortDays(db: Executor, cohortId: string) {
  const [row] = await db.select({ startDate: cohorts.startDate, endDate: cohorts.endDate }).from(cohorts).where(eq(cohorts.id, cohortId)).for('share');
  return row;
}

/** Certificates issued to the cohort's students, revoked ones included (they were issued on this attendance too). */
export async function countCohortCertificates(db: Executor, cohortId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(certificates)
    .innerJoin(enrollments, eq(enrollments.id, certificates.enrollmentId))
    .where(eq(enrollments.cohortId, cohortId));
  return row?.n ?? 0;
}

export type AttendanceWrite = Pick<
  typeof attendance.$inferInsert,
  'enrollmentId' | 'profileId' | 'courseId' | 'sessionDate' | 'sessionTitle' | 'status' | 'recordedBy'
>;

/** One row per enrolment and day: a second save of the same day replaces the first. */
export async function upsertAttendance(db: Executor, rows: readonly AttendanceWrite[], now: Date) {
  if (rows.length === 0) return [];
  return db
    .insert(attendance)
    .values(rows.map((row) => ({ ...row, updatedAt: now })))
    .onConflictDoUpdate({
      target: [attendance.enrollmentId, attendance.sessionDate],
      set: {
        status: sql`excluded.status`,
        sessionTitle: sql`coalesce(excluded.session_title, ${attendance.sessionTitle})`,
        recordedBy: sql`excluded.recorded_by`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ enrollmentId: attendance.enrollmentId, status: attendance.status });
}

/** Sessions of the cohort, and the course's sessions tied to no cohort. */
export function findCohortSessions(db: Executor, cohort: { id: string; courseId: string }) {
  return db
    .select({ title: cohortSchedules.sessionTitle, sessionDate: cohortSchedules.sessionDate, cohortId: cohortSchedules.cohortId })
    .from(cohortSchedules)
    .where(and(eq(cohortSchedules.courseId, cohort.courseId), or(eq(cohortSchedules.cohortId, cohort.id), isNull(cohortSchedules.cohortId))))
    .orderBy(asc(cohortSchedules.sessionDate));
}
