import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSessionRow } from '@ops/shared/schemas/admin-course-content';
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

const { insertCohort, auditRows } = trainingScene(() => t);

describe('sessions', () => {
  it('adds, edits and deletes sessions, in Nairobi time, with audit rows', async () => {
    const base = { courseId: 'cpo', title: 'Patrol techniques', date: '2027-03-02', time: '09:30', durationHours: 2.5, location: 'Room 4' };
    expect((await admin.client.post('/api/admin/training/sessions', { ...base, durationHours: 0.25 })).status).toBe(400);
    expect((await admin.client.post('/api/admin/training/sessions', { ...base, durationHours: 25 })).status).toBe(400);
    expect((await admin.client.post('/api/admin/training/sessions', { ...base, title: ' ' })).status).toBe(400);
    const otherCohort = await insertCohort({ courseId: 'event-security' });
    expect((await admin.client.post('/api/admin/training/sessions', { ...base, cohortId: otherCohort })).status).toBe(400);

    const created = (await (await admin.client.post('/api/admin/training/sessions', base)).json()) as AdminSessionRow;
    expect(created).toMatchObject({ sessionDate: '2027-03-02T06:30:00.000Z', date: '2027-03-02', time: '09:30', durationHours: 2.5, cohortId: null });
    const edited = await admin.client.put(`/api/admin/training/sessions/${created.id}`, { ...base, time: '14:00', durationHours: 0.5 });
    expect((await edited.json()) as AdminSessionRow).toMatchObject({ time: '14:00', durationHours: 0.5 });
    const listed = (await (await admin.client.get('/api/admin/training/courses/cpo/sessions')).json()) as AdminSessionRow[];
    expect(listed.map((s) => s.title)).toEqual(['Patrol techniques']);
    expect((await admin.client.request(`/api/admin/training/sessions/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await admin.client.get('/api/admin/training/courses/cpo/sessions')).json()).toEqual([]);
    expect((await auditRows('session.create')).length + (await auditRows('session.update')).length + (await auditRows('session.delete')).length).toBe(3);
  });
});
