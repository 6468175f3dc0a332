import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminEnrollmentListParams, AdminEnrollmentSort, AdminSubmissionListParams } from '@ops/shared/schemas/admin-training';
import { PENDING_STATUSES, SEAT_HOLDING_STATUSES } from '@ops/shared/domain/enrollment-status';
import type { Executor } from '../../db/client.ts';
import {
  attendance,
  certificates,
  cohortSchedules,
  cohorts,
  courseAnnouncements,
  courses,
  enrollments,
  studentAssessments,
} from '../../db/schema/academy.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { adminOrderBy, ilikeContains, pageOffset, phoneFragment, type SortColumn } from '../../lib/admin-list.ts';

export const COURSE_MATERIALS_BUCKET = 'course-materials';

// ---------------------------------------------------------------- courses

export function findCourseOptions(db: Executor) {
  return db
    .select({ id: courses.id, title: courses.title, price: courses.price, validityYears: courses.validityYears })
    .from(courses)
    .orderBy(asc(courses.sortOrder), asc(courses.title));
}

/** The course's validity as it is now, its row locked until the transaction ends; undefined for no such course. */
export async function lockCourseValidity(db: Executor, courseId: string) {
  const [row] = await db.select({ validityYears: courses.validityYears }).from(courses).where(eq(courses.id, courseId)).for('update');
  return row;
}

/** Sets the validity and returns the course as the selects list it. */
export async function writeCourseValidity(db: Executor, courseId: string, validityYears: number | null, now: Date) {
  const [row] = await db
    .update(courses)
    .set({ validityYears, updatedAt: now })
    .where(eq(courses.id, courseId))
    .returning({ id: courses.id, title: courses.title, price: courses.price, validityYears: courses.validityYears });
  return row;
}

export async function findCourse(db: Executor, courseId: string) {
  const [row] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, courseId));
  return row;
}

// ---------------------------------------------------------------- cohorts

const enrollmentTotal = sql<number>`(select count(*) from ${enrollments} where ${enrollments.cohortId} = ${cohorts.id})`.mapWith(Number);

function selectCohorts(db: Executor) {
  return db
    .select({
      id: cohorts.id,
      courseId: cohorts.courseId,
      courseTitle: courses.title,
      startDate: cohorts.startDate,
      endDate: cohorts.endDate,
      capacity: cohorts.capacity,
      enrolledCount: cohorts.enrolledCount,
      enrollmentTotal,
      status: cohorts.status,
      instructor: cohorts.instructor,
      location: cohorts.location,
      notes: cohorts.notes,
      audited: cohorts.audited,
      auditedAt: cohorts.auditedAt,
      auditNotes: cohorts.auditNotes,
    })
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId));
}
export type CohortRecord = Awaited<ReturnType<typeof selectCohorts>>[number];

/** Every cohort, the latest start first (cohorts_start_date_idx). */
export function findCohorts(db: Executor) {
  return selectCohorts(db).orderBy(desc(cohorts.startDate), desc(cohorts.createdAt), desc(cohorts.id));
}

export async function findCohort(db: Executor, id: string): Promise<CohortRecord | undefined> {
  const [row] = await selectCohorts(db).where(eq(cohorts.id, id));
  return row;
}

/** The cohort's row, locked until the transaction ends (enrolments take seats under the same lock). */
export async function lockCohort(db: Executor, id: string) {
  const [row] = await db.select().from(cohorts).where(eq(cohorts.id, id)).for('update');
  return row;
}

export type CohortWrite = Pick<
  typeof cohorts.$inferInsert,
  'courseId' | 'startDate' | 'endDate' | 'capacity' | 'status' | 'instructor' | 'location' | 'notes'
>;

export async function insertCohort(db: Executor, values: CohortWrite): Promise<string> {
  const [row] = await db.insert(cohorts).values(values).returning({ id: cohorts.id });
  return row!.id;
}

/** Never writes enrolled_count: the enrolment lifecycle owns it. */
export async function updateCohort(db: Executor, id: string, values: CohortWrite, now: Date): Promise<void> {
  await db
    .update(cohorts)
    .set({ ...values, updatedAt: now })
    .where(eq(cohorts.id, id));
}

export async function deleteCohort(db: Executor, id: string): Promise<void> {
  await db.delete(cohorts).where(eq(cohorts.id, id));
}

export async function countCohortEnrollments(db: Executor, cohortId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.cohortId, cohortId));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- enrolments

const ENROLLMENT_SORT_COLUMNS: Record<AdminEnrollmentSort, SortColumn> = {
  created: { expression: enrollments.createdAt },
  name: { expression: profiles.fullName },
};

/** The search box: the student's name or phone (profile or M-Pesa number), or the course's title. */
function enrollmentSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const phone = phoneFragment(q);
  return or(
    ilikeContains(profiles.fullName, q),
    ilikeContains(courses.title, q),
    phone ? ilikeContains(profiles.phone, phone) : undefined,
    phone ? ilikeContains(enrollments.phoneNumber, phone) : undefined,
  );
}

