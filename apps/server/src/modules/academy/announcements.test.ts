import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminAnnouncementRow } from '@ops/shared/schemas/admin-course-content';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
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

describe('announcements', () => {
  it('adds and deletes announcements', async () => {
    expect((await admin.client.post('/api/admin/training/courses/cpo/announcements', { title: 'x', content: '' })).status).toBe(400);
    expect((await admin.client.post('/api/admin/training/courses/cpo/announcements', { title: 'x', content: 'y', priority: 'urgent' })).status).toBe(400);
    const res = await admin.client.post('/api/admin/training/courses/cpo/announcements', {
      title: 'Venue change',
      content: 'We meet in Room 2.',
      priority: 'high',
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as AdminAnnouncementRow;
    const listed = (await (await admin.client.get('/api/admin/training/courses/cpo/announcements')).json()) as AdminAnnouncementRow[];
    expect(listed).toEqual([expect.objectContaining({ title: 'Venue change', priority: 'high' })]);
    expect((await admin.client.request(`/api/admin/training/announcements/${made.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await admin.client.get('/api/admin/training/courses/cpo/announcements')).json()).toEqual([]);
    expect(await auditRows('announcement.create')).toHaveLength(1);
    expect(await auditRows('announcement.delete')).toHaveLength(1);
  });

  it('aims an announcement at one cohort of the course or the whole course, and refuses a cohort of another course', async () => {
    const cohortA = await insertCohort({ startDate: '2027-03-01' });
    const eventCohort = await insertCohort({ courseId: 'event-security' });
    const post = (body: Record<string, unknown>) =>
      admin.client.post('/api/admin/training/courses/cpo/announcements', { title: 'Venue change', content: 'Room 2', ...body });

    for (const cohortId of [eventCohort, crypto.randomUUID()]) {
      const refused = await post({ cohortId });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ApiErrorBody).fields?.cohortId).toBe('Choose a cohort of this course');
    }
    expect((await post({ cohortId: 'not-an-id' })).status).toBe(400);
    expect(await auditRows('announcement.create')).toHaveLength(0);

    const forCohort = await post({ cohortId: cohortA, title: 'Cohort A: Kasarani on Wednesday' });
    expect(forCohort.status).toBe(201);
    expect(await forCohort.json()).toMatchObject({ cohortId: cohortA, cohortStartDate: '2027-03-01' });
    const forCourse = await post({ cohortId: '', title: 'Handbook reprinted' });
    expect(await forCourse.json()).toMatchObject({ cohortId: null, cohortStartDate: null });
    const listed = (await (await admin.client.get('/api/admin/training/courses/cpo/announcements')).json()) as AdminAnnouncementRow[];
    expect(listed.map((a) => [a.title, a.cohortStartDate])).toEqual([
      ['Handbook reprinted', null],
      ['Cohort A: Kasarani on Wednesday', '2027-03-01'],
    ]);
    const audits = await auditRows('announcement.create');
    expect(audits.map((a) => (a.after as { cohortId: string | null }).cohortId).sort()).toEqual([cohortA, null].sort());
  });
});
