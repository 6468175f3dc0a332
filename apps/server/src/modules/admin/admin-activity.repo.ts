import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDaysToDate, nairobiDate, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import type { AdminActivityParams } from '@ops/shared/schemas/admin';
import type { Executor } from '../../db/client.ts';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { cohortSchedules, courseAnnouncements, studentAssessments } from '../../db/schema/academy-training.ts';
import { certificates } from '../../db/schema/certificates.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { ilikeContains, pageOffset } from '../../lib/admin-list.ts';

export type ActivityFilters = Omit<AdminActivityParams, 'sort' | 'dir' | 'page' | 'pageSize'>;

const actor = alias(profiles, 'actor');
const subject = alias(profiles, 'subject');

/** from and to are Nairobi days, both included. q: a fragment of the actor's or the subject's name. */
function activityWhere(f: ActivityFilters): SQL | undefined {
  const named = f.q ? sql`(select ${profiles.id} from ${profiles} where ${ilikeContains(profiles.fullName, f.q)})` : undefined;
  return and(
    f.actor ? eq(auditEvents.actorProfileId, f.actor) : undefined,
    f.subject ? eq(auditEvents.subjectProfileId, f.subject) : undefined,
    f.action ? eq(auditEvents.action, f.action) : undefined,
    f.recordType ? eq(auditEvents.recordType, f.recordType) : undefined,
    f.from ? gte(auditEvents.createdAt, nairobiInstant(f.from, '00:00')) : undefined,
    f.to ? lt(auditEvents.createdAt, nairobiInstant(addDaysToDate(f.to, 1), '00:00')) : undefined,
    named ? or(sql`${auditEvents.actorProfileId} in ${named}`, sql`${auditEvents.subjectProfileId} in ${named}`) : undefined,
  );
}

const activityColumns = {
  id: auditEvents.id,
  createdAt: auditEvents.createdAt,
  /** The exact instant (microseconds), for reading on after a row without skipping its twins. */
  position: sql<string>`${auditEvents.createdAt}::text`,
  actorProfileId: auditEvents.actorProfileId,
  actorName: actor.fullName,
  action: auditEvents.action,
  recordType: auditEvents.recordType,
  recordId: auditEvents.recordId,
  subjectProfileId: auditEvents.subjectProfileId,
  subjectName: subject.fullName,
  before: auditEvents.before,
  after: auditEvents.after,
  clientIp: auditEvents.clientIp,
};

function selectActivity(db: Executor, where: SQL | undefined) {
  return db
    .select(activityColumns)
    .from(auditEvents)
    .innerJoin(actor, eq(actor.id, auditEvents.actorProfileId))
    .leftJoin(subject, eq(subject.id, auditEvents.subjectProfileId))
    .where(where);
}

/** Newest first (the trail only grows; the id breaks ties). */
const newestFirst = [desc(auditEvents.createdAt), desc(auditEvents.id)];

export function findActivityPage(db: Executor, params: AdminActivityParams) {
  const where = activityWhere(params);
  return {
    rows: selectActivity(db, where)
      .orderBy(...newestFirst)
      .limit(params.pageSize)
      .offset(pageOffset(params)),
    total: db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditEvents)
      .where(where)
      .then(([row]) => row?.n ?? 0),
  };
}

export type ActivityRecord = Awaited<ReturnType<typeof findActivityPage>['rows']>[number];

