/**
 * A cohort's 'Enrolled' figure (cohorts.enrolled_count, what the console, the course page and the
 * partner portal show) beside the enrolments that really hold a seat in it, for every cohort.
 */
import { asc, sql } from 'drizzle-orm';
import { SEAT_HOLDING_STATUSES } from '@ops/shared/domain/enrollment-status';
import type { Executor } from '../db/client.ts';
import { cohorts } from '../db/schema/academy-courses.ts';

export interface SeatFigure {
  cohortId: string;
  courseId: string;
  startDate: string;
  capacity: number;
  shown: number;
  seatHolders: number;
}

const seatHolding = sql.join(
  SEAT_HOLDING_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

export async function seatFigures(db: Executor): Promise<SeatFigure[]> {
  return db
    .select({
      cohortId: cohorts.id,
      courseId: cohorts.courseId,
      startDate: cohorts.startDate,
      capacity: cohorts.capacity,
      shown: cohorts.enrolledCount,
      // Named in full: inside the subquery a bare "id" would be the enrolment's.
      seatHolders: sql<number>`(select count(*) from "enrollments" e where e."cohort_id" = "cohorts"."id" and e."status" in (${seatHolding}))`.mapWith(
        Number,
      ),
    })
    .from(cohorts)
    .orderBy(asc(cohorts.startDate), asc(cohorts.id));
}

/** The cohorts whose shown figure is not their count of seat-holding enrolments (none, when all is well). */
export async function wrongSeatFigures(db: Executor): Promise<SeatFigure[]> {
  return (await seatFigures(db)).filter((f) => f.shown !== f.seatHolders);
}
