import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { SEAT_HOLDING_STATUSES } from '@ops/shared/domain/enrollment-status';
import type { CertificateBatchStatus } from '@ops/shared/constants';
import type { Executor } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import { attendance, certificateBatches, certificates, cohorts, courses, enrollments, studentAssessments } from '../../db/schema/academy.ts';
import { users } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/profiles.ts';

export const CERTIFICATES_BUCKET = 'certificates';

// ---------------------------------------------------------------- certificates

function selectCertificates(db: Executor) {
  return db
    .select({
      id: certificates.id,
      enrollmentId: certificates.enrollmentId,
      profileId: certificates.profileId,
      certificateRef: certificates.certificateRef,
      studentName: certificates.studentName,
      courseId: enrollments.courseId,
      courseName: certificates.courseName,
      courseDescription: courses.description,
      validityYears: courses.validityYears,
      cohortId: enrollments.cohortId,
      issueDate: certificates.issueDate,
      expiresOn: certificates.expiresOn,
      cobranded: certificates.cobranded,
      auditedAt: certificates.auditedAt,
      fileId: certificates.fileId,
      credentialJwt: certificates.credentialJwt,
      issuedBy: certificates.issuedBy,
      overrideReason: certificates.overrideReason,
      revokedAt: certificates.revokedAt,
      revokedReason: certificates.revokedReason,
      revokedBy: certificates.revokedBy,
      createdAt: certificates.createdAt,
    })
    .from(certificates)
    .innerJoin(enrollments, eq(enrollments.id, certificates.enrollmentId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId));
}
export type CertificateRecord = Awaited<ReturnType<typeof selectCertificates>>[number];

/** A certificate by its printed reference (exact, already normalised), with what verification needs. */
export async function findCertificateByRef(db: Executor, ref: string): Promise<CertificateRecord | undefined> {
  const [row] = await selectCertificates(db).where(eq(certificates.certificateRef, ref));
  return row;
}

export async function findCertificateById(db: Executor, id: string): Promise<CertificateRecord | undefined> {
  const [row] = await selectCertificates(db).where(eq(certificates.id, id));
  return row;
}

export async function findCertificateByEnrollment(db: Executor, enrollmentId: string): Promise<CertificateRecord | undefined> {
  const [row] = await selectCertificates(db).where(eq(certificates.enrollmentId, enrollmentId));
  return row;
}

/** A student's own certificates, newest first. */
export function findCertificatesOfProfile(db: Executor, profileId: string): Promise<CertificateRecord[]> {
  return selectCertificates(db).where(eq(certificates.profileId, profileId)).orderBy(desc(certificates.issueDate), desc(certificates.createdAt));
}

/** Every certificate, newest first (the console's list). */
export function findAllCertificates(db: Executor): Promise<CertificateRecord[]> {
  return selectCertificates(db).orderBy(desc(certificates.createdAt), desc(certificates.id)).limit(1000);
}

/** The certificates of some enrolments (the cohort's Certificates tab). */
export function findCertificatesOfEnrollments(db: Executor, enrollmentIds: string[]): Promise<CertificateRecord[]> {
  if (enrollmentIds.length === 0) return Promise.resolve([]);
  return selectCertificates(db).where(inArray(certificates.enrollmentId, enrollmentIds));
}

export type NewCertificate = typeof certificates.$inferInsert;

/** Inserts unless the enrolment already has one; undefined when it lost to another. */
export async function insertCertificateIfNone(db: Executor, row: NewCertificate): Promise<string | undefined> {
  const [inserted] = await db
    .insert(certificates)
    .values(row)
    .onConflictDoNothing({ target: certificates.enrollmentId })
    .returning({ id: certificates.id });
  return inserted?.id;
}

