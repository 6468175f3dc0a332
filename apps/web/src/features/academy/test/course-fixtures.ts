import type { CourseCardDto, CourseDetailDto, UpcomingCohortDto } from '@ops/shared/schemas/courses';

export function makeCourseCard(overrides: Partial<CourseCardDto> = {}): CourseCardDto {
  return {
    id: 'cpo',
    title: 'Certified Protection Officer',
    tagline: 'The benchmark qualification for senior security professionals in East Africa.',
    level: 'Advanced',
    durationWeeks: 6,
    price: 150_000,
    accreditation: 'EBSSA Accredited',
    category: 'Professional Certification',
    nextStart: '2027-01-04',
    ...overrides,
  };
}

export function makeCohort(overrides: Partial<UpcomingCohortDto> = {}): UpcomingCohortDto {
  return {
    id: 'cohort-1',
    status: 'open',
    statusLabel: 'Open for Enrollment',
    startDate: '2027-01-04',
    endDate: '2027-02-14',
    location: 'Nairobi Training Centre, Westlands',
    capacity: 15,
    seatsTaken: 8,
    spotsLeft: 7,
    ...overrides,
  };
}

export function makeCourseDetail(overrides: Partial<CourseDetailDto> = {}): CourseDetailDto {
  return {
    ...makeCourseCard(),
    description: 'An intensive six-week programme for experienced officers who want to lead.',
    maxStudents: 15,
    prerequisites: ['At least 2 years of experience in the security industry', 'A valid PSRA security licence'],
    syllabus: [
      { week: 1, title: 'Foundations of Protection', topics: ['Role and ethics of the protection officer', 'Use of force and citizen’s arrest'] },
      { week: 2, title: 'Risk and Threat Assessment', topics: ['Site surveys', 'Threat matrices'] },
    ],
    learningOutcomes: ['Lead a protection team on a live assignment'],
    careerOpportunities: ['Security Supervisor', 'Close Protection Officer'],
    upcomingCohorts: [makeCohort()],
    ...overrides,
  };
}
