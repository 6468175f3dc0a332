import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminCertificateRow } from '@ops/shared/schemas/admin-training';
import { certificates } from '../../db/schema/certificates.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { insertTrainingCourses, trainingScene } from '../../test/training-fixtures.ts';

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

const { insertCohort, insertEnrollment, student } = trainingScene(() => t);

describe('certificates', () => {
  it('lists issued certificates', async () => {
    expect(await (await admin.client.get('/api/admin/training/certificates')).json()).toEqual([]);
    const cohortId = await insertCohort({ enrolledCount: 1 });
    const amina = await student('Amina');
    const enrollmentId = await insertEnrollment(cohortId, amina.profileId, { status: 'completed' });
    await t.database.db.insert(certificates).values({
      enrollmentId,
      profileId: amina.profileId,
      certificateRef: 'OPS-2027-ABC123',
      studentName: 'Amina',
      courseName: 'Certified Protection Officer',
      issueDate: '2027-04-12',
      cobranded: true,
    });
    const rows = (await (await admin.client.get('/api/admin/training/certificates')).json()) as AdminCertificateRow[];
    expect(rows).toEqual([
      {
        id: expect.any(String) as string,
        enrollmentId,
        certificateRef: 'OPS-2027-ABC123',
        studentName: 'Amina',
        courseName: 'Certified Protection Officer',
        issueDate: '2027-04-12',
        expiresOn: null,
        cobranded: true,
        state: 'valid',
        revokedAt: null,
        revokedReason: null,
        overrideReason: null,
        verifyPath: '/cert/verify/OPS-2027-ABC123',
      },
    ]);
  });
});
