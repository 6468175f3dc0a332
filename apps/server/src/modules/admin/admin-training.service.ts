/**
 * The console's Training view: cohorts (never their seat count, which the enrolment lifecycle
 * owns), the enrolments table, attendance, the certificates list, each course's sessions,
 * announcements and materials, and the grading of submissions. Every write carries its audit row
 * in the same transaction.
 */
import { ATTENDANCE_DAY_MESSAGES, attendanceChangeNeedsReason, attendanceDayProblem, attendanceDaysOf } from '@ops/shared/domain/attendance-days';
import { attendanceRate } from '@ops/shared/domain/attendance-rate';
import { auditDateFitsCohort, auditedStartMessage } from '@ops/shared/domain/cohort-audit';
import { nairobiDate, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import {
  capacityBelowTakenMessage,
  cohortHasEnrollmentsMessage,
  COURSE_CHANGE_MESSAGE,
  NOT_IN_COHORT_MESSAGE,
  type AdminAnnouncementRow,
  type AdminCertificateRow,
  type AdminCohortRow,
  type AdminEnrollmentListParams,
  type AdminEnrollmentPage,
  type AdminEnrollmentRow,
  type AdminMaterialRow,
  type AdminSessionRow,
  type AdminSubmissionListParams,
  type AdminSubmissionPage,
  type AdminSubmissionRow,
  type AnnouncementValues,
  type AttendanceSheet,
  type AttendanceStatusValue,
  type CohortValues,
  type EnrollmentCancelResult,
  type EnrollmentReviewValues,
  type SessionValues,
  type TrainingCourseOption,
} from '@ops/shared/schemas/admin-training';
import type { Executor, Transaction } from '../../db/client.ts';
import { readAdminPage } from '../../lib/admin-list.ts';
import type { AppDeps } from '../../lib/context.ts';
import { isCheckViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ReceivedUpload } from '../files/file-upload.ts';
import { deleteCohortFiles, deleteStoredFile, type StoredFileRow } from '../files/files.repo.ts';
import { removeStoredBytes, saveUploadedFile, storeKeyOf } from '../files/files.service.ts';
import { cancelEnrollment, markCashEnrollmentPaid, reviewEnrollment } from '../academy/enrollment-lifecycle.service.ts';
import type { PaymentDeps } from '../payments/payment-common.ts';
import { refundEnrollmentFee } from '../payments/payment-refund-enrollment.service.ts';
import { listAdminCertificates } from '../certificates/certificate-issuing.service.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import {
  COURSE_MATERIALS_BUCKET,
  countCohortCertificates,
  countCohortEnrollments,
  deleteAnnouncement as removeAnnouncementRow,
  deleteCohort as removeCohortRow,
  deleteSession as removeSessionRow,
  findAttendanceOf,
  findCohort,
  findCohortCourse,
  findCohorts,
  findCohortSessions,
  findCourse,
  findCourseAnnouncements,
  findCourseMaterials,
  findCourseOptions,
  findCourseSessions,
  findEnrollmentPage,
  findEnrollmentRecord,
  findMaterial,
  findSeatHolders,
  findSession,
  findSubmission,
  findSubmissionPage,
  insertAnnouncement,
  insertCohort,
  insertSession,
  lockCohort,
  lockCohortDays,
  lockCourseValidity,
  lockSubmission,
  setGrade,
  updateCohort as writeCohort,
  updateSession as writeSession,
  upsertAttendance,
  writeCourseValidity,
  type AnnouncementRecord,
  type CohortRecord,
  type CohortWrite,
  type EnrollmentRecord,
  type SessionRecord,
  type SessionWrite,
  type SubmissionRecord,
} from './admin-training.repo.ts';

type TrainingDeps = Pick<AppDeps, 'db' | 'jobs' | 'logger' | 'clock' | 'files'>;

const notFound = (what: string) => AppError.notFound(`${what} not found`);

/** An enrolment row still points at the cohort (enrollments_cohort_id_fkey, on delete restrict). */
function isEnrollmentReference(err: unknown): boolean {
  for (let current = err, depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const fields = current as { code?: unknown; cause?: unknown };
    if (fields.code === '23503') return true;
    current = fields.cause;
  }
  return false;
}

