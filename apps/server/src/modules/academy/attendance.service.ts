/** A cohort's attendance as the console records it: one mark per student and day, each save audited. */
import { ATTENDANCE_DAY_MESSAGES, attendanceChangeNeedsReason, attendanceDayProblem, attendanceDaysOf } from '@ops/shared/domain/attendance-days';
import { attendanceRate } from '@ops/shared/domain/attendance-rate';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { type AttendanceStatusValue } from '@ops/shared/schemas/admin-training';
import { NOT_IN_COHORT_MESSAGE, type AttendanceSheet } from '@ops/shared/schemas/admin-attendance';
import type { Executor } from '../../db/client.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { countCohortCertificates, findAttendanceOf, findCohortSessions, findSeatHolders, lockCohortDays, upsertAttendance } from './attendance.repo.ts';
import { findCohort } from './cohorts.repo.ts';

const notFound = (what: string) => AppError.notFound(`${what} not found`);

/**
 * The cohort's seat holders with this day's mark and each one's rate over the cohort, the days
 * attendance may be recorded for now (by the app's clock, in Nairobi), why this day may not be,
 * and how many certificates the cohort has (a change then needs a reason).
 */
export async function readAttendanceSheet(db: Executor, cohortId: string, sessionDate: string, now: Date): Promise<AttendanceSheet> {
  const cohort = await findCohort(db, cohortId);
  if (!cohort) throw notFound('Cohort');
  const today = nairobiDate(now);
  const students = await findSeatHolders(db, cohortId);
  const marks = await findAttendanceOf(
    db,
    students.map((s) => s.enrollmentId),
  );
  const sessions = await findCohortSessions(db, cohort);
  const certificatesIssued = await countCohortCertificates(db, cohortId);
  const sessionDates = [
    ...new Set(
      sessions
        .filter((s) => s.cohortId === cohort.id || (nairobiDate(s.sessionDate) >= cohort.startDate && nairobiDate(s.sessionDate) <= cohort.endDate))
        .map((s) => nairobiDate(s.sessionDate)),
    ),
  ];
  return {
    cohortId,
    courseId: cohort.courseId,
    courseTitle: cohort.courseTitle,
    sessionDate,
    sessionDates,
    days: attendanceDaysOf(cohort, today),
    dayProblem: attendanceDayProblem(sessionDate, cohort, today),
    certificatesIssued,
    students: students.map((student) => {
      const own = marks.filter((m) => m.enrollmentId === student.enrollmentId);
      return {
        enrollmentId: student.enrollmentId,
        profileId: student.profileId,
        studentName: student.studentName,
        phone: student.phone,
        enrollmentStatus: student.status,
        status: own.find((m) => m.sessionDate === sessionDate)?.status ?? null,
        rate: attendanceRate(own.map((m) => m.status)),
      };
    }),
  };
}

/**
 * Saves a day's marks for the cohort in one transaction: one row per student and day, whatever the
 * number of saves. Only a day of the cohort that has come (shared rule, attendance-days.ts), and,
 * once a certificate of the cohort was issued, only with a reason, which the audit row keeps.
 */
export async function recordAttendance(
  ctx: ConsoleActionContext,
  input: { cohortId: string; sessionDate: string; records: { enrollmentId: string; status: AttendanceStatusValue }[]; reason?: string | null },
): Promise<AttendanceSheet> {
  return ctx.db.transaction(async (tx) => {
    const days = await lockCohortDays(tx, input.cohortId);
    const cohort = await findCohort(tx, input.cohortId);
    if (!days || !cohort) throw notFound('Cohort');
    const fields: Record<string, string> = {};
    const dayProblem = attendanceDayProblem(input.sessionDate, days, nairobiDate(ctx.now));
    if (dayProblem) fields.sessionDate = dayProblem;
    const reason = input.reason?.trim() || null;
    if (!reason && attendanceChangeNeedsReason(await countCohortCertificates(tx, input.cohortId))) fields.reason = ATTENDANCE_DAY_MESSAGES.reasonRequired;
    const firstProblem = Object.values(fields)[0];
    if (firstProblem) throw AppError.validation(fields, firstProblem);
    const holders = new Map((await findSeatHolders(tx, input.cohortId)).map((s) => [s.enrollmentId, s]));
    const sessions = await findCohortSessions(tx, cohort);
    const title = sessions.find((s) => nairobiDate(s.sessionDate) === input.sessionDate)?.title ?? null;
    const rows = input.records.map((record) => {
      const holder = holders.get(record.enrollmentId);
      if (!holder) throw AppError.conflict(NOT_IN_COHORT_MESSAGE);
      return {
        enrollmentId: record.enrollmentId,
        profileId: holder.profileId,
        courseId: holder.courseId,
        sessionDate: input.sessionDate,
        sessionTitle: title,
        status: record.status,
        recordedBy: ctx.actor.profileId,
      };
    });
    const before = await findAttendanceOf(
      tx,
      rows.map((r) => r.enrollmentId),
    ).then((found) => found.filter((m) => m.sessionDate === input.sessionDate).map((m) => ({ enrollmentId: m.enrollmentId, status: m.status })));
    await upsertAttendance(tx, rows, ctx.now);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'attendance.record',
      recordType: 'cohort',
      recordId: input.cohortId,
      before: { sessionDate: input.sessionDate, marks: before },
      after: {
        sessionDate: input.sessionDate,
        marks: rows.map((r) => ({ enrollmentId: r.enrollmentId, status: r.status })),
        ...(reason ? { reason } : {}),
      },
      at: ctx.now,
    });
    return readAttendanceSheet(tx, input.cohortId, input.sessionDate, ctx.now);
  });
}
