import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StudentOverviewDto } from '@ops/shared/schemas/student';
import { cohortSchedules, courseAnnouncements } from '../../db/schema/academy-training.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { daysFromNow, insertCohort, insertCourse, insertEnrollment, insertMaterial, isoDay } from '../../test/student-fixtures.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
});
afterEach(() => t.close());

async function overviewOf(client: TestClient): Promise<StudentOverviewDto> {
  const res = await client.get('/api/student/overview');
  expect(res.status).toBe(200);
  return (await res.json()) as StudentOverviewDto;
}

describe('the student overview', () => {
  it("shows each student their own enrolments, their courses' sessions, materials and news, and counts the next 30 days", async () => {
    const { db } = t.database;
    await insertCourse(db, 'cpo', 'Close Protection Officer');
    await insertCourse(db, 'basic', 'Basic Security Guard');
    await insertCourse(db, 'event', 'Event Security');
    const cpoA = await insertCohort(db, 'cpo');
    const cpoB = await insertCohort(db, 'cpo', 40);
    const basic = await insertCohort(db, 'basic');
    const event = await insertCohort(db, 'event');

    const amina = await t.signedIn('client', { fullName: 'Amina Wanjiru' });
    const otieno = await t.signedInDirectly('guard', { fullName: 'Otieno Kamau' });
    const cpoEnrolment = await insertEnrollment(db, { profileId: amina.profileId, courseId: 'cpo', cohortId: cpoA, createdAt: daysFromNow(-5) });
    const basicEnrolment = await insertEnrollment(db, {
      profileId: amina.profileId,
      courseId: 'basic',
      cohortId: basic,
      status: 'completed',
      createdAt: daysFromNow(-3),
    });
    const rejected = await insertEnrollment(db, {
      profileId: amina.profileId,
      courseId: 'event',
      cohortId: event,
      status: 'rejected',
      paid: false,
      createdAt: daysFromNow(-1),
    });
    await insertEnrollment(db, { profileId: otieno.profileId, courseId: 'event', cohortId: event, status: 'pending_cash', paid: false });

    const session = (courseId: string, cohortId: string | null, title: string, inDays: number) => ({
      courseId,
      cohortId,
      sessionTitle: title,
      sessionDescription: `${title} description`,
      sessionDate: daysFromNow(inDays),
      durationHours: 3.5,
      location: 'Westlands',
      instructor: 'Rose Achieng',
    });
    await db
      .insert(cohortSchedules)
      .values([
        session('cpo', cpoA, 'First Aid', 2),
        session('cpo', null, 'Whole-course briefing', 5),
        session('cpo', cpoA, 'Motorcade drill', 29),
        session('cpo', cpoA, 'Beyond the month', 31),
        session('cpo', cpoA, 'Already happened', -1),
        session('cpo', cpoB, 'Another cohort', 3),
        session('basic', basic, 'Basic revision', 10),
        session('event', event, 'Event session (not hers: rejected)', 4),
      ]);
    await db.insert(courseAnnouncements).values([
      { courseId: 'cpo', title: 'Venue change', content: 'Kasarani grounds', priority: 'high', publishedAt: daysFromNow(-1) },
      { courseId: 'basic', title: 'Results out', content: 'Well done', priority: 'normal', publishedAt: daysFromNow(-2) },
      { courseId: 'event', title: 'Event news', content: 'Not for her', priority: 'normal', publishedAt: daysFromNow(0) },
    ]);
    const handbook = await insertMaterial(t, 'cpo', 'CPO handbook.pdf');
    await insertMaterial(t, 'event', 'Event plan.pdf');

    const overview = await overviewOf(amina.client);
    expect(overview.student).toEqual({ fullName: 'Amina Wanjiru' });
    // CPO is active; Basic is completed; the rejected Event enrolment holds no seat.
    expect(overview.stats).toEqual({ activeCourses: 1, upcomingSessions: 4, assessments: 0 });
    expect(overview.enrollments.map((e) => [e.id, e.courseTitle, e.status, e.hasAccess])).toEqual([
      [rejected, 'Event Security', 'rejected', false],
      [basicEnrolment, 'Basic Security Guard', 'completed', true],
      [cpoEnrolment, 'Close Protection Officer', 'active', true],
    ]);
    expect(overview.enrollments[2]).toMatchObject({
      courseId: 'cpo',
      cohortId: cpoA,
      coursePrice: 35_000,
      paymentStatus: 'paid',
      cohortStartDate: isoDay(daysFromNow(10)),
    });
    expect(overview.schedule.map((s) => s.title)).toEqual(['First Aid', 'Whole-course briefing', 'Basic revision', 'Motorcade drill', 'Beyond the month']);
    expect(overview.schedule[0]).toMatchObject({
      courseTitle: 'Close Protection Officer',
      durationHours: 3.5,
      location: 'Westlands',
      instructor: 'Rose Achieng',
      description: 'First Aid description',
    });
    expect(overview.materials).toEqual([
      expect.objectContaining({ id: handbook, name: 'CPO handbook.pdf', courseId: 'cpo', url: `/api/student/materials/${handbook}` }),
    ]);
    expect(overview.announcements.map((a) => [a.title, a.priority])).toEqual([
      ['Venue change', 'high'],
      ['Results out', 'normal'],
    ]);

    const his = await overviewOf(otieno.client);
    expect(his.student.fullName).toBe('Otieno Kamau');
    expect(his.stats).toEqual({ activeCourses: 1, upcomingSessions: 1, assessments: 0 });
    expect(his.enrollments.map((e) => e.courseId)).toEqual(['event']);
    expect(his.materials.map((m) => m.name)).toEqual(['Event plan.pdf']);
    expect(his.announcements.map((a) => a.title)).toEqual(['Event news']);
  });

  it("shows a student the news of their whole course and of their own cohort, never another cohort's", async () => {
    const { db } = t.database;
    await insertCourse(db, 'cpo');
    await insertCourse(db, 'event');
    const cohortA = await insertCohort(db, 'cpo');
    const cohortB = await insertCohort(db, 'cpo', 40);
    const amina = await t.signedInDirectly('client');
    const brian = await t.signedInDirectly('client');
    await insertEnrollment(db, { profileId: amina.profileId, courseId: 'cpo', cohortId: cohortA });
    await insertEnrollment(db, { profileId: brian.profileId, courseId: 'cpo', cohortId: cohortB });
    const news = (title: string, courseId: string, cohortId: string | null, daysAgo: number) => ({
      courseId,
      cohortId,
      title,
      content: title,
      publishedAt: daysFromNow(-daysAgo),
    });
    await db
      .insert(courseAnnouncements)
      .values([
        news('Whole course', 'cpo', null, 3),
        news('Cohort A moves to Kasarani', 'cpo', cohortA, 2),
        news('Cohort B starts later', 'cpo', cohortB, 1),
        news('Event news', 'event', null, 0),
      ]);

    expect((await overviewOf(amina.client)).announcements.map((a) => a.title)).toEqual(['Cohort A moves to Kasarani', 'Whole course']);
    expect((await overviewOf(brian.client)).announcements.map((a) => a.title)).toEqual(['Cohort B starts later', 'Whole course']);
  });

  it('keeps the schedule to the next 10 sessions and the news to the latest 10', async () => {
    const { db } = t.database;
    await insertCourse(db, 'cpo');
    const cohort = await insertCohort(db, 'cpo');
    const student = await t.signedInDirectly('client');
    await insertEnrollment(db, { profileId: student.profileId, courseId: 'cpo', cohortId: cohort, status: 'pending_payment', paid: false });
    await db.insert(cohortSchedules).values(
      Array.from({ length: 12 }, (_, i) => ({
        courseId: 'cpo',
        cohortId: cohort,
        sessionTitle: `Session ${i + 1}`,
        sessionDate: daysFromNow(i * 4 + 1),
        durationHours: 2,
      })),
    );
    await db
      .insert(courseAnnouncements)
      .values(Array.from({ length: 12 }, (_, i) => ({ courseId: 'cpo', title: `News ${i + 1}`, content: 'x', publishedAt: daysFromNow(-i) })));

    const overview = await overviewOf(student.client);
    expect(overview.schedule.map((s) => s.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Session ${i + 1}`));
    // Sessions on days 1, 5, 9, …, 29 fall within 30 days.
    expect(overview.stats.upcomingSessions).toBe(8);
    expect(overview.announcements.map((a) => a.title)).toEqual(Array.from({ length: 10 }, (_, i) => `News ${i + 1}`));
  });

  it('is for signed-in people only, and shows a newcomer an empty dashboard', async () => {
    expect((await t.client().get('/api/student/overview')).status).toBe(401);
    const newcomer = await t.signedInDirectly('client', { fullName: 'Newcomer' });
    expect(await overviewOf(newcomer.client)).toEqual({
      student: { fullName: 'Newcomer' },
      stats: { activeCourses: 0, upcomingSessions: 0, assessments: 0 },
      enrollments: [],
      schedule: [],
      materials: [],
      announcements: [],
      assessments: [],
    });
  });
});

describe('downloading a course material', () => {
  it("gives the file to a student of the course, and nobody else's: another course's, a rejected or released student's, a guest's", async () => {
    const { db } = t.database;
    await insertCourse(db, 'cpo');
    await insertCourse(db, 'event');
    const cpo = await insertCohort(db, 'cpo');
    await insertCohort(db, 'event');
    const student = await t.signedInDirectly('client');
    const rejected = await t.signedInDirectly('client');
    await insertEnrollment(db, { profileId: student.profileId, courseId: 'cpo', cohortId: cpo, status: 'pending_cash', paid: false });
    await insertEnrollment(db, { profileId: rejected.profileId, courseId: 'cpo', cohortId: cpo, status: 'rejected', paid: false });
    const released = await t.signedInDirectly('client');
    await insertEnrollment(db, { profileId: released.profileId, courseId: 'cpo', cohortId: cpo, status: 'cancelled', paid: false });
    const bytes = Buffer.from('%PDF-1.4\nThe handbook\n%%EOF\n');
    const handbook = await insertMaterial(t, 'cpo', 'CPO handbook.pdf', bytes);
    const other = await insertMaterial(t, 'event', 'Event plan.pdf');

    const res = await student.client.get(`/api/student/materials/${handbook}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="CPO handbook.pdf"; filename*=UTF-8''CPO%20handbook.pdf`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');

    expect((await student.client.get(`/api/student/materials/${other}`)).status).toBe(404);
    expect((await student.client.get('/api/student/materials/not-an-id')).status).toBe(404);
    expect((await rejected.client.get(`/api/student/materials/${handbook}`)).status).toBe(404);
    expect((await released.client.get(`/api/student/materials/${handbook}`)).status).toBe(404);
    expect((await t.client().get(`/api/student/materials/${handbook}`)).status).toBe(401);
  });
});