/** 'pending' is every enrolment still waiting for a decision or a payment (the specification's 'pending' is never made). */
function enrollmentStatusFilter(status: AdminEnrollmentListParams['status']): SQL | undefined {
  if (status === 'all') return undefined;
  if (status === 'pending') return inArray(enrollments.status, [...PENDING_STATUSES]);
  return eq(enrollments.status, status);
}

function enrollmentWhere(params: AdminEnrollmentListParams): SQL | undefined {
  return and(
    enrollmentStatusFilter(params.status),
    params.cohortId === 'all' ? undefined : eq(enrollments.cohortId, params.cohortId),
    enrollmentSearch(params.q),
  );
}

/** An admin asked for the refund of the enrolment's online fee and the payment service has not answered yet. */
const refundRequested =
  sql<boolean>`exists (select 1 from ${payments} where ${payments.enrollmentId} = ${enrollments.id} and ${payments.status} = 'paid' and ${payments.refundRequestedAt} is not null)`.mapWith(
    Boolean,
  );

function selectEnrollments(db: Executor) {
  return db
    .select({
      id: enrollments.id,
      profileId: enrollments.profileId,
      studentName: profiles.fullName,
      profilePhone: profiles.phone,
      paymentPhone: enrollments.phoneNumber,
      courseId: enrollments.courseId,
      courseTitle: courses.title,
      cohortId: enrollments.cohortId,
      cohortStartDate: cohorts.startDate,
      paymentMethod: enrollments.paymentMethod,
      coursePrice: enrollments.coursePrice,
      paymentStatus: enrollments.paymentStatus,
      status: enrollments.status,
      notes: enrollments.notes,
      createdAt: enrollments.createdAt,
      refundRequested: refundRequested,
    })
    .from(enrollments)
    .innerJoin(profiles, eq(profiles.id, enrollments.profileId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(cohorts, eq(cohorts.id, enrollments.cohortId));
}
export type EnrollmentRecord = Awaited<ReturnType<typeof selectEnrollments>>[number];

export function findEnrollmentPage(db: Executor, params: AdminEnrollmentListParams) {
  const where = enrollmentWhere(params);
  const rows = selectEnrollments(db)
    .where(where)
    .orderBy(...adminOrderBy(ENROLLMENT_SORT_COLUMNS, params.sort, params.dir, enrollments.id))
    .limit(params.pageSize)
    .offset(pageOffset(params));
  const total = db
    .select({ n: count() })
    .from(enrollments)
    .innerJoin(profiles, eq(profiles.id, enrollments.profileId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(where)
    .then(([row]) => row?.n ?? 0);
  return { rows, total };
}

export async function findEnrollmentRecord(db: Executor, id: string): Promise<EnrollmentRecord | undefined> {
  const [row] = await selectEnrollments(db).where(eq(enrollments.id, id));
  return row;
}

// ---------------------------------------------------------------- attendance

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

// ---------------------------------------------------------------- sessions

function selectSessions(db: Executor) {
  return db
    .select({
      id: cohortSchedules.id,
      courseId: cohortSchedules.courseId,
      cohortId: cohortSchedules.cohortId,
      cohortStartDate: cohorts.startDate,
      title: cohortSchedules.sessionTitle,
      description: cohortSchedules.sessionDescription,
      sessionDate: cohortSchedules.sessionDate,
      durationHours: cohortSchedules.durationHours,
      location: cohortSchedules.location,
      instructor: cohortSchedules.instructor,
    })
    .from(cohortSchedules)
    .leftJoin(cohorts, eq(cohorts.id, cohortSchedules.cohortId));
}
export type SessionRecord = Awaited<ReturnType<typeof selectSessions>>[number];

export function findCourseSessions(db: Executor, courseId: string) {
  return selectSessions(db).where(eq(cohortSchedules.courseId, courseId)).orderBy(asc(cohortSchedules.sessionDate), asc(cohortSchedules.id));
}

export async function findSession(db: Executor, id: string): Promise<SessionRecord | undefined> {
  const [row] = await selectSessions(db).where(eq(cohortSchedules.id, id));
  return row;
}

export type SessionWrite = Pick<
  typeof cohortSchedules.$inferInsert,
  'courseId' | 'cohortId' | 'sessionTitle' | 'sessionDescription' | 'sessionDate' | 'durationHours' | 'location' | 'instructor'
>;

export async function insertSession(db: Executor, values: SessionWrite): Promise<string> {
  const [row] = await db.insert(cohortSchedules).values(values).returning({ id: cohortSchedules.id });
  return row!.id;
}

export async function updateSession(db: Executor, id: string, values: SessionWrite): Promise<void> {
  await db.update(cohortSchedules).set(values).where(eq(cohortSchedules.id, id));
}

export async function deleteSession(db: Executor, id: string): Promise<boolean> {
  const gone = await db.delete(cohortSchedules).where(eq(cohortSchedules.id, id)).returning({ id: cohortSchedules.id });
  return gone.length > 0;
}

export async function findCohortCourse(db: Executor, cohortId: string) {
  const [row] = await db.select({ id: cohorts.id, courseId: cohorts.courseId }).from(cohorts).where(eq(cohorts.id, cohortId));
  return row;
}

// ---------------------------------------------------------------- announcements

const announcementColumns = {
  id: courseAnnouncements.id,
  courseId: courseAnnouncements.courseId,
  cohortId: courseAnnouncements.cohortId,
  title: courseAnnouncements.title,
  content: courseAnnouncements.content,
  priority: courseAnnouncements.priority,
  publishedAt: courseAnnouncements.publishedAt,
};

/** Announcements with the first day of the cohort each is for (null: the whole course). */
function selectAnnouncements(db: Executor) {
  return db
    .select({ ...announcementColumns, cohortStartDate: cohorts.startDate })
    .from(courseAnnouncements)
    .leftJoin(cohorts, eq(cohorts.id, courseAnnouncements.cohortId));
}
export type AnnouncementRecord = Awaited<ReturnType<typeof selectAnnouncements>>[number];

export function findCourseAnnouncements(db: Executor, courseId: string) {
  return selectAnnouncements(db)
    .where(eq(courseAnnouncements.courseId, courseId))
    .orderBy(desc(courseAnnouncements.publishedAt), desc(courseAnnouncements.id));
}

export async function insertAnnouncement(db: Executor, values: typeof courseAnnouncements.$inferInsert): Promise<AnnouncementRecord> {
  const [inserted] = await db.insert(courseAnnouncements).values(values).returning({ id: courseAnnouncements.id });
  const [row] = await selectAnnouncements(db).where(eq(courseAnnouncements.id, inserted!.id));
  return row!;
}

export async function deleteAnnouncement(db: Executor, id: string) {
  const [row] = await db.delete(courseAnnouncements).where(eq(courseAnnouncements.id, id)).returning(announcementColumns);
  return row;
}

// ---------------------------------------------------------------- materials

export function findCourseMaterials(db: Executor, courseId: string) {
  return db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.bucket, COURSE_MATERIALS_BUCKET), eq(storedFiles.courseId, courseId)))
    .orderBy(desc(storedFiles.createdAt), desc(storedFiles.id));
}

export async function findMaterial(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.bucket, COURSE_MATERIALS_BUCKET)));
  return row;
}

