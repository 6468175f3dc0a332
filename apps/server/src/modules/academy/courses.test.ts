import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { courseDetailDto, courseListDto, type CourseDetailDto, type CourseListDto } from '@ops/shared/schemas/courses';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { COURSE_CATALOGUE } from '../../db/seed/course-catalogue.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { reviewEnrollment } from './enrollment-decisions.service.ts';
import { createEnrollment } from './enrollment-lifecycle.service.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  await t.database.db.insert(courses).values(COURSE_CATALOGUE);
});
afterEach(() => t.close());

const today = () => nairobiDate(new Date());

interface CohortFixture {
  courseId?: string;
  startInDays: number;
  capacity?: number;
  enrolledCount?: number;
  status?: (typeof cohorts.$inferInsert)['status'];
  location?: string | null;
}

async function insertCohort({
  courseId = 'cpo',
  startInDays,
  capacity = 15,
  enrolledCount = 0,
  status = 'open',
  location = 'Nairobi Training Centre, Westlands',
}: CohortFixture) {
  const startDate = addDaysToDate(today(), startInDays);
  const [row] = await t.database.db
    .insert(cohorts)
    .values({
      courseId,
      startDate,
      endDate: addDaysToDate(startDate, 41),
      capacity,
      enrolledCount,
      status,
      location,
      instructor: 'Maj. (Rtd) John Kiptoo',
      notes: 'Private note',
    })
    .returning({ id: cohorts.id });
  return row!.id;
}

async function readCourse(id: string): Promise<CourseDetailDto> {
  const res = await t.client().get(`/api/courses/${id}`);
  expect(res.status).toBe(200);
  return courseDetailDto.parse(await res.json());
}

/** A person enrolled through the lifecycle, which takes the seat as a real enrolment does. */
async function enrol(cohortId: string, status: 'pending' | 'active' = 'active') {
  const { profileId } = await t.signedInDirectly('client');
  return t.database.db.transaction((tx) =>
    createEnrollment(
      tx,
      {
        profileId,
        courseId: 'cpo',
        cohortId,
        coursePrice: 150_000,
        paymentMethod: 'cash',
        phoneNumber: null,
        status,
        paymentStatus: status === 'active' ? 'paid' : 'pending',
        paymentDeadline: null,
      },
      new Date(),
    ),
  );
}

describe('the course list', () => {
  it('shows a visitor the published courses in catalogue order with what the cards need', async () => {
    await t.database.db.update(courses).set({ published: false }).where(eq(courses.id, 'event-security'));
    await insertCohort({ startInDays: -3, status: 'ongoing' });
    await insertCohort({ startInDays: 40, status: 'upcoming' });
    await insertCohort({ startInDays: 12 });

    const res = await t.client().get('/api/courses');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const list: CourseListDto = courseListDto.parse(await res.json());

    expect(list.map((c) => c.id)).toEqual(['cpo', 'basic-security', 'executive-protection']);
    expect(list[0]).toEqual({
      id: 'cpo',
      title: 'Certified Protection Officer',
      tagline: 'The benchmark qualification for senior security professionals in East Africa.',
      level: 'Advanced',
      durationWeeks: 6,
      price: 150_000,
      accreditation: 'EBSSA Accredited',
      category: 'Professional Certification',
      nextStart: addDaysToDate(today(), 12),
    });
    expect(list[1]!.nextStart).toBeNull();
  });

  it('follows the sort order, not the id', async () => {
    await t.database.db.update(courses).set({ sortOrder: 0 }).where(eq(courses.id, 'event-security'));
    const list = courseListDto.parse(await (await t.client().get('/api/courses')).json());
    expect(list.map((c) => c.id)).toEqual(['event-security', 'cpo', 'basic-security', 'executive-protection']);
  });
});

