import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COURSE_MATERIAL_MESSAGES, type AdminMaterialRow } from '@ops/shared/schemas/admin-course-content';
import { storedFiles } from '../../db/schema/files.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { errorOf, insertTrainingCourses, trainingScene } from '../../test/training-fixtures.ts';

const MB = 1024 * 1024;
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

const { auditRows } = trainingScene(() => t);

describe('materials', () => {
  const upload = (courseId: string, bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    return admin.client.request(`/api/admin/training/courses/${courseId}/materials`, { method: 'POST', body: form });
  };
  const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);

  it('uploads a material checked by content, lists it with its size, serves it, and deletes row and bytes', async () => {
    const res = await upload('cpo', pdf(3 * 1024), 'Week 1 notes.pdf');
    expect(res.status).toBe(201);
    const material = (await res.json()) as AdminMaterialRow;
    expect(material).toMatchObject({ name: 'Week 1 notes.pdf', sizeBytes: 3072, contentType: 'application/pdf' });
    const listed = (await (await admin.client.get('/api/admin/training/courses/cpo/materials')).json()) as AdminMaterialRow[];
    expect(listed.map((m) => m.id)).toEqual([material.id]);
    const download = await admin.client.get(material.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="Week 1 notes.pdf"');
    expect((await download.arrayBuffer()).byteLength).toBe(3072);

    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, material.id));
    expect(await t.files.get(`course-materials/${row!.key}`)).not.toBeNull();
    expect((await admin.client.request(`/api/admin/training/materials/${material.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, material.id))).toHaveLength(0);
    expect(await t.files.get(`course-materials/${row!.key}`)).toBeNull();
    expect(await auditRows('material.upload')).toHaveLength(1);
    expect(await auditRows('material.delete')).toHaveLength(1);
  });

  it('refuses a file that is not an allowed type whatever its name, and one over 50 MB', async () => {
    const fake = await upload('cpo', Buffer.from('<html><script>alert(1)</script></html>'.repeat(200)), 'notes.pdf');
    expect(fake.status).toBe(400);
    expect(await errorOf(fake)).toBe(COURSE_MATERIAL_MESSAGES.wrongType);
    const big = await upload('cpo', pdf(50 * MB + 1), 'big.pdf');
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toBe(COURSE_MATERIAL_MESSAGES.tooLarge);
    expect((await upload('no-such-course', pdf(1024), 'x.pdf')).status).toBe(404);
    expect(await t.database.db.select().from(storedFiles)).toHaveLength(0);
  });
});
