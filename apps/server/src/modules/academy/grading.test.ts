import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSubmissionPage, AdminSubmissionRow } from '@ops/shared/schemas/admin-grading';
import { studentAssessments } from '../../db/schema/academy-training.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { insertTrainingCourses, trainingScene } from '../../test/training-fixtures.ts';
import { saveStoredFile } from '../files/files.service.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let admin: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = await t.signedInDirectly('admin');
  await insertTrainingCourses(t.database.db);
});
afterEach(() => t.close());

const { insertCohort, insertEnrollment, student, auditRows } = trainingScene(() => t);

describe('grading', () => {
  async function submission() {
    const amina = await student('Amina');
    const cohortId = await insertCohort({ enrolledCount: 1 });
    const enrollmentId = await insertEnrollment(cohortId, amina.profileId);
    const { row: file } = await saveStoredFile(
      t.deps,
      { bucket: 'student-assessments', ownerProfileId: amina.profileId, originalName: 'essay.pdf', contentType: 'application/pdf', sizeBytes: 14 },
      Buffer.from('%PDF-1.4\nessay'),
      () => Promise.resolve(null),
    );
    const [row] = await t.database.db
      .insert(studentAssessments)
      .values({
        enrollmentId,
        profileId: amina.profileId,
        courseId: 'cpo',
        assessmentTitle: 'Risk essay',
        assessmentType: 'assignment',
        fileId: file.id,
        fileName: 'essay.pdf',
      })
      .returning();
    return { id: row!.id, profileId: amina.profileId };
  }

  it('lists ungraded submissions, serves the file with a recorded read, and grades with pass or fail', async () => {
    const { id, profileId } = await submission();
    const ungraded = (await (await admin.client.get('/api/admin/training/submissions')).json()) as AdminSubmissionPage;
    expect(ungraded.items.map((s) => [s.studentName, s.title, s.status])).toEqual([['Amina', 'Risk essay', 'submitted']]);

    const file = await admin.client.get(`/api/admin/training/submissions/${id}/file`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('%PDF-1.4\nessay');
    expect(await auditRows('assessment.read')).toEqual([expect.objectContaining({ recordId: id, subjectProfileId: profileId })]);

    const url = `/api/admin/training/submissions/${id}/grade`;
    expect((await admin.client.post(url, { grade: 'A'.repeat(21), passed: true })).status).toBe(400);
    expect((await admin.client.post(url, { grade: 'A' })).status).toBe(400);
    expect((await admin.client.post(url, { grade: '78%', passed: true, feedback: 'x'.repeat(2001) })).status).toBe(400);

    const graded = await admin.client.post(url, { grade: ' 78% ', passed: true, feedback: 'Clear and well argued.' });
    expect(graded.status).toBe(200);
    expect((await graded.json()) as AdminSubmissionRow).toMatchObject({
      status: 'graded',
      grade: '78%',
      passed: true,
      feedback: 'Clear and well argued.',
    });

    // What the student's dashboard reads.
    const [row] = await t.database.db
      .select()
      .from(studentAssessments)
      .where(and(eq(studentAssessments.id, id), eq(studentAssessments.profileId, profileId)));
    expect(row).toMatchObject({ status: 'graded', grade: '78%', passed: true, feedback: 'Clear and well argued.', gradedBy: admin.profileId });
    expect(row!.gradedAt).toBeInstanceOf(Date);
    expect(((await (await admin.client.get('/api/admin/training/submissions')).json()) as AdminSubmissionPage).items).toHaveLength(0);
    expect(((await (await admin.client.get('/api/admin/training/submissions?status=graded')).json()) as AdminSubmissionPage).items).toHaveLength(1);
    expect(await auditRows('assessment.grade')).toHaveLength(1);
  });
});
