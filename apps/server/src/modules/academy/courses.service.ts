import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { COHORT_STATUS_LABELS, type CourseCardDto, type CourseDetailDto, type UpcomingCohortDto } from '@ops/shared/schemas/courses';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findPublishedCourse, listPublishedCourses, listUpcomingCohorts, type UpcomingCohortRow } from './courses.repo.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export const COURSE_NOT_FOUND = 'Course Not Found';

export function toUpcomingCohort(row: UpcomingCohortRow): UpcomingCohortDto {
  // enrolled_count is kept equal to the enrolments holding a seat by the enrolment lifecycle.
  const seatsTaken = Math.min(row.enrolledCount, row.capacity);
  return {
    id: row.id,
    status: row.status,
    statusLabel: COHORT_STATUS_LABELS[row.status],
    startDate: row.startDate,
    endDate: row.endDate,
    location: row.location,
    capacity: row.capacity,
    seatsTaken,
    spotsLeft: row.capacity - seatsTaken,
  };
}

/** The catalogue: the published courses in their order, with the next start of each. */
export async function listCourses(deps: Deps): Promise<CourseCardDto[]> {
  const rows = await listPublishedCourses(deps.db, nairobiDate(deps.clock()));
  return rows.map((row) => ({ ...row, nextStart: row.nextStart ?? null }));
}

/** One course with its cohorts from today on (Nairobi); an unknown or unpublished id is 'Course Not Found'. */
export async function getCourse(deps: Deps, id: string, db: Executor = deps.db): Promise<CourseDetailDto> {
  const course = await findPublishedCourse(db, id);
  if (!course) throw AppError.notFound(COURSE_NOT_FOUND);
  const cohorts = (await listUpcomingCohorts(db, course.id, nairobiDate(deps.clock()))).map(toUpcomingCohort);
  return {
    id: course.id,
    title: course.title,
    tagline: course.tagline,
    level: course.level,
    durationWeeks: course.durationWeeks,
    price: course.price,
    accreditation: course.accreditation,
    category: course.category,
    nextStart: cohorts[0]?.startDate ?? null,
    description: course.description,
    maxStudents: course.maxStudents,
    prerequisites: course.prerequisites,
    syllabus: [...course.syllabus].sort((a, b) => a.week - b.week),
    learningOutcomes: course.learningOutcomes,
    careerOpportunities: course.careerOpportunities,
    upcomingCohorts: cohorts,
  };
}
