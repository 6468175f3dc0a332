import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EnrollDialogProps } from '@/features/academy/components/enroll-dialog.tsx';
import { makeCohort, makeCourseDetail } from '@/features/academy/test/course-fixtures.ts';
import { json, mockFetch, pending, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { CourseDetailPage } from './course-detail.tsx';

// The dialog has its own tests; here it only shows which course it was opened for.
vi.mock('@/features/academy/components/lazy-enroll-dialog.tsx', () => ({
  loadEnrollDialog: () => Promise.resolve(),
  LazyEnrollDialog: ({ course, open }: EnrollDialogProps) => (open ? <div role="dialog" aria-label={`Enroll in ${course.title}`} /> : null),
}));

const PAGES = { '/courses/': <CourseDetailPage />, '/courses/:courseId': <CourseDetailPage />, '/auth': <h1>Sign in page</h1> };
const renderCourse = (route = '/courses/cpo') => renderWithApp(<CourseDetailPage />, { route, pages: PAGES });
const address = () => screen.getByRole('status', { name: 'Address' });
const cohortList = () => within(screen.getByRole('list', { name: 'Upcoming Cohorts' }));

describe('the course page', () => {
  it('shows everything about the course: overview, tiles, sections, fee, cohorts and what is included', async () => {
    mockFetch({ 'GET /api/courses/cpo': () => json(makeCourseDetail()) });
    renderCourse();

    expect(await screen.findByRole('heading', { level: 1, name: 'Certified Protection Officer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/courses');
    expect(screen.getByText('Advanced')).toBeInTheDocument();
    expect(screen.getByText('The benchmark qualification for senior security professionals in East Africa.')).toBeInTheDocument();
    expect(screen.getByText('An intensive six-week programme for experienced officers who want to lead.')).toBeInTheDocument();

    const tiles = Object.fromEntries(screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(tiles).toEqual({ Duration: '6 weeks', Accreditation: 'EBSSA Accredited', 'Class Size': 'Max 15 Students', 'Next Start': 'Jan 04, 2027' });

    for (const name of ['Prerequisites', 'Course Syllabus', 'Learning Outcomes', 'Career Opportunities']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('list', { name: 'Prerequisites' })).getByText('A valid PSRA security licence')).toBeInTheDocument();
    const syllabus = within(screen.getByRole('list', { name: 'Course Syllabus' }));
    expect(syllabus.getByRole('heading', { level: 3, name: 'Week 1: Foundations of Protection' })).toBeInTheDocument();
    expect(syllabus.getByRole('heading', { level: 3, name: 'Week 2: Risk and Threat Assessment' })).toBeInTheDocument();
    expect(syllabus.getByText('Threat matrices')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Learning Outcomes' })).getByText('Lead a protection team on a live assignment')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Career Opportunities' })).getByText('Security Supervisor')).toBeInTheDocument();

    const side = within(screen.getByRole('complementary', { name: 'Enrolment' }));
    expect(side.getByText('Course Fee')).toBeInTheDocument();
    expect(side.getByText('KES 150,000')).toBeInTheDocument();
    expect(side.getByRole('button', { name: 'Enroll Now' })).toBeEnabled();
    const cohort = within(cohortList().getByRole('listitem'));
    expect(cohort.getByText('Open for Enrollment')).toBeInTheDocument();
    expect(cohort.getByText('Jan 04, 2027')).toBeInTheDocument();
    expect(cohort.getByText('Nairobi Training Centre, Westlands')).toBeInTheDocument();
    expect(cohort.getByText('Only 7 spots left')).toBeInTheDocument();
    expect(
      within(side.getByRole('list', { name: "What's Included" }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '6 weeks of intensive training',
      'Official certification',
      'Materials and equipment',
      'Practical scenario assessments',
      'Job placement assistance',
      'Access to the professional network',
    ]);
    expect(document.title).toMatch(/^Certified Protection Officer \| /);
  });

  it('warns of few spots only for a cohort open for enrolment with fewer than 10 left', async () => {
    mockFetch({
      'GET /api/courses/cpo': () =>
        json(
          makeCourseDetail({
            upcomingCohorts: [
              makeCohort({ id: 'a', startDate: '2027-01-04', spotsLeft: 9 }),
              makeCohort({ id: 'b', startDate: '2027-02-01', spotsLeft: 10 }),
              makeCohort({ id: 'c', startDate: '2027-03-01', status: 'upcoming', statusLabel: 'Upcoming', spotsLeft: 2 }),
              makeCohort({ id: 'd', startDate: '2027-04-05', status: 'ongoing', statusLabel: 'Ongoing', spotsLeft: 1 }),
            ],
          }),
        ),
    });
    renderCourse();

    await screen.findByRole('heading', { level: 1 });
    const items = cohortList().getAllByRole('listitem');
    expect(items.map((item) => within(item).queryByText(/spots? left/)?.textContent ?? null)).toEqual(['Only 9 spots left', null, null, null]);
    expect(items.map((item) => within(item).getByText(/^(Open for Enrollment|Upcoming|Ongoing)$/).textContent)).toEqual([
      'Open for Enrollment',
      'Open for Enrollment',
      'Upcoming',
      'Ongoing',
    ]);
  });

  it('shows cpo at /courses/ without an id', async () => {
    const api = mockFetch({ 'GET /api/courses/cpo': () => json(makeCourseDetail()) });
    renderCourse('/courses/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Certified Protection Officer' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/courses/cpo')).toHaveLength(1);
  });

  it('says Course Not Found for an unknown id, with the way back to the courses', async () => {
    mockFetch({ 'GET /api/courses/diving': () => json({ code: 'NOT_FOUND', message: 'Course Not Found' }, 404) });
    const { user } = renderCourse('/courses/diving');

    expect(await screen.findByRole('heading', { level: 1, name: 'Course Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Courses' }));
    expect(address()).toHaveTextContent(/^\/courses$/);
  });

  it('keeps the page’s room while the course loads', async () => {
    mockFetch({ 'GET /api/courses/cpo': () => pending() });
    renderCourse();

    expect(await screen.findByRole('status', { name: 'Loading course' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toBeInTheDocument();
  });

  it('asks a visitor to sign in and sends them to sign in, to come back to this course', async () => {
    mockFetch({ 'GET /api/courses/cpo': () => json(makeCourseDetail()) });
    const { user } = renderCourse();

    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));

    expect(await screen.findByText('Please sign in to enroll in this course')).toBeInTheDocument();
    expect(address()).toHaveTextContent('/auth?redirect=/courses/cpo');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the enrolment dialog for this course for someone signed in', async () => {
    mockFetch({ ...signedInAs(), 'GET /api/courses/cpo': () => json(makeCourseDetail()) });
    const { user } = renderCourse();

    const enroll = await screen.findByRole('button', { name: 'Enroll Now' });
    await vi.waitFor(() => expect(enroll).toBeEnabled());
    await user.click(enroll);

    expect(await screen.findByRole('dialog', { name: 'Enroll in Certified Protection Officer' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/courses\/cpo$/);
    expect(screen.queryByText('Please sign in to enroll in this course')).not.toBeInTheDocument();
  });
});
