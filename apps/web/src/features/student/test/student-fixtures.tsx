import type { StudentAssessmentDto, StudentEnrollmentDto, StudentOverviewDto } from '@ops/shared/schemas/student';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { StudentDashboard } from '../components/student-dashboard.tsx';

export const enrollment = (overrides: Partial<StudentEnrollmentDto> = {}): StudentEnrollmentDto => ({
  id: 'enr-1',
  courseId: 'cpo',
  courseTitle: 'Close Protection Officer',
  cohortId: 'cohort-1',
  cohortStartDate: '2026-12-07',
  coursePrice: 150_000,
  paymentMethod: 'intasend',
  paymentStatus: 'paid',
  status: 'active',
  hasAccess: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  ...overrides,
});

export const submission = (overrides: Partial<StudentAssessmentDto> = {}): StudentAssessmentDto => ({
  id: 'sub-1',
  enrollmentId: 'enr-1',
  courseId: 'cpo',
  courseTitle: 'Close Protection Officer',
  title: 'Week 2 risk assessment',
  type: 'project',
  status: 'submitted',
  submittedAt: '2026-11-20T21:30:00.000Z',
  grade: null,
  passed: null,
  feedback: null,
  fileName: 'risk.pdf',
  fileUrl: '/api/student/assessments/sub-1/file',
  ...overrides,
});

export const empty: StudentOverviewDto = {
  student: { fullName: 'Amina Wanjiru' },
  stats: { activeCourses: 0, upcomingSessions: 0, assessments: 0 },
  enrollments: [],
  schedule: [],
  materials: [],
  announcements: [],
  assessments: [],
};

export const full: StudentOverviewDto = {
  student: { fullName: 'Amina Wanjiru' },
  stats: { activeCourses: 1, upcomingSessions: 3, assessments: 2 },
  enrollments: [
    enrollment({
      id: 'enr-2',
      courseId: 'event-security',
      courseTitle: 'Event Security',
      paymentStatus: 'pending_cash',
      status: 'pending_cash',
      coursePrice: 55_000,
    }),
    enrollment(),
  ],
  schedule: [
    {
      id: 's-1',
      courseId: 'cpo',
      courseTitle: 'Close Protection Officer',
      title: 'First Aid and CPR',
      description: 'Wear comfortable clothing.',
      startsAt: '2026-12-08T05:00:00.000Z',
      durationHours: 3.5,
      location: 'Westlands',
      instructor: 'Rose Achieng',
    },
  ],
  materials: [
    {
      id: 'm-1',
      courseId: 'cpo',
      courseTitle: 'Close Protection Officer',
      name: 'CPO handbook.pdf',
      sizeBytes: 2_411_724,
      createdAt: '2026-11-02T08:00:00.000Z',
      url: '/api/student/materials/m-1',
    },
  ],
  announcements: [
    {
      id: 'a-1',
      courseId: 'cpo',
      courseTitle: 'Close Protection Officer',
      title: 'Venue change',
      content: 'Kasarani grounds',
      priority: 'high',
      publishedAt: '2026-11-24T07:00:00.000Z',
    },
    {
      id: 'a-2',
      courseId: 'cpo',
      courseTitle: 'Close Protection Officer',
      title: 'Uniform reminder',
      content: 'Black suits',
      priority: 'normal',
      publishedAt: '2026-11-23T07:00:00.000Z',
    },
  ],
  assessments: [
    submission({ id: 'sub-2', title: 'Final exam', type: 'exam', grade: 'A-', status: 'graded', feedback: 'Clear and well argued.' }),
    submission(),
  ],
};

export function studentApi(overview: StudentOverviewDto | (() => Response)) {
  return mockFetch({
    ...signedInAs({ fullName: 'Amina Wanjiru' }),
    'GET /api/student/overview': typeof overview === 'function' ? overview : () => json(overview),
  });
}

export const renderDashboard = () => renderWithApp(<StudentDashboard fallbackName="Amina Wanjiru" />, { route: '/student-dashboard' });
