import { z } from 'zod';
import { COHORT_STATUSES, COURSE_LEVELS } from '../constants.ts';

type CohortStatus = (typeof COHORT_STATUSES)[number];

/** How a cohort's status reads on the course page; only 'Open for Enrollment' warns of few spots left. */
export const COHORT_STATUS_LABELS = {
  open: 'Open for Enrollment',
  upcoming: 'Upcoming',
  ongoing: 'Ongoing',
  completed: 'Completed',
} as const satisfies Record<CohortStatus, string>;
export type CohortStatusLabel = (typeof COHORT_STATUS_LABELS)[CohortStatus];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One course card of /api/courses (the published courses, in catalogue order). */
export const courseCardDto = z.object({
  /** The public slug: cpo, basic-security, … (the id in /courses/{id}). */
  id: z.string(),
  title: z.string(),
  tagline: z.string(),
  level: z.enum(COURSE_LEVELS),
  durationWeeks: z.number().int().positive(),
  /** The fee, whole KES. */
  price: z.number().int().nonnegative(),
  accreditation: z.string(),
  category: z.string(),
  /** Start date (Nairobi calendar day) of the earliest cohort starting today or later; null when none is planned. */
  nextStart: isoDate.nullable(),
});
export type CourseCardDto = z.infer<typeof courseCardDto>;

export const courseListDto = z.array(courseCardDto);
export type CourseListDto = z.infer<typeof courseListDto>;

/** A cohort starting today or later, with its seats counted from the enrolments that hold one. */
export const upcomingCohortDto = z.object({
  id: z.string(),
  status: z.enum(COHORT_STATUSES),
  statusLabel: z.enum(Object.values(COHORT_STATUS_LABELS) as [CohortStatusLabel, ...CohortStatusLabel[]]),
  startDate: isoDate,
  endDate: isoDate,
  location: z.string().nullable(),
  capacity: z.number().int().positive(),
  seatsTaken: z.number().int().nonnegative(),
  spotsLeft: z.number().int().nonnegative(),
});
export type UpcomingCohortDto = z.infer<typeof upcomingCohortDto>;

export const syllabusWeekDto = z.object({
  week: z.number().int().positive(),
  title: z.string(),
  topics: z.array(z.string()),
});
export type SyllabusWeekDto = z.infer<typeof syllabusWeekDto>;

/** One course as /api/courses/:id returns it: everything the course page shows. */
export const courseDetailDto = courseCardDto.extend({
  description: z.string(),
  maxStudents: z.number().int().positive(),
  prerequisites: z.array(z.string()),
  syllabus: z.array(syllabusWeekDto),
  learningOutcomes: z.array(z.string()),
  careerOpportunities: z.array(z.string()),
  /** Cohorts starting today or later (Nairobi), earliest first, at most 6. */
  upcomingCohorts: z.array(upcomingCohortDto),
});
export type CourseDetailDto = z.infer<typeof courseDetailDto>;