describe('the course page', () => {
  it('gives everything the page shows, with cohorts from today on, earliest first, at most 6', async () => {
    await insertCohort({ startInDays: -1, status: 'ongoing' });
    const ids = [];
    for (const days of [70, 0, 14, 28, 42, 56, 84])
      ids.push(await insertCohort({ startInDays: days, status: days === 0 ? 'ongoing' : days === 14 ? 'open' : 'upcoming' }));
    await insertCohort({ courseId: 'basic-security', startInDays: 7 });

    const course = await readCourse('cpo');
    const catalogue = COURSE_CATALOGUE[0]!;
    expect(course).toMatchObject({
      id: 'cpo',
      title: catalogue.title,
      tagline: catalogue.tagline,
      description: catalogue.description,
      level: 'Advanced',
      accreditation: 'EBSSA Accredited',
      durationWeeks: 6,
      maxStudents: 15,
      price: 150_000,
      prerequisites: catalogue.prerequisites,
      learningOutcomes: catalogue.learningOutcomes,
      careerOpportunities: catalogue.careerOpportunities,
      nextStart: today(),
    });
    expect(course.syllabus).toHaveLength(6);
    expect(course.syllabus[0]).toEqual(catalogue.syllabus![0]);
    expect(course.upcomingCohorts.map((c) => c.startDate)).toEqual([0, 14, 28, 42, 56, 70].map((d) => addDaysToDate(today(), d)));
    expect(course.upcomingCohorts.map((c) => c.statusLabel)).toEqual(['Ongoing', 'Open for Enrollment', 'Upcoming', 'Upcoming', 'Upcoming', 'Upcoming']);
    expect(course.upcomingCohorts[1]).toEqual({
      id: ids[2],
      status: 'open',
      statusLabel: 'Open for Enrollment',
      startDate: addDaysToDate(today(), 14),
      endDate: addDaysToDate(today(), 55),
      location: 'Nairobi Training Centre, Westlands',
      capacity: 15,
      seatsTaken: 0,
      spotsLeft: 15,
    });
  });

  it('counts seats from the enrolments holding one, and gives a seat back when one is rejected', async () => {
    const cohortId = await insertCohort({ startInDays: 21, capacity: 15 });
    for (let i = 0; i < 7; i++) await enrol(cohortId);
    const pending = await enrol(cohortId, 'pending');

    let [cohort] = (await readCourse('cpo')).upcomingCohorts;
    expect(cohort).toMatchObject({ capacity: 15, seatsTaken: 8, spotsLeft: 7 });

    const admin = await t.signedIn('admin');
    await reviewEnrollment(t.deps, {
      enrollmentId: pending.id,
      decision: 'rejected',
      reason: 'Class full of walk-ins',
      actor: { profileId: admin.profileId, clientIp: null },
    });
    [cohort] = (await readCourse('cpo')).upcomingCohorts;
    expect(cohort).toMatchObject({ seatsTaken: 7, spotsLeft: 8 });
  });

  it('is public, asks the browser to check each time, and answers an unchanged page with 304', async () => {
    await insertCohort({ startInDays: 21 });
    const first = await t.client().get('/api/courses/cpo');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();

    expect((await t.client().get('/api/courses/cpo', { 'if-none-match': tag! })).status).toBe(304);

    await enrol((await readCourse('cpo')).upcomingCohorts[0]!.id);
    const changed = await t.client().get('/api/courses/cpo', { 'if-none-match': tag! });
    expect(changed.status).toBe(200);
    expect(courseDetailDto.parse(await changed.json()).upcomingCohorts[0]!.spotsLeft).toBe(14);
  });

  it('shows no instructor, notes, audit or private fields', async () => {
    await insertCohort({ startInDays: 21 });
    const body = await (await t.client().get('/api/courses/cpo')).json();
    const text = JSON.stringify(body);
    for (const hidden of [
      'instructor',
      'Kiptoo',
      'notes',
      'Private note',
      'audited',
      'published',
      'sortOrder',
      'createdAt',
      'updatedAt',
      'enrolledCount',
    ]) {
      expect(text).not.toContain(hidden);
    }
    expect(Object.keys(body as object).sort()).toEqual(Object.keys(courseDetailDto.shape).sort());
    const list = await (await t.client().get('/api/courses')).json();
    expect(JSON.stringify(list)).not.toContain('published');
  });

  it('answers 404 Course Not Found for an unknown or unpublished course', async () => {
    await t.database.db.update(courses).set({ published: false }).where(eq(courses.id, 'event-security'));
    for (const id of ['no-such-course', 'event-security']) {
      const res = await t.client().get(`/api/courses/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Course Not Found' });
    }
  });

  it('reads the same for a signed-in student as for a visitor', async () => {
    await insertCohort({ startInDays: 21 });
    const student = await t.signedIn('client');
    const signedIn = await student.client.get('/api/courses/cpo');
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual(await readCourse('cpo'));
  });
});
