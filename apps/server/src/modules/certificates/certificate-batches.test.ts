/** Generating certificates for a whole cohort in a background run, and when nobody is left to issue. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CertificateBatchDto } from '@ops/shared/schemas/certificates';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { certificateBatches, certificates } from '../../db/schema/certificates.ts';
import { ensureCourse } from '../../test/certificate-fixtures.ts';
import { certificateIssuingFixtures } from '../../test/certificate-issuing-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

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
  await ensureCourse(t);
});
afterEach(() => t.close());

const { db, insertCohort, student, candidatesOf, issue, auditRows } = certificateIssuingFixtures(
  () => t,
  () => admin.client,
);

describe('generating for a cohort', () => {
  it('issues every qualifying student in a background run, counting as it goes', async () => {
    const cohortId = await insertCohort();
    const a = await student(cohortId, { name: 'A Student' });
    await student(cohortId, { name: 'B Student', submissions: [true] });
    await student(cohortId, { name: 'C Student', attended: ['absent'] });
    const held = await student(cohortId, { name: 'D Student' });
    expect((await issue(held.enrollmentId)).status).toBe(201);

    const res = await admin.client.post(`/api/admin/training/cohorts/${cohortId}/certificate-batches`);
    expect(res.status).toBe(202);
    const batch = (await res.json()) as CertificateBatchDto;
    expect(batch).toMatchObject({ cohortId, status: 'queued', total: 2, issued: 0, skipped: 0, failed: 0, finishedAt: null });
    // Asked again while it waits: the same run.
    const twice = (await (await admin.client.post(`/api/admin/training/cohorts/${cohortId}/certificate-batches`)).json()) as CertificateBatchDto;
    expect(twice.id).toBe(batch.id);
    expect(await db().select().from(certificateBatches)).toHaveLength(1);

    // Someone issues one by hand before the run starts: the run counts it as skipped.
    expect((await issue(a.enrollmentId)).status).toBe(201);
    await t.runJobs('certificate-batch');
    const done = (await (await admin.client.get(`/api/admin/training/certificate-batches/${batch.id}`)).json()) as CertificateBatchDto;
    expect(done).toMatchObject({ status: 'done', total: 2, issued: 1, skipped: 1, failed: 0 });
    expect(done.finishedAt).not.toBeNull();

    const list = await candidatesOf(cohortId);
    expect(list.candidates.map((c) => [c.studentName, c.certificate?.state ?? null])).toEqual([
      ['A Student', 'valid'],
      ['B Student', 'valid'],
      ['C Student', null],
      ['D Student', 'valid'],
    ]);
    expect(list.latestBatch?.id).toBe(batch.id);
    expect(await auditRows('certificate.batch')).toHaveLength(1);

    // Run again (as after a crash): nothing is issued twice.
    await db().update(certificateBatches).set({ status: 'running' }).where(eq(certificateBatches.id, batch.id));
    await t.deps.jobs.enqueue('certificate-batch', { batchId: batch.id });
    await t.runJobs('certificate-batch');
    expect(await db().select().from(certificates)).toHaveLength(3);
    const rerun = (await (await admin.client.get(`/api/admin/training/certificate-batches/${batch.id}`)).json()) as CertificateBatchDto;
    expect(rerun).toMatchObject({ status: 'done', issued: 1, skipped: 1, failed: 0 });

    expect((await admin.client.get(`/api/admin/training/certificate-batches/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await admin.client.post(`/api/admin/training/cohorts/${crypto.randomUUID()}/certificate-batches`)).status).toBe(404);
  });
});

describe('generating for a cohort where nobody is left to issue', () => {
  const start = (cohortId: string) => admin.client.post(`/api/admin/training/cohorts/${cohortId}/certificate-batches`);

  it('says so, and starts no run', async () => {
    const empty = await insertCohort();
    const cohortId = await insertCohort();
    await student(cohortId, { name: 'C Student', attended: ['absent'] });
    await student(cohortId, { name: 'E Student', paid: false });
    for (const id of [empty, cohortId]) {
      const res = await start(id);
      expect(res.status).toBe(409);
      expect(((await res.json()) as ApiErrorBody).message).toBe('No one in this cohort qualifies yet.');
    }

    // Everyone who qualifies already holds a certificate.
    const held = await student(cohortId, { name: 'D Student' });
    expect((await issue(held.enrollmentId)).status).toBe(201);
    const res = await start(cohortId);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).message).toBe('Everyone in this cohort who qualifies already has a certificate.');

    expect(await db().select().from(certificateBatches)).toHaveLength(0);
    expect(await auditRows('certificate.batch')).toHaveLength(0);
    expect(await t.runJobs('certificate-batch')).toEqual([]);
  });
});
