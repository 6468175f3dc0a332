/**
 * The partner reviews' rows: courses, cohorts, seats and stored files to review, and reads of the
 * cohorts and their audit trail. Bound to the test's context and its signed-in partner, which each
 * test makes anew.
 */
import { eq } from 'drizzle-orm';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import type { PartnerCohortList } from '@ops/shared/schemas/partner';
import type { Database } from '../db/client.ts';
import { cohorts, courses } from '../db/schema/academy-courses.ts';
import { enrollments } from '../db/schema/academy-enrollments.ts';
import { auditEvents } from '../db/schema/audit.ts';
import { storedFiles } from '../db/schema/files.ts';
import { saveStoredFile, type FileBucket } from '../modules/files/files.service.ts';
import type { TestContext } from './test-app.ts';
import type { TestClient } from './test-client.ts';

export async function insertCourse(db: Database, id: string, title: string, durationWeeks: number) {
  await db.insert(courses).values({
    id,
    title,
    tagline: 'Tagline',
    description: 'Description',
    durationWeeks,
    price: 45_000,
    level: 'Advanced',
    accreditation: 'EBSSA',
    category: 'Security',
    maxStudents: 15,
  });
}

export const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).message;

/** A cohort that started a week ago (Nairobi), so it may be audited. */
export const started = () => {
  const start = addDaysToDate(nairobiDate(new Date()), -7);
  return { startDate: start, endDate: addDaysToDate(start, 41) };
};

export function partnerFixtures(current: () => TestContext, partnerClient: () => TestClient) {
  async function insertCohort(values: Partial<typeof cohorts.$inferInsert> = {}): Promise<string> {
    const [row] = await current()
      .database.db.insert(cohorts)
      .values({ courseId: 'cpo', startDate: '2027-03-01', endDate: '2027-04-12', capacity: 15, ...values })
      .returning({ id: cohorts.id });
    return row!.id;
  }

  async function insertEnrollment(cohortId: string, profileId: string): Promise<string> {
    const [row] = await current()
      .database.db.insert(enrollments)
      .values({ profileId, courseId: 'cpo', cohortId, coursePrice: 45_000, paymentMethod: 'intasend', status: 'active', paymentStatus: 'paid' })
      .returning({ id: enrollments.id });
    return row!.id;
  }

  async function storeFile(bucket: FileBucket, name: string, values: { courseId?: string; cohortId?: string } = {}) {
    const t = current();
    const bytes = Buffer.from(`%PDF-1.4\n${name}\n%%EOF\n`);
    const { row } = await saveStoredFile(
      t.deps,
      { bucket, ownerProfileId: null, courseId: values.courseId ?? null, originalName: name, contentType: 'application/pdf', sizeBytes: bytes.length },
      bytes,
      () => Promise.resolve(null),
    );
    if (values.cohortId) await t.database.db.update(storedFiles).set({ cohortId: values.cohortId }).where(eq(storedFiles.id, row.id));
    return { id: row.id, size: bytes.length };
  }

  const listCohorts = async () => ((await (await partnerClient().get('/api/partner/cohorts')).json()) as PartnerCohortList).items;
  const cohortRow = async (id: string) => (await current().database.db.select().from(cohorts).where(eq(cohorts.id, id)))[0]!;
  const auditRows = () => current().database.db.select().from(auditEvents).where(eq(auditEvents.action, 'cohort.audit'));

  return { insertCohort, insertEnrollment, storeFile, listCohorts, cohortRow, auditRows };
}
