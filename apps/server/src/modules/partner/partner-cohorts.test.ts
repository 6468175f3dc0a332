/** What a partner reviews: every cohort with its evidence, and the course materials and files they may download. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerCohortList, PartnerMaterialList } from '@ops/shared/schemas/partner';
import { attendance, studentAssessments } from '../../db/schema/academy-training.ts';
import { insertCourse, partnerFixtures } from '../../test/partner-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let partner: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  partner = await t.signedInDirectly('partner', { fullName: 'Grace Wanjiru' });
  await insertCourse(t.database.db, 'cpo', 'Certified Protection Officer', 6);
  await insertCourse(t.database.db, 'event-security', 'Event Security', 3);
});
afterEach(() => t.close());

const { insertCohort, insertEnrollment, storeFile, listCohorts } = partnerFixtures(
  () => t,
  () => partner.client,
);

describe('cohort reviews', () => {
  it('lists every cohort, latest start first, with its course, duration, seats and no audit yet', async () => {
    await insertCohort({ startDate: '2027-01-10', endDate: '2027-02-20', instructor: 'J. Mwangi', location: 'Nairobi' });
    const events = await insertCohort({ courseId: 'event-security', startDate: '2027-05-04', endDate: '2027-05-25', capacity: 30 });
    // Seats are the enrolments holding one (the database counts them).
    for (let i = 0; i < 4; i++) await insertEnrollment(events, (await t.signedInDirectly('client')).profileId);
    const res = await partner.client.get('/api/partner/cohorts');
    expect(res.status).toBe(200);
    const items = ((await res.json()) as PartnerCohortList).items;
    expect(items.map((c) => c.startDate)).toEqual(['2027-05-04', '2027-01-10']);
    expect(items[0]).toMatchObject({
      courseId: 'event-security',
      courseName: 'Event Security',
      durationWeeks: 3,
      capacity: 30,
      enrolledCount: 4,
      instructor: null,
      location: null,
      audited: false,
      auditedAt: null,
      auditedByName: null,
      attendancePercent: null,
      submissions: { graded: 0, passed: 0, total: 0 },
      cvs: [],
      photos: [],
    });
    expect(items[1]).toMatchObject({ courseName: 'Certified Protection Officer', durationWeeks: 6, instructor: 'J. Mwangi', location: 'Nairobi' });
  });

  it('shows each cohort’s attendance rate, graded submissions, CVs and photos as evidence', async () => {
    const cohortId = await insertCohort();
    const otherCohort = await insertCohort({ startDate: '2026-01-05', endDate: '2026-02-16' });
    const amina = await t.signedInDirectly('client');
    const brian = await t.signedInDirectly('client');
    const aminaSeat = await insertEnrollment(cohortId, amina.profileId);
    const brianSeat = await insertEnrollment(cohortId, brian.profileId);
    const rows: (typeof attendance.$inferInsert)[] = [
      { enrollmentId: aminaSeat, profileId: amina.profileId, courseId: 'cpo', sessionDate: '2027-03-02', status: 'present' },
      { enrollmentId: aminaSeat, profileId: amina.profileId, courseId: 'cpo', sessionDate: '2027-03-03', status: 'late' },
      { enrollmentId: brianSeat, profileId: brian.profileId, courseId: 'cpo', sessionDate: '2027-03-02', status: 'absent' },
      { enrollmentId: brianSeat, profileId: brian.profileId, courseId: 'cpo', sessionDate: '2027-03-03', status: 'present' },
      { enrollmentId: brianSeat, profileId: brian.profileId, courseId: 'cpo', sessionDate: '2027-03-04', status: 'excused' },
    ];
    await t.database.db.insert(attendance).values(rows);
    const essay = await storeFile('student-assessments', 'essay.pdf');
    const submission = { profileId: amina.profileId, courseId: 'cpo', assessmentType: 'assignment' as const, fileId: essay.id, fileName: 'essay.pdf' };
    await t.database.db.insert(studentAssessments).values([
      { ...submission, enrollmentId: aminaSeat, assessmentTitle: 'Risk essay', grade: 'A', passed: true, status: 'graded' },
      { ...submission, enrollmentId: brianSeat, assessmentTitle: 'Risk essay', grade: 'F', passed: false, status: 'graded' },
      { ...submission, enrollmentId: brianSeat, assessmentTitle: 'Drill report' },
    ]);
    const cv = await storeFile('instructor-cvs', 'Mwangi CV.pdf', { courseId: 'cpo', cohortId });
    const photo = await storeFile('facilities-photos', 'Range.pdf', { courseId: 'cpo', cohortId });

    const [reviewed, other] = await listCohorts();
    expect(reviewed).toMatchObject({
      id: cohortId,
      attendancePercent: 75,
      submissions: { graded: 2, passed: 1, total: 3 },
      cvs: [{ id: cv.id, name: 'Mwangi CV.pdf', sizeBytes: cv.size }],
      photos: [{ id: photo.id, name: 'Range.pdf', sizeBytes: photo.size }],
    });
    expect(other).toMatchObject({ id: otherCohort, attendancePercent: null, submissions: { total: 0 }, cvs: [], photos: [] });
  });
});

describe('course materials and files', () => {
  it('lists course materials with their course and size, and downloads them', async () => {
    const material = await storeFile('course-materials', 'Week 1 notes.pdf', { courseId: 'cpo' });
    const res = await partner.client.get('/api/partner/materials');
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as PartnerMaterialList;
    expect(items).toEqual([
      expect.objectContaining({
        id: material.id,
        name: 'Week 1 notes.pdf',
        courseId: 'cpo',
        courseTitle: 'Certified Protection Officer',
        sizeBytes: material.size,
      }),
    ]);
    const download = await partner.client.get(`/api/partner/files/${material.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="Week 1 notes.pdf"');
    expect(await download.text()).toContain('Week 1 notes.pdf');
  });

  it('answers an empty list when there are no materials', async () => {
    expect(((await (await partner.client.get('/api/partner/materials')).json()) as PartnerMaterialList).items).toEqual([]);
  });

  it('downloads CVs and photos but never guard documents, assessments or certificates', async () => {
    const cohortId = await insertCohort();
    const cv = await storeFile('instructor-cvs', 'cv.pdf', { courseId: 'cpo', cohortId });
    const photo = await storeFile('facilities-photos', 'hall.pdf', { courseId: 'cpo', cohortId });
    expect((await partner.client.get(`/api/partner/files/${cv.id}`)).status).toBe(200);
    expect((await partner.client.get(`/api/partner/files/${photo.id}`)).status).toBe(200);
    for (const bucket of ['guard-documents', 'student-assessments', 'certificates'] as const) {
      const other = await storeFile(bucket, `${bucket}.pdf`);
      expect((await partner.client.get(`/api/partner/files/${other.id}`)).status, bucket).toBe(404);
    }
    expect((await partner.client.get(`/api/partner/files/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