// ---------------------------------------------------------------- courses

export async function listCourseOptions(db: Executor): Promise<TrainingCourseOption[]> {
  return findCourseOptions(db);
}

/**
 * Sets how many years the course's certificates hold (null: they do not expire), with its audit row.
 * Certificates issued from then on carry the new expiry; those already issued keep theirs.
 */
export async function setCourseValidity(ctx: ConsoleActionContext, courseId: string, validityYears: number | null): Promise<TrainingCourseOption> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockCourseValidity(tx, courseId);
    if (!before) throw notFound('Course');
    const course = await writeCourseValidity(tx, courseId, validityYears, ctx.now);
    if (!course) throw notFound('Course');
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'course.validity',
      recordType: 'course',
      recordId: courseId,
      before: { validityYears: before.validityYears },
      after: { validityYears },
      at: ctx.now,
    });
    return course;
  });
}

async function requireCourse(db: Executor, courseId: string) {
  const course = await findCourse(db, courseId);
  if (!course) throw AppError.validation({ courseId: 'Choose a course' }, 'Choose a course');
  return course;
}

// ---------------------------------------------------------------- cohorts

export function toCohortRow(row: CohortRecord): AdminCohortRow {
  return { ...row, auditedAt: row.auditedAt?.toISOString() ?? null };
}

export async function listCohorts(db: Executor): Promise<AdminCohortRow[]> {
  return (await findCohorts(db)).map(toCohortRow);
}

async function readCohort(db: Executor, id: string): Promise<AdminCohortRow> {
  const row = await findCohort(db, id);
  if (!row) throw notFound('Cohort');
  return toCohortRow(row);
}

const cohortWrite = (values: CohortValues): CohortWrite => ({
  courseId: values.courseId,
  startDate: values.startDate,
  endDate: values.endDate,
  capacity: values.capacity,
  status: values.status,
  instructor: values.instructor,
  location: values.location,
  notes: values.notes,
});

const auditedCohort = (row: AdminCohortRow) => ({
  courseId: row.courseId,
  startDate: row.startDate,
  endDate: row.endDate,
  capacity: row.capacity,
  status: row.status,
  instructor: row.instructor,
  location: row.location,
  notes: row.notes,
});

export async function createCohort(ctx: ConsoleActionContext, values: CohortValues): Promise<AdminCohortRow> {
  return ctx.db.transaction(async (tx) => {
    await requireCourse(tx, values.courseId);
    const id = await insertCohort(tx, cohortWrite(values));
    const row = await readCohort(tx, id);
    await recordAudit(tx, { actor: ctx.actor, action: 'cohort.create', recordType: 'cohort', recordId: id, after: auditedCohort(row), at: ctx.now });
    return row;
  });
}

/**
 * Edits a cohort. Its capacity never drops below the seats already taken (the lifecycle takes
 * seats under the same row lock, and the table's check stands behind it), and a cohort with
 * enrolments keeps its course.
 */
export async function updateCohort(ctx: ConsoleActionContext, id: string, values: CohortValues): Promise<AdminCohortRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const locked = await lockCohort(tx, id);
      if (!locked) throw notFound('Cohort');
      const before = await readCohort(tx, id);
      if (values.capacity < locked.enrolledCount) {
        const message = capacityBelowTakenMessage(locked.enrolledCount);
        throw AppError.conflict(message, { capacity: message });
      }
      // The partner's audit vouches for the cohort from its first day: the start cannot move past it.
      if (before.auditedAt && !auditDateFitsCohort(new Date(before.auditedAt), values.startDate)) {
        const message = auditedStartMessage(new Date(before.auditedAt));
        throw AppError.conflict(message, { startDate: message });
      }
      if (values.courseId !== locked.courseId) {
        await requireCourse(tx, values.courseId);
        if ((await countCohortEnrollments(tx, id)) > 0) throw AppError.conflict(COURSE_CHANGE_MESSAGE, { courseId: COURSE_CHANGE_MESSAGE });
      }
      await writeCohort(tx, id, cohortWrite(values), ctx.now);
      const after = await readCohort(tx, id);
      await recordAudit(tx, {
        actor: ctx.actor,
        action: 'cohort.update',
        recordType: 'cohort',
        recordId: id,
        before: auditedCohort(before),
        after: auditedCohort(after),
        at: ctx.now,
      });
      return after;
    });
  } catch (err) {
    if (isCheckViolation(err, 'cohorts_capacity_check')) {
      const row = await findCohort(ctx.db, id);
      const message = capacityBelowTakenMessage(row?.enrolledCount ?? values.capacity + 1);
      throw AppError.conflict(message, { capacity: message });
    }
    throw err;
  }
}