/** The rows after `after` (a row's position and id) in newest-first order, `limit` at a time. */
export function findActivityBatch(db: Executor, filters: ActivityFilters, after: { position: string; id: string } | null, limit: number) {
  const next = after ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${after.position}::timestamptz, ${after.id}::uuid)` : undefined;
  return selectActivity(db, and(activityWhere(filters), next))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** What an id in the trail may stand for. */
export type NameKind =
  'profile' | 'booking' | 'payment' | 'enrollment' | 'assessment' | 'course' | 'cohort' | 'file' | 'certificate' | 'session' | 'announcement';

export interface ActivityNames {
  /** A name per id, for the kinds that have one plain name. */
  simple: Map<NameKind, Map<string, string>>;
  enrollments: Map<string, { student: string; course: string }>;
  cohorts: Map<string, { course: string; startDate: string }>;
  sessions: Map<string, { title: string; day: string }>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const student = alias(profiles, 'student');

/**
 * The names of the ids a page of the trail holds, each kind in one statement by its primary key
 * (courses are keyed by their text id, everything else by uuid; anything else is no id of ours).
 */
export async function findActivityNames(db: Executor, wanted: Map<NameKind, Set<string>>): Promise<ActivityNames> {
  const ids = (kind: NameKind) => [...(wanted.get(kind) ?? [])].filter((id) => (kind === 'course' ? id.length <= 100 : UUID.test(id)));
  const read = async <T>(kind: NameKind, query: (list: string[]) => Promise<T[]>): Promise<T[]> => {
    const list = ids(kind);
    return list.length ? query(list) : [];
  };
  const simple = new Map<NameKind, Map<string, string>>();
  const keep = (kind: NameKind, rows: { id: string; name: string | null }[]) =>
    simple.set(kind, new Map(rows.filter((r) => r.name !== null).map((r) => [r.id, r.name!])));

  const [
    people,
    bookingRows,
    paymentRows,
    enrollmentRows,
    assessmentRows,
    courseRows,
    cohortRows,
    fileRows,
    certificateRows,
    sessionRows,
    announcementRows,
  ] = await Promise.all([
    read('profile', (list) => db.select({ id: profiles.id, name: profiles.fullName }).from(profiles).where(inArray(profiles.id, list))),
    read('booking', (list) => db.select({ id: bookings.id, name: bookings.reference }).from(bookings).where(inArray(bookings.id, list))),
    read('payment', (list) =>
      db
        .select({ id: payments.id, reference: bookings.reference, course: courses.title, payer: profiles.fullName })
        .from(payments)
        .innerJoin(profiles, eq(profiles.id, payments.payerProfileId))
        .leftJoin(bookings, eq(bookings.id, payments.bookingId))
        .leftJoin(enrollments, eq(enrollments.id, payments.enrollmentId))
        .leftJoin(courses, eq(courses.id, enrollments.courseId))
        .where(inArray(payments.id, list)),
    ),
    read('enrollment', (list) =>
      db
        .select({ id: enrollments.id, student: profiles.fullName, course: courses.title })
        .from(enrollments)
        .innerJoin(profiles, eq(profiles.id, enrollments.profileId))
        .innerJoin(courses, eq(courses.id, enrollments.courseId))
        .where(inArray(enrollments.id, list)),
    ),
    read('assessment', (list) =>
      db
        .select({ id: studentAssessments.id, title: studentAssessments.assessmentTitle, student: student.fullName })
        .from(studentAssessments)
        .innerJoin(student, eq(student.id, studentAssessments.profileId))
        .where(inArray(studentAssessments.id, list)),
    ),
    read('course', (list) => db.select({ id: courses.id, name: courses.title }).from(courses).where(inArray(courses.id, list))),
    read('cohort', (list) =>
      db
        .select({ id: cohorts.id, course: courses.title, startDate: cohorts.startDate })
        .from(cohorts)
        .innerJoin(courses, eq(courses.id, cohorts.courseId))
        .where(inArray(cohorts.id, list)),
    ),
    read('file', (list) => db.select({ id: storedFiles.id, name: storedFiles.originalName }).from(storedFiles).where(inArray(storedFiles.id, list))),
    read('certificate', (list) =>
      db.select({ id: certificates.id, name: certificates.certificateRef }).from(certificates).where(inArray(certificates.id, list)),
    ),
    read('session', (list) =>
      db
        .select({ id: cohortSchedules.id, title: cohortSchedules.sessionTitle, at: cohortSchedules.sessionDate })
        .from(cohortSchedules)
        .where(inArray(cohortSchedules.id, list)),
    ),
    read('announcement', (list) =>
      db.select({ id: courseAnnouncements.id, name: courseAnnouncements.title }).from(courseAnnouncements).where(inArray(courseAnnouncements.id, list)),
    ),
  ]);
  keep('profile', people);
  keep('booking', bookingRows);
  keep(
    'payment',
    paymentRows.map((p) => ({ id: p.id, name: p.reference ?? `Course fee of ${p.payer}${p.course ? ` (${p.course})` : ''}` })),
  );
  keep(
    'assessment',
    assessmentRows.map((a) => ({ id: a.id, name: `${a.title} by ${a.student}` })),
  );
  keep('course', courseRows);
  keep('file', fileRows);
  keep('certificate', certificateRows);
  keep('announcement', announcementRows);
  return {
    simple,
    enrollments: new Map(enrollmentRows.map((e) => [e.id, { student: e.student, course: e.course }])),
    cohorts: new Map(cohortRows.map((c) => [c.id, { course: c.course, startDate: c.startDate }])),
    sessions: new Map(sessionRows.map((s) => [s.id, { title: s.title, day: nairobiDate(s.at) }])),
  };
}
