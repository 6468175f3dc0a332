import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import type { AdminAnnouncementRow } from '@ops/shared/schemas/admin-course-content';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { ContentTab } from './content-tab.tsx';

const cohortOf = (id: string, courseId: string, startDate: string): AdminCohortRow => ({
  id,
  courseId,
  courseTitle: courseId,
  startDate,
  endDate: '2027-06-30',
  capacity: 15,
  enrolledCount: 0,
  enrollmentTotal: 0,
  status: 'open',
  instructor: null,
  location: null,
  notes: null,
  audited: false,
  auditedAt: null,
  auditNotes: null,
});
const COHORT_A = '6b1c2f4e-0000-4000-8000-00000000000a';
const cohorts = [
  cohortOf(COHORT_A, 'cpo', '2027-03-01'),
  cohortOf('6b1c2f4e-0000-4000-8000-00000000000b', 'cpo', '2027-05-03'),
  cohortOf('6b1c2f4e-0000-4000-8000-00000000000c', 'event-security', '2027-04-05'),
];
const published = (overrides: Partial<AdminAnnouncementRow>): AdminAnnouncementRow => ({
  id: '5a1c2f4e-0000-4000-8000-000000000001',
  courseId: 'cpo',
  cohortId: null,
  cohortStartDate: null,
  title: 'Handbook reprinted',
  content: 'Collect it at the desk.',
  priority: 'normal',
  publishedAt: '2027-03-02T07:00:00.000Z',
  ...overrides,
});

describe('the announcement form', () => {
  it('aims the news at the whole course or one of the course’s cohorts, and says which in the list', async () => {
    const made = published({
      id: '5a1c2f4e-0000-4000-8000-000000000002',
      title: 'Kasarani on Wednesday',
      cohortId: COHORT_A,
      cohortStartDate: '2027-03-01',
    });
    const api = mockFetch({
      ...signedInAs({ role: 'admin' }),
      'GET /api/admin/training/courses': () => json([{ id: 'cpo', title: 'Certified Protection Officer', price: 45000, validityYears: null }]),
      'GET /api/admin/training/cohorts': () => json(cohorts),
      'GET /api/admin/training/courses/cpo/sessions': () => json([]),
      'GET /api/admin/training/courses/cpo/materials': () => json([]),
      'GET /api/admin/training/courses/cpo/announcements': () => json([made, published({})]),
      'POST /api/admin/training/courses/cpo/announcements': () => json(made, 201),
    });
    const { user } = renderWithApp(<ContentTab />, { route: '/admin?view=training&tab=content&course=cpo' });

    const audience = await screen.findByLabelText('For');
    expect(await within(audience).findByRole('option', { name: 'Cohort of Mar 01, 2027' })).toBeInTheDocument();
    expect(
      within(audience)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Whole course', 'Cohort of Mar 01, 2027', 'Cohort of May 03, 2027']);
    expect(audience).toHaveValue('');

    expect(await screen.findByText(/Cohort of Mar 01, 2027 ·/)).toBeInTheDocument();
    expect(screen.getByText(/Whole course ·/)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Title/), 'Kasarani on Wednesday');
    await user.type(screen.getByLabelText(/^Announcement/), 'Transport leaves at 7:15.');
    await user.selectOptions(audience, COHORT_A);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Announcement published')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/training/courses/cpo/announcements')[0]?.body).toEqual({
      title: 'Kasarani on Wednesday',
      content: 'Transport leaves at 7:15.',
      priority: 'normal',
      cohortId: COHORT_A,
    });
  });
});