/** Deletes a cohort that nobody ever enrolled in (its sessions go with it). */
/** A cohort without enrolments goes with its instructor CVs and facility photos (rows in its transaction, bytes after). */
export async function deleteCohort(deps: Pick<TrainingDeps, 'files' | 'logger'>, ctx: ConsoleActionContext, id: string): Promise<void> {
  let removedFiles: StoredFileRow[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockCohort(tx, id);
      if (!locked) throw notFound('Cohort');
      const before = await readCohort(tx, id);
      const enrolled = await countCohortEnrollments(tx, id);
      if (enrolled > 0) throw AppError.conflict(cohortHasEnrollmentsMessage(enrolled));
      removedFiles = await deleteCohortFiles(tx, id);
      await removeCohortRow(tx, id);
      await recordAudit(tx, {
        actor: ctx.actor,
        action: 'cohort.delete',
        recordType: 'cohort',
        recordId: id,
        before: { ...auditedCohort(before), files: removedFiles.map((f) => ({ bucket: f.bucket, name: f.originalName })) },
        at: ctx.now,
      });
    });
  } catch (err) {
    // An enrolment arrived between the count and the delete.
    if (isEnrollmentReference(err)) throw AppError.conflict(cohortHasEnrollmentsMessage(await countCohortEnrollments(ctx.db, id)));
    throw err;
  }
  if (removedFiles.length > 0) await removeStoredBytes(deps, removedFiles.map(storeKeyOf));
}

// ---------------------------------------------------------------- enrolments

export function toEnrollmentRow(row: EnrollmentRecord): AdminEnrollmentRow {
  return {
    id: row.id,
    profileId: row.profileId,
    studentName: row.studentName,
    phone: row.profilePhone ?? row.paymentPhone,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    cohortId: row.cohortId,
    cohortStartDate: row.cohortStartDate,
    paymentMethod: row.paymentMethod,
    coursePrice: row.coursePrice,
    paymentStatus: row.paymentStatus,
    status: row.status,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    refundRequested: row.refundRequested,
  };
}

export function listEnrollments(db: Executor, params: AdminEnrollmentListParams): Promise<AdminEnrollmentPage> {
  const { rows, total } = findEnrollmentPage(db, params);
  return readAdminPage(params, rows, total, toEnrollmentRow);
}

async function readEnrollment(db: Executor, id: string): Promise<AdminEnrollmentRow> {
  const row = await findEnrollmentRecord(db, id);
  if (!row) throw notFound('Enrolment');
  return toEnrollmentRow(row);
}

export async function reviewEnrollmentFromConsole(
  deps: TrainingDeps,
  ctx: ConsoleActionContext,
  enrollmentId: string,
  review: EnrollmentReviewValues,
): Promise<AdminEnrollmentRow> {
  await reviewEnrollment(deps, {
    enrollmentId,
    decision: review.decision,
    reason: review.decision === 'rejected' ? review.reason : null,
    actor: ctx.actor,
  });
  return readEnrollment(deps.db, enrollmentId);
}

/**
 * Cancels an enrolment with the admin's reason. A fee paid online goes back through the payment
 * service first (its acceptance cancels the enrolment; no answer yet: 'unconfirmed', the claim kept);
 * anything else is cancelled here, a cash fee returned at the office.
 */
