import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COURSE_VALIDITY_MESSAGE, type TrainingCourseOption } from '@ops/shared/schemas/admin-training';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { courses } from '../../db/schema/academy-courses.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { insertTrainingCourses } from '../../test/training-fixtures.ts';

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

describe('a course’s certificate validity', () => {
  it('sets how long a course’s certificates hold, with its audit row; refuses values out of bounds and an unknown course, writing nothing', async () => {
    const before = (await (await admin.client.get('/api/admin/training/courses')).json()) as TrainingCourseOption[];
    expect(before.find((c) => c.id === 'cpo')?.validityYears).toBeNull();

    const res = await admin.client.put('/api/admin/training/courses/cpo/validity', { validityYears: 3 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'cpo', validityYears: 3 });
    const [row] = await t.database.db.select({ validityYears: courses.validityYears }).from(courses).where(eq(courses.id, 'cpo'));
    expect(row?.validityYears).toBe(3);
    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'course.validity'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ recordType: 'course', recordId: 'cpo', before: { validityYears: null }, after: { validityYears: 3 } });

    for (const validityYears of [0, 21, 2.5, '3', -1]) {
      const bad = await admin.client.put('/api/admin/training/courses/cpo/validity', { validityYears });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as ApiErrorBody).fields?.validityYears).toBe(COURSE_VALIDITY_MESSAGE);
    }
    expect((await admin.client.put('/api/admin/training/courses/no-such-course/validity', { validityYears: 2 })).status).toBe(404);
    const [still] = await t.database.db.select({ validityYears: courses.validityYears }).from(courses).where(eq(courses.id, 'cpo'));
    expect(still?.validityYears).toBe(3);

    // Empty: certificates of the course no longer expire.
    expect(await (await admin.client.put('/api/admin/training/courses/cpo/validity', { validityYears: null })).json()).toMatchObject({
      validityYears: null,
    });
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'course.validity'))).toHaveLength(2);
  });
});