/** Marks a certificate revoked unless it already is; false when it already was. */
export async function markRevoked(db: Executor, id: string, reason: string, by: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(certificates)
    .set({ revokedAt: at, revokedReason: reason, revokedBy: by })
    .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- the enrolment a certificate is for

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

// ---------------------------------------------------------------- who qualifies

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

// ---------------------------------------------------------------- batches

const batchColumns = {
  id: certificateBatches.id,
  cohortId: certificateBatches.cohortId,
  requestedBy: certificateBatches.requestedBy,
  status: certificateBatches.status,
  total: certificateBatches.total,
  issued: certificateBatches.issued,
  skipped: certificateBatches.skipped,
  failed: certificateBatches.failed,
  createdAt: certificateBatches.createdAt,
  finishedAt: certificateBatches.finishedAt,
};

export async function findBatch(db: Executor, id: string) {
  const [row] = await db.select(batchColumns).from(certificateBatches).where(eq(certificateBatches.id, id));
  return row;
}
export type BatchRecord = NonNullable<Awaited<ReturnType<typeof findBatch>>>;

export async function findLatestBatch(db: Executor, cohortId: string): Promise<BatchRecord | undefined> {
  const [row] = await db
    .select(batchColumns)
    .from(certificateBatches)
    .where(eq(certificateBatches.cohortId, cohortId))
    .orderBy(desc(certificateBatches.createdAt), desc(certificateBatches.id))
    .limit(1);
  return row;
}

/** The cohort's queued or running batch, if any. */
export async function findActiveBatch(db: Executor, cohortId: string): Promise<BatchRecord | undefined> {
  const [row] = await db
    .select(batchColumns)
    .from(certificateBatches)
    .where(and(eq(certificateBatches.cohortId, cohortId), inArray(certificateBatches.status, ['queued', 'running'])))
    .orderBy(desc(certificateBatches.createdAt))
    .limit(1);
  return row;
}

export async function insertBatch(db: Executor, row: { cohortId: string; requestedBy: string; total: number }): Promise<BatchRecord> {
  const [inserted] = await db.insert(certificateBatches).values(row).returning(batchColumns);
  return inserted!;
}

export async function setBatchStatus(db: Executor, id: string, status: CertificateBatchStatus, finishedAt: Date | null): Promise<void> {
  await db.update(certificateBatches).set({ status, finishedAt }).where(eq(certificateBatches.id, id));
}

export async function setBatchCounts(db: Executor, id: string, counts: { issued: number; skipped: number; failed: number }): Promise<void> {
  await db.update(certificateBatches).set(counts).where(eq(certificateBatches.id, id));
}

/** Locks the cohort row so two batch requests for it take turns. */
export async function lockCohort(db: Executor, cohortId: string) {
  const [row] = await db.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.id, cohortId)).for('update');
  return row;
}

