import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminEnrollmentListParams, AdminEnrollmentSort } from '@ops/shared/schemas/admin-enrollments';
import { PENDING_STATUSES } from '@ops/shared/domain/enrollment-status';
import type { Executor } from '../../db/client.ts';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { adminOrderBy, ilikeContains, pageOffset, phoneFragment, type SortColumn } from '../../lib/admin-list.ts';

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
