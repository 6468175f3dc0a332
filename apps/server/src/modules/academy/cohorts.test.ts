import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { cohorts } from '../../db/schema/academy-courses.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { errorOf, insertTrainingCourses, trainingScene } from '../../test/training-fixtures.ts';

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

const validCohort = {
  courseId: 'cpo',
  startDate: '2027-05-04',
  endDate: '2027-06-15',
  capacity: 20,
  status: 'open',
  instructor: 'J. Mwangi',
  location: 'Nairobi',
};

describe('cohorts', () => {
  it('creates a cohort with its audit row, and lists cohorts by start date, latest first', async () => {
    await insertCohort({ startDate: '2027-01-10', endDate: '2027-02-20' });
    const res = await admin.client.post('/api/admin/training/cohorts', { ...validCohort, notes: '  ' });
    expect(res.status).toBe(201);
    const created = (await res.json()) as AdminCohortRow;
    expect(created).toMatchObject({ courseTitle: 'Certified Protection Officer', capacity: 20, enrolledCount: 0, status: 'open', notes: null });

    const list = (await (await admin.client.get('/api/admin/training/cohorts')).json()) as AdminCohortRow[];
    expect(list.map((c) => c.startDate)).toEqual(['2027-05-04', '2027-01-10']);
    const [audit] = await auditRows('cohort.create');
    expect(audit).toMatchObject({ recordId: created.id, actorProfileId: admin.profileId });
    expect(audit!.after).toMatchObject({ capacity: 20, startDate: '2027-05-04' });
  });

  it('requires course, start date, end date and capacity, and refuses an end before the start', async () => {
    const empty = await admin.client.post('/api/admin/training/cohorts', {});
    expect(empty.status).toBe(400);
    const body = (await empty.json()) as ApiErrorBody;
    expect(body.fields).toMatchObject({ courseId: 'Choose a course', startDate: 'Enter the start date', endDate: 'Enter the end date' });
    expect(body.fields?.capacity).toMatch(/Capacity must be a whole number from 1 to 500/);

    const backwards = await admin.client.post('/api/admin/training/cohorts', { ...validCohort, startDate: '2027-06-15', endDate: '2027-06-14' });
    expect(backwards.status).toBe(400);
    expect(await errorOf(backwards)).toBe('The end date cannot be before the start date');

    for (const capacity of [0, 501, 2.5, 'many']) {
      const res = await admin.client.post('/api/admin/training/cohorts', { ...validCohort, capacity });
      expect(res.status, String(capacity)).toBe(400);
    }
    const unknownCourse = await admin.client.post('/api/admin/training/cohorts', { ...validCohort, courseId: 'nope' });
    expect(unknownCourse.status).toBe(400);
    expect(await t.database.db.select().from(cohorts)).toHaveLength(0);
  });

  it('edits a cohort with before and after in its audit row, never below the seats already taken', async () => {
    const id = await insertCohort({ capacity: 15 });
    for (const name of ['Amina', 'Brian', 'Chege', 'Dorcas', 'Esther', 'Faith', 'Grace', 'Hassan'])
      await insertEnrollment(id, (await student(name)).profileId);
    const below = await admin.client.put(`/api/admin/training/cohorts/${id}`, { ...validCohort, capacity: 7 });
    expect(below.status).toBe(409);
    expect(await errorOf(below)).toBe('This cohort already has 8 seats taken; its capacity cannot be lower than that.');

    const ok = await admin.client.put(`/api/admin/training/cohorts/${id}`, { ...validCohort, capacity: 8, status: 'ongoing' });
    expect(ok.status).toBe(200);
    expect((await ok.json()) as AdminCohortRow).toMatchObject({ capacity: 8, enrolledCount: 8, status: 'ongoing', startDate: '2027-05-04' });
    const [audit] = await auditRows('cohort.update');
    expect(audit!.before).toMatchObject({ capacity: 15, status: 'upcoming' });
    expect(audit!.after).toMatchObject({ capacity: 8, status: 'ongoing' });
  });

  it('keeps the course of a cohort that has enrolments', async () => {
    const id = await insertCohort({ enrolledCount: 1 });
    await insertEnrollment(id, (await student('Amina')).profileId);
    const res = await admin.client.put(`/api/admin/training/cohorts/${id}`, { ...validCohort, courseId: 'event-security' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('This cohort has enrolments, so its course cannot be changed.');
  });

  it('refuses to delete a cohort with enrolments and says why; deletes an empty one with its audit row', async () => {
    const full = await insertCohort({ enrolledCount: 1 });
    await insertEnrollment(full, (await student('Amina')).profileId);
    await insertEnrollment(full, (await student('Brian')).profileId, { status: 'rejected' });
    const refused = await admin.client.request(`/api/admin/training/cohorts/${full}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe('This cohort has 2 enrolments and cannot be deleted.');

    const empty = await insertCohort();
    expect((await admin.client.request(`/api/admin/training/cohorts/${empty}`, { method: 'DELETE' })).status).toBe(204);
    expect(await t.database.db.select().from(cohorts).where(eq(cohorts.id, empty))).toHaveLength(0);
    expect(await auditRows('cohort.delete')).toHaveLength(1);
    expect((await admin.client.request(`/api/admin/training/cohorts/${empty}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('the Training routes', () => {
  it('keeps the Training routes from anyone without academy.manage', async () => {
    const client = await t.signedInDirectly('client');
    expect((await client.client.get('/api/admin/training/cohorts')).status).toBe(403);
    expect((await t.client().get('/api/admin/training/enrollments')).status).toBe(401);
  });
});
