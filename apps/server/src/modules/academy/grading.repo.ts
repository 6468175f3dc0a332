import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AdminSubmissionListParams } from '@ops/shared/schemas/admin-grading';
import type { Executor } from '../../db/client.ts';
import { courses } from '../../db/schema/academy-courses.ts';
import { studentAssessments } from '../../db/schema/academy-training.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { ilikeContains, pageOffset } from '../../lib/admin-list.ts';

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