export async function cancelEnrollmentFromConsole(
  deps: PaymentDeps,
  ctx: ConsoleActionContext,
  enrollmentId: string,
  reason: string,
): Promise<EnrollmentCancelResult> {
  const current = await findEnrollmentRecord(deps.db, enrollmentId);
  if (!current) throw notFound('Enrolment');
  if (current.paymentMethod !== 'cash' && current.paymentStatus === 'paid') {
    const refund = await refundEnrollmentFee(deps, { enrollmentId, reason, actor: ctx.actor });
    return {
      enrollment: await readEnrollment(deps.db, enrollmentId),
      refund: { how: 'provider', amount: refund.amount, of: refund.of, outcome: refund.outcome },
    };
  }
  const { refund } = await cancelEnrollment(deps, { enrollmentId, reason, actor: ctx.actor });
  return {
    enrollment: await readEnrollment(deps.db, enrollmentId),
    refund: refund.how === 'none' ? refund : { ...refund, outcome: 'accepted' },
  };
}

export async function markCashPaidFromConsole(
  deps: TrainingDeps,
  ctx: ConsoleActionContext,
  enrollmentId: string,
  receiptNumber: string,
): Promise<AdminEnrollmentRow> {
  await markCashEnrollmentPaid(deps, { enrollmentId, receiptNumber, actor: ctx.actor });
  return readEnrollment(deps.db, enrollmentId);
}

// ---------------------------------------------------------------- attendance

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

// ---------------------------------------------------------------- certificates

export async function listCertificates(db: Executor, now: Date): Promise<AdminCertificateRow[]> {
  return listAdminCertificates(db, now);
}

// ---------------------------------------------------------------- sessions

export function toSessionRow(row: SessionRecord): AdminSessionRow {
  const date = nairobiDate(row.sessionDate);
  const time = new Date(row.sessionDate.getTime() + 3 * 3600_000).toISOString().slice(11, 16);
  return {
    id: row.id,
    courseId: row.courseId,
    cohortId: row.cohortId,
    cohortStartDate: row.cohortStartDate,
    title: row.title,
    description: row.description,
    sessionDate: row.sessionDate.toISOString(),
    date,
    time,
    durationHours: Number(row.durationHours),
    location: row.location,
    instructor: row.instructor,
  };
}

export async function listSessions(db: Executor, courseId: string): Promise<AdminSessionRow[]> {
  return (await findCourseSessions(db, courseId)).map(toSessionRow);
}

async function sessionWrite(tx: Transaction, values: SessionValues): Promise<SessionWrite> {
  await requireCourse(tx, values.courseId);
  if (values.cohortId) {
    const cohort = await findCohortCourse(tx, values.cohortId);
    if (!cohort || cohort.courseId !== values.courseId) {
      throw AppError.validation({ cohortId: 'Choose a cohort of this course' }, 'Choose a cohort of this course');
    }
  }
  return {
    courseId: values.courseId,
    cohortId: values.cohortId,
    sessionTitle: values.title,
    sessionDescription: values.description,
    sessionDate: nairobiInstant(values.date, values.time),
    durationHours: values.durationHours,
    location: values.location,
    instructor: values.instructor,
  };
}

async function readSession(db: Executor, id: string): Promise<AdminSessionRow> {
  const row = await findSession(db, id);
  if (!row) throw notFound('Session');
  return toSessionRow(row);
}

const auditedSession = (row: AdminSessionRow) => ({
  courseId: row.courseId,
  cohortId: row.cohortId,
  title: row.title,
  sessionDate: row.sessionDate,
  durationHours: row.durationHours,
  location: row.location,
  instructor: row.instructor,
});

export async function createSession(ctx: ConsoleActionContext, values: SessionValues): Promise<AdminSessionRow> {
  return ctx.db.transaction(async (tx) => {
    const id = await insertSession(tx, await sessionWrite(tx, values));
    const row = await readSession(tx, id);
    await recordAudit(tx, { actor: ctx.actor, action: 'session.create', recordType: 'session', recordId: id, after: auditedSession(row), at: ctx.now });
    return row;
  });
}

export async function updateSession(ctx: ConsoleActionContext, id: string, values: SessionValues): Promise<AdminSessionRow> {
  return ctx.db.transaction(async (tx) => {
    const before = await readSession(tx, id);
    await writeSession(tx, id, await sessionWrite(tx, values));
    const after = await readSession(tx, id);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'session.update',
      recordType: 'session',
      recordId: id,
      before: auditedSession(before),
      after: auditedSession(after),
      at: ctx.now,
    });
    return after;
  });
}

