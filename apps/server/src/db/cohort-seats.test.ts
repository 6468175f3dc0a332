/**
 * A cohort's 'Enrolled' figure (cohorts.enrolled_count) is kept by the database (migration 0032):
 * whoever writes enrolments or the cohort, it is the count of the enrolments that hold a seat, and
 * the capacity check refuses the one too many, however many write at once.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';
import { wrongSeatFigures } from '../test/seat-figures.ts';
import { MIGRATIONS_DIR } from './client.ts';
import { cohorts, courses } from './schema/academy-courses.ts';
import { enrollments } from './schema/academy-enrollments.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  await t.database.db.insert(courses).values({
    id: 'cpo',
    title: 'Certified Protection Officer',
    tagline: 'Tagline',
    description: 'Description',
    durationWeeks: 6,
    price: 45_000,
    level: 'Advanced',
    accreditation: 'EBSSA',
    category: 'Security',
    maxStudents: 15,
  });
});
afterEach(() => t.close());

async function cohort(capacity = 5) {
  const [row] = await t.database.db.insert(cohorts).values({ courseId: 'cpo', startDate: '2027-03-01', endDate: '2027-04-12', capacity }).returning();
  return row!.id;
}

const shown = async (cohortId: string) => (await t.database.db.select().from(cohorts).where(eq(cohorts.id, cohortId)))[0]!.enrolledCount;

async function enrol(cohortId: string, status: (typeof enrollments.$inferInsert)['status'] = 'active') {
  const person = await t.signedInDirectly('client');
  const [row] = await t.database.db
    .insert(enrollments)
    .values({
      profileId: person.profileId,
      courseId: 'cpo',
      cohortId,
      coursePrice: 45_000,
      paymentMethod: 'cash',
      status,
      paymentStatus: status === 'active' ? 'paid' : 'pending_cash',
    })
    .returning();
  return row!;
}

describe("a cohort's seat figure", () => {
  it('counts the enrolments holding a seat, whoever writes them, and cannot be set by hand', async () => {
    const a = await cohort();
    const b = await cohort();
    // Written straight into the table, as the demo data and the migrations do.
    const first = await enrol(a);
    await enrol(a, 'pending_cash');
    await enrol(a, 'cancelled');
    expect(await shown(a)).toBe(2);

    // A figure of its own (the demo once stored 9 of 20 for one enrolment) does not stick.
    await t.database.db.insert(cohorts).values({ courseId: 'cpo', startDate: '2027-05-03', endDate: '2027-06-14', capacity: 20, enrolledCount: 9 });
    await t.database.db.update(cohorts).set({ enrolledCount: 4 }).where(eq(cohorts.id, a));
    expect(await shown(a)).toBe(2);

    await t.database.db.update(enrollments).set({ status: 'rejected' }).where(eq(enrollments.id, first.id));
    expect(await shown(a)).toBe(1);
    await t.database.db.update(enrollments).set({ status: 'active' }).where(eq(enrollments.id, first.id));
    await t.database.db.update(enrollments).set({ cohortId: b }).where(eq(enrollments.id, first.id));
    expect([await shown(a), await shown(b)]).toEqual([1, 1]);
    await t.database.db.delete(enrollments).where(eq(enrollments.id, first.id));
    expect(await shown(b)).toBe(0);
    expect(await wrongSeatFigures(t.database.db)).toEqual([]);
  });

  it('refuses the enrolment that would pass the capacity, however many are written at once', async () => {
    const id = await cohort(5);
    const people = await Promise.all(Array.from({ length: 20 }, () => t.signedInDirectly('client')));
    const answers = await Promise.allSettled(
      people.map((p) =>
        t.database.db.insert(enrollments).values({
          profileId: p.profileId,
          courseId: 'cpo',
          cohortId: id,
          coursePrice: 45_000,
          paymentMethod: 'cash',
          status: 'pending_cash',
          paymentStatus: 'pending_cash',
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status === 'rejected'))
      expect(JSON.stringify((refused.reason as { cause?: unknown }).cause ?? refused.reason)).toContain('cohorts_capacity_check');
    expect(await shown(id)).toBe(5);
    expect(await wrongSeatFigures(t.database.db)).toEqual([]);
  });

  it('is recounted for every cohort by migration 0032, which raises a capacity its enrolments already pass', async () => {
    const a = await cohort(2);
    await enrol(a);
    await enrol(a);
    // Figures as they were before the migration: written by hand.
    await t.database.db.execute(sql`alter table "cohorts" disable trigger "cohorts_recount_seats"`);
    await t.database.db.update(cohorts).set({ enrolledCount: 0, capacity: 1 }).where(eq(cohorts.id, a));
    await t.database.db.execute(sql`alter table "cohorts" enable trigger "cohorts_recount_seats"`);
    expect(await wrongSeatFigures(t.database.db)).toHaveLength(1);

    const recount = readFileSync(`${MIGRATIONS_DIR}/0032_cohort_seats_kept_by_the_database.sql`, 'utf8').split('--> statement-breakpoint').at(-1)!;
    await t.database.db.execute(sql.raw(recount));
    expect(await wrongSeatFigures(t.database.db)).toEqual([]);
    expect((await t.database.db.select().from(cohorts).where(eq(cohorts.id, a)))[0]).toMatchObject({ enrolledCount: 2, capacity: 2 });
  });
});
