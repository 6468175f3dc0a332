/** The console's Training tests: two courses, and cohorts and enrolments written straight to the database. */
import { eq } from 'drizzle-orm';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import type { Database } from '../db/client.ts';
import { cohorts, courses } from '../db/schema/academy-courses.ts';
import { enrollments } from '../db/schema/academy-enrollments.ts';
import { auditEvents } from '../db/schema/audit.ts';
import type { TestContext } from './test-app.ts';

async function insertCourse(db: Database, id: string, title: string) {
  await db.insert(courses).values({
    id,
    title,
    tagline: 'Tagline',
    description: 'Description',
    durationWeeks: 6,
    price: 45_000,
    level: 'Advanced',
    accreditation: 'EBSSA',
    category: 'Security',
    maxStudents: 15,
  });
}

/** The courses every Training test starts with: 'cpo' (KES 45,000) and 'event-security'. */
export async function insertTrainingCourses(db: Database) {
  await insertCourse(db, 'cpo', 'Certified Protection Officer');
  await insertCourse(db, 'event-security', 'Event Security');
}

/** Set-up helpers that act on the test's own context (`context` answers the current one: each test gets a fresh one). */
export function trainingScene(context: () => TestContext) {
  const db = () => context().database.db;
  return {
    async insertCohort(values: Partial<typeof cohorts.$inferInsert> = {}): Promise<string> {
      const [row] = await db()
        .insert(cohorts)
        .values({ courseId: 'cpo', startDate: '2027-03-01', endDate: '2027-04-12', capacity: 15, ...values })
        .returning({ id: cohorts.id });
      return row!.id;
    },
    async insertEnrollment(cohortId: string, profileId: string, values: Partial<typeof enrollments.$inferInsert> = {}): Promise<string> {
      const [row] = await db()
        .insert(enrollments)
        .values({
          profileId,
          courseId: 'cpo',
          cohortId,
          coursePrice: 45_000,
          paymentMethod: 'intasend',
          status: 'active',
          paymentStatus: 'paid',
          ...values,
        })
        .returning({ id: enrollments.id });
      return row!.id;
    },
    student: (fullName: string, phone: string | null = null) => context().signedInDirectly('client', { fullName, phone }),
    auditRows: (action: string) => db().select().from(auditEvents).where(eq(auditEvents.action, action)),
  };
}

export const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).message;