export async function deleteSession(ctx: ConsoleActionContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await readSession(tx, id);
    await removeSessionRow(tx, id);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'session.delete',
      recordType: 'session',
      recordId: id,
      before: auditedSession(before),
      at: ctx.now,
    });
  });
}

// ---------------------------------------------------------------- announcements

const toAnnouncementRow = (row: AnnouncementRecord): AdminAnnouncementRow => ({ ...row, publishedAt: row.publishedAt.toISOString() });

export async function listAnnouncements(db: Executor, courseId: string): Promise<AdminAnnouncementRow[]> {
  return (await findCourseAnnouncements(db, courseId)).map(toAnnouncementRow);
}

/** Publishes an announcement to the whole course, or to one of its cohorts (whose students alone read it). */
export async function createAnnouncement(ctx: ConsoleActionContext, courseId: string, values: AnnouncementValues): Promise<AdminAnnouncementRow> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findCourse(tx, courseId))) throw notFound('Course');
    if (values.cohortId) {
      const cohort = await findCohortCourse(tx, values.cohortId);
      if (!cohort || cohort.courseId !== courseId) {
        throw AppError.validation({ cohortId: 'Choose a cohort of this course' }, 'Choose a cohort of this course');
      }
    }
    const row = await insertAnnouncement(tx, { courseId, ...values, publishedAt: ctx.now, authorProfileId: ctx.actor.profileId });
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'announcement.create',
      recordType: 'announcement',
      recordId: row.id,
      after: { courseId, cohortId: row.cohortId, title: row.title, priority: row.priority },
      at: ctx.now,
    });
    return toAnnouncementRow(row);
  });
}

export async function deleteAnnouncement(ctx: ConsoleActionContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await removeAnnouncementRow(tx, id);
    if (!row) throw notFound('Announcement');
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'announcement.delete',
      recordType: 'announcement',
      recordId: id,
      before: { courseId: row.courseId, cohortId: row.cohortId, title: row.title, priority: row.priority },
      at: ctx.now,
    });
  });
}

// ---------------------------------------------------------------- materials

export const materialUrl = (id: string) => `/api/admin/training/materials/${id}`;

export const toMaterialRow = (row: StoredFileRow): AdminMaterialRow => ({
  id: row.id,
  courseId: row.courseId ?? '',
  name: row.originalName,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  url: materialUrl(row.id),
});

export async function listMaterials(db: Executor, courseId: string): Promise<AdminMaterialRow[]> {
  return (await findCourseMaterials(db, courseId)).map(toMaterialRow);
}

/** Stores an upload as one of the course's materials (the bytes first; the row and its audit row together). */
export async function addMaterial(deps: TrainingDeps, ctx: ConsoleActionContext, courseId: string, upload: ReceivedUpload): Promise<AdminMaterialRow> {
  if (!(await findCourse(deps.db, courseId))) {
    await upload.discard();
    throw notFound('Course');
  }
  const { row } = await saveUploadedFile(
    deps,
    upload,
    { bucket: COURSE_MATERIALS_BUCKET, ownerProfileId: ctx.actor.profileId, courseId },
    async (tx, file) => {
      await recordAudit(tx, {
        actor: ctx.actor,
        action: 'material.upload',
        recordType: 'material',
        recordId: file.id,
        after: { courseId, name: file.originalName, contentType: file.contentType, sizeBytes: file.sizeBytes },
        at: ctx.now,
      });
    },
  );
  return toMaterialRow(row);
}

/** Removes a material: its row with the audit row, then its bytes once that has committed. */
export async function deleteMaterial(deps: TrainingDeps, ctx: ConsoleActionContext, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const file = await findMaterial(tx, id);
    if (!file) throw notFound('Material');
    const gone = await deleteStoredFile(tx, id);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'material.delete',
      recordType: 'material',
      recordId: id,
      before: { courseId: file.courseId, name: file.originalName, sizeBytes: file.sizeBytes },
      at: ctx.now,
    });
    return gone;
  });
  if (removed) await removeStoredBytes(deps, [storeKeyOf(removed)]);
}

export async function findMaterialFile(db: Executor, id: string): Promise<StoredFileRow> {
  const file = await findMaterial(db, id);
  if (!file) throw notFound('Material');
  return file;
}

// ---------------------------------------------------------------- submissions

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
