import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { COHORT_FILE_MESSAGES, type CohortFilesDto, type PartnerCohortList, type UploadedCohortFileDto } from '@ops/shared/schemas/partner';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

const MB = 1024 * 1024;
let factory: TestDatabaseFactory;
let t: TestContext;
let admin: { client: TestClient; profileId: string };
let cohortId: string;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = await t.signedInDirectly('admin');
  await t.database.db.insert(courses).values({
    id: 'cpo',
    title: 'Certified Protection Officer',
    tagline: 'Tagline',
    description: 'Description',
    durationWeeks: 6,
    price: 150_000,
    level: 'Advanced',
    accreditation: 'EBSSA',
    category: 'Security',
    maxStudents: 15,
  });
  const [row] = await t.database.db
    .insert(cohorts)
    .values({ courseId: 'cpo', startDate: '2027-03-01', endDate: '2027-04-12', capacity: 15 })
    .returning({ id: cohorts.id });
  cohortId = row!.id;
});
afterEach(() => t.close());

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);
const jpeg = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]), Buffer.alloc(size - 11, 0)]);

function upload(client: TestClient, kind: string, bytes: Buffer, name: string, cohort = cohortId) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return client.request(`/api/admin/training/cohorts/${cohort}/files/${kind}`, { method: 'POST', body: form });
}
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).message;
const auditRows = (action: string) => t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));

describe('a cohort’s instructor CVs and facility photos', () => {
  it('go with the cohort when it is deleted: rows, bytes and the download', async () => {
    const cv = (await (await upload(admin.client, 'cv', pdf(2048), 'Mwangi CV.pdf')).json()) as UploadedCohortFileDto;
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, cv.id));
    expect(await t.deps.files.exists(`${row!.bucket}/${row!.key}`)).toBe(true);

    expect((await admin.client.request(`/api/admin/training/cohorts/${cohortId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.cohortId, cohortId))).toEqual([]);
    expect(await t.deps.files.exists(`${row!.bucket}/${row!.key}`)).toBe(false);
    expect((await admin.client.get(`/api/admin/training/cohort-files/${cv.id}`)).status).toBe(404);
    const [audit] = await auditRows('cohort.delete');
    expect(audit?.before).toMatchObject({ files: [{ bucket: 'instructor-cvs', name: 'Mwangi CV.pdf' }] });
  });

  it('uploads a CV and a photo to the cohort, lists them, and the partner sees and downloads them', async () => {
    const cvRes = await upload(admin.client, 'cv', pdf(2048), 'Mwangi CV.pdf');
    expect(cvRes.status).toBe(201);
    const cv = (await cvRes.json()) as UploadedCohortFileDto;
    expect(cv).toMatchObject({ name: 'Mwangi CV.pdf', sizeBytes: 2048, kind: 'cv' });
    const photoRes = await upload(admin.client, 'photo', jpeg(4096), 'Training hall.jpg');
    expect(photoRes.status).toBe(201);
    const photo = (await photoRes.json()) as UploadedCohortFileDto;
    expect(photo).toMatchObject({ name: 'Training hall.jpg', sizeBytes: 4096, kind: 'photo' });

    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, cv.id));
    expect(row).toMatchObject({ bucket: 'instructor-cvs', cohortId, courseId: 'cpo', ownerProfileId: admin.profileId });
    const listed = (await (await admin.client.get(`/api/admin/training/cohorts/${cohortId}/files`)).json()) as CohortFilesDto;
    expect(listed).toEqual({
      cvs: [{ id: cv.id, name: 'Mwangi CV.pdf', sizeBytes: 2048 }],
      photos: [{ id: photo.id, name: 'Training hall.jpg', sizeBytes: 4096 }],
    });
    const adminDownload = await admin.client.get(`/api/admin/training/cohort-files/${photo.id}`);
    expect(adminDownload.status).toBe(200);
    expect(adminDownload.headers.get('content-type')).toBe('image/jpeg');
    expect(await auditRows('cohort.file_upload')).toHaveLength(2);

    const partner = await t.signedInDirectly('partner');
    const [seen] = ((await (await partner.client.get('/api/partner/cohorts')).json()) as PartnerCohortList).items;
    expect(seen).toMatchObject({ id: cohortId, cvs: [{ id: cv.id, name: 'Mwangi CV.pdf' }], photos: [{ id: photo.id, name: 'Training hall.jpg' }] });
    const download = await partner.client.get(`/api/partner/files/${cv.id}`);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(2048);
  });

  it('removes a file, its row and its bytes, with an audit row', async () => {
    const cv = (await (await upload(admin.client, 'cv', pdf(1024), 'cv.pdf')).json()) as UploadedCohortFileDto;
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, cv.id));
    expect((await admin.client.request(`/api/admin/training/cohort-files/${cv.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await t.database.db.select().from(storedFiles)).toHaveLength(0);
    expect(await t.files.get(`instructor-cvs/${row!.key}`)).toBeNull();
    expect(await auditRows('cohort.file_delete')).toHaveLength(1);
    expect((await admin.client.request(`/api/admin/training/cohort-files/${cv.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a text file named .pdf, a photo sent as a CV, a file over 10 MB, and an unknown cohort or kind', async () => {
    const fake = await upload(admin.client, 'cv', Buffer.from('just some text, not a document\n'.repeat(200)), 'cv.pdf');
    expect(fake.status).toBe(400);
    expect(await errorOf(fake)).toBe(COHORT_FILE_MESSAGES.cv.wrongType);
    const photoAsCv = await upload(admin.client, 'cv', jpeg(2048), 'cv.pdf');
    expect(photoAsCv.status).toBe(400);
    const pdfAsPhoto = await upload(admin.client, 'photo', pdf(2048), 'hall.jpg');
    expect(pdfAsPhoto.status).toBe(400);
    expect(await errorOf(pdfAsPhoto)).toBe(COHORT_FILE_MESSAGES.photo.wrongType);
    const big = await upload(admin.client, 'photo', jpeg(10 * MB + 1), 'big.jpg');
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toBe(COHORT_FILE_MESSAGES.photo.tooLarge);
    expect((await upload(admin.client, 'cv', pdf(1024), 'cv.pdf', crypto.randomUUID())).status).toBe(404);
    expect((await upload(admin.client, 'video', pdf(1024), 'cv.pdf')).status).toBe(400);
    expect(await t.database.db.select().from(storedFiles)).toHaveLength(0);
  });

  it('lets no client, guard or partner upload, list or remove', async () => {
    const cv = (await (await upload(admin.client, 'cv', pdf(1024), 'cv.pdf')).json()) as UploadedCohortFileDto;
    for (const role of ['client', 'guard', 'partner'] as const) {
      const { client } = await t.signedInDirectly(role);
      expect((await upload(client, 'cv', pdf(1024), 'cv.pdf')).status, role).toBe(403);
      expect((await client.get(`/api/admin/training/cohorts/${cohortId}/files`)).status, role).toBe(403);
      expect((await client.request(`/api/admin/training/cohort-files/${cv.id}`, { method: 'DELETE' })).status, role).toBe(403);
    }
    expect(await t.database.db.select().from(storedFiles)).toHaveLength(1);
  });
});
