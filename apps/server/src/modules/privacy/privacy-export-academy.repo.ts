/** SQL for the export of a person's training records: enrolments, attendance, assessments and certificates. */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { attendance, studentAssessments } from '../../db/schema/academy-training.ts';
import { certificates } from '../../db/schema/certificates.ts';

export function findEnrollments(db: Executor, profileId: string) {
  return db
    .select({
      id: enrollments.id,
      courseId: enrollments.courseId,
      courseTitle: courses.title,
      cohortStartDate: cohorts.startDate,
      cohortEndDate: cohorts.endDate,
      coursePrice: enrollments.coursePrice,
      paymentMethod: enrollments.paymentMethod,
      phoneNumber: enrollments.phoneNumber,
      status: enrollments.status,
      paymentStatus: enrollments.paymentStatus,
      paymentDeadline: enrollments.paymentDeadline,
      notes: enrollments.notes,
      createdAt: enrollments.createdAt,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(cohorts, eq(cohorts.id, enrollments.cohortId))
    .where(eq(enrollments.profileId, profileId))
    .orderBy(asc(enrollments.createdAt));
}

export function findAttendance(db: Executor, profileId: string) {
  return db
    .select({
      enrollmentId: attendance.enrollmentId,
      courseId: attendance.courseId,
      sessionDate: attendance.sessionDate,
      sessionTitle: attendance.sessionTitle,
      status: attendance.status,
    })
    .from(attendance)
    .where(eq(attendance.profileId, profileId))
    .orderBy(asc(attendance.sessionDate));
}

export function findAssessments(db: Executor, profileId: string) {
  return db
    .select({
      id: studentAssessments.id,
      enrollmentId: studentAssessments.enrollmentId,
      courseId: studentAssessments.courseId,
      title: studentAssessments.assessmentTitle,
      type: studentAssessments.assessmentType,
      fileName: studentAssessments.fileName,
      status: studentAssessments.status,
      submittedAt: studentAssessments.submittedAt,
      grade: studentAssessments.grade,
      feedback: studentAssessments.feedback,
      gradedAt: studentAssessments.gradedAt,
    })
    .from(studentAssessments)
    .where(eq(studentAssessments.profileId, profileId))
    .orderBy(asc(studentAssessments.submittedAt));
}

export function findCertificates(db: Executor, profileId: string) {
  return db
    .select({
      certificateRef: certificates.certificateRef,
      studentName: certificates.studentName,
      courseName: certificates.courseName,
      issueDate: certificates.issueDate,
      cobranded: certificates.cobranded,
      createdAt: certificates.createdAt,
    })
    .from(certificates)
    .innerJoin(enrollments, eq(enrollments.id, certificates.enrollmentId))
    .where(eq(enrollments.profileId, profileId))
    .orderBy(asc(certificates.createdAt));
}