/** Whom the certificate's e-mail goes to. */
export async function findCertificateRecipient(db: Executor, certificateId: string) {
  const [row] = await db
    .select({
      id: certificates.id,
      certificateRef: certificates.certificateRef,
      studentName: certificates.studentName,
      courseName: certificates.courseName,
      fileId: certificates.fileId,
      revokedAt: certificates.revokedAt,
      email: users.email,
    })
    .from(certificates)
    .innerJoin(profiles, eq(profiles.id, certificates.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(certificates.id, certificateId));
  return row;
}

// ---------------------------------------------------------------- public verification

/** What the public verify page shows of a certificate. */
export interface VerificationRecord {
  certificateRef: string;
  studentName: string;
  courseId: string;
  courseName: string;
  issueDate: string;
  expiresOn: string | null;
  cobranded: boolean;
  auditedAt: Date | null;
  fileId: string | null;
  revokedAt: Date | null;
  revokedReason: string | null;
}

export interface CountedLookup {
  /** Lookups counted against the key in its window, this one included. */
  count: number;
  windowEndsAt: Date;
  /** The certificate, when the count is within `max` and the reference is known. */
  certificate: VerificationRecord | undefined;
}

/**
 * Counts lookups against their throttle keys (table auth_throttles: a counter that runs for a fixed
 * window from its first lookup) and, for each lookup whose count is within `max`, reads the
 * certificate by its reference through its unique index: one statement and one round trip for a
 * whole batch of lookups, answered in their order. Several lookups with one key in a batch count
 * one after another (the first gets the lower count). An ended window starts again. The count is
 * not worth a flush of the write-ahead log: the statement turns off synchronous commit for its own
 * transaction (a crash may forget the last moment's counts).
 */
export async function countAndFindCertificates(
  db: Executor,
  lookups: { key: string; ref: string }[],
  limit: { max: number; windowSeconds: number; now: Date },
): Promise<CountedLookup[]> {
  const at = sql`${limit.now.toISOString()}::timestamptz`;
  const ends = sql`${new Date(limit.now.getTime() + limit.windowSeconds * 1000).toISOString()}::timestamptz`;
  const input = JSON.stringify(lookups.map(({ key, ref }, n) => ({ n, key, ref })));
  const statement = sql`
    with input as (
      select i.n, i.key, i.ref,
             row_number() over (partition by i.key order by i.n)::int as nth,
             (count(*) over (partition by i.key))::int as hits
      from jsonb_to_recordset(${input}::jsonb) as i(n int, key text, ref text)
    ),
    hit as (
      -- Keys in one order, so two batches that share keys lock their rows in the same order.
      insert into auth_throttles as t (key, count, window_ends_at)
      select key, count(*)::int, ${ends} from input group by key order by key
      on conflict (key) do update set
        count = case when t.window_ends_at <= ${at} then excluded.count else t.count + excluded.count end,
        window_ends_at = case when t.window_ends_at <= ${at} then excluded.window_ends_at else t.window_ends_at end,
        notified_at = case when t.window_ends_at <= ${at} then null else t.notified_at end
      returning t.key, t.count, t.window_ends_at
    ),
    counted as (
      select input.n, input.ref, hit.count - input.hits + input.nth as count, hit.window_ends_at
      from input join hit on hit.key = input.key
    )
    -- A lost count is harmless: the counter's write does not wait for the disk (this statement's
    -- transaction only, set in its rows' output so that it is surely evaluated).
    select set_config('synchronous_commit', 'off', true) as "relaxed", counted.n, counted.count, counted.window_ends_at as "windowEndsAt",
           c.certificate_ref as "certificateRef", c.student_name as "studentName", e.course_id as "courseId",
           c.course_name as "courseName", c.issue_date::text as "issueDate", c.expires_on::text as "expiresOn",
           c.cobranded, c.audited_at as "auditedAt", c.file_id as "fileId", c.revoked_at as "revokedAt",
           c.revoked_reason as "revokedReason"
    from counted
    left join ${certificates} c on c.certificate_ref = counted.ref and counted.count <= ${limit.max}
    left join ${enrollments} e on e.id = c.enrollment_id
    order by counted.n`;
  type Row = {
    n: number;
    count: number | string;
    windowEndsAt: Date | string;
    certificateRef: string | null;
    studentName: string;
    courseId: string;
    courseName: string;
    issueDate: string;
    expiresOn: string | null;
    cobranded: boolean;
    auditedAt: Date | string | null;
    fileId: string | null;
    revokedAt: Date | string | null;
    revokedReason: string | null;
  };
  // Named: each pooled connection parses and plans it once, as the ceiling does (re-planning it at
  // each lookup cost more than half the throughput of the busiest path that writes). Its text is
  // the same for any number of lookups: they travel as one JSON value.
  const rows = await executeNamed<Row>(db, statement, 'certificate_verify_lookups');
  if (rows.length !== lookups.length) throw new Error(`the throttle counter returned ${rows.length} row(s) for ${lookups.length} lookup(s)`);
  const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
  const toDateOrNull = (v: Date | string | null) => (v === null ? null : toDate(v));
  return rows.map((row) => ({
    count: Number(row.count),
    windowEndsAt: toDate(row.windowEndsAt),
    certificate:
      row.certificateRef === null
        ? undefined
        : {
            certificateRef: row.certificateRef,
            studentName: row.studentName,
            courseId: row.courseId,
            courseName: row.courseName,
            issueDate: row.issueDate,
            expiresOn: row.expiresOn,
            cobranded: row.cobranded,
            auditedAt: toDateOrNull(row.auditedAt),
            fileId: row.fileId,
            revokedAt: toDateOrNull(row.revokedAt),
            revokedReason: row.revokedReason,
          },
  }));
}

/** Counters whose window has ended (any kind): their rows can go. */
export async function deleteEndedThrottles(db: Executor, now: Date): Promise<void> {
  await db.execute(sql`delete from auth_throttles where window_ends_at < ${now.toISOString()}::timestamptz`);
}