// ---------------------------------------------------------------- submissions

function submissionWhere(params: AdminSubmissionListParams): SQL | undefined {
  const search = params.q ? or(ilikeContains(profiles.fullName, params.q), ilikeContains(studentAssessments.assessmentTitle, params.q)) : undefined;
  if (params.status === 'ungraded') return and(eq(studentAssessments.status, 'submitted'), search);
  if (params.status === 'graded') return and(eq(studentAssessments.status, 'graded'), search);
  return search;
}

function selectSubmissions(db: Executor) {
  return db
    .select({
      id: studentAssessments.id,
      enrollmentId: studentAssessments.enrollmentId,
      profileId: studentAssessments.profileId,
      studentName: profiles.fullName,
      courseId: studentAssessments.courseId,
      courseTitle: courses.title,
      title: studentAssessments.assessmentTitle,
      type: studentAssessments.assessmentType,
      fileId: studentAssessments.fileId,
      fileName: studentAssessments.fileName,
      status: studentAssessments.status,
      submittedAt: studentAssessments.submittedAt,
      grade: studentAssessments.grade,
      passed: studentAssessments.passed,
      feedback: studentAssessments.feedback,
      gradedAt: studentAssessments.gradedAt,
    })
    .from(studentAssessments)
    .innerJoin(profiles, eq(profiles.id, studentAssessments.profileId))
    .innerJoin(courses, eq(courses.id, studentAssessments.courseId));
}
export type SubmissionRecord = Awaited<ReturnType<typeof selectSubmissions>>[number];

/** Ungraded first (when showing all), then the latest submission first. */
export function findSubmissionPage(db: Executor, params: AdminSubmissionListParams) {
  const where = submissionWhere(params);
  const direction = params.dir === 'asc' ? asc : desc;
  const rows = selectSubmissions(db)
    .where(where)
    .orderBy(
      sql`case when ${studentAssessments.status} = 'submitted' then 0 else 1 end`,
      direction(studentAssessments.submittedAt),
      direction(studentAssessments.id),
    )
    .limit(params.pageSize)
    .offset(pageOffset(params));
  const total = db
    .select({ n: count() })
    .from(studentAssessments)
    .innerJoin(profiles, eq(profiles.id, studentAssessments.profileId))
    .where(where)
    .then(([row]) => row?.n ?? 0);
  return { rows, total };
}

export async function findSubmission(db: Executor, id: string): Promise<SubmissionRecord | undefined> {
  const [row] = await selectSubmissions(db).where(eq(studentAssessments.id, id));
  return row;
}

export async function lockSubmission(db: Executor, id: string) {
  const [row] = await db.select().from(studentAssessments).where(eq(studentAssessments.id, id)).for('update');
  return row;
}

export async function setGrade(
  db: Executor,
  id: string,
  values: { grade: string; passed: boolean; feedback: string | null; gradedBy: string; gradedAt: Date },
): Promise<void> {
  await db
    .update(studentAssessments)
    .set({ ...values, status: 'graded' })
    .where(eq(studentAssessments.id, id));
}
