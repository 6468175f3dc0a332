import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { CohortsTab } from './cohorts-tab.tsx';

const cohort = (overrides: Partial<AdminCohortRow>): AdminCohortRow => ({
  id: '6b1c2f4e-0000-4000-8000-000000000001',
  courseId: 'cpo',
  courseTitle: 'Certified Protection Officer',
  startDate: '2027-03-01',
  endDate: '2027-04-12',
  capacity: 15,
  enrolledCount: 8,
  enrollmentTotal: 8,
  status: 'ongoing',
  instructor: 'J. Mwangi',
  location: 'Nairobi',
  notes: null,
  audited: false,
  auditedAt: null,
  auditNotes: null,
  ...overrides,
});

describe('the console’s cohorts', () => {
  it('show the partner’s audit notes with the audit’s day (Nairobi), and nothing for a cohort audited without notes', async () => {
    mockFetch({
      ...signedInAs({ role: 'admin' }),
      'GET /api/admin/training/cohorts': () =>
        json([
          cohort({ audited: true, auditedAt: '2027-03-04T22:30:00.000Z', auditNotes: 'Observed the range day; registers checked.' }),
          cohort({
            id: '6b1c2f4e-0000-4000-8000-000000000002',
            courseId: 'event',
            courseTitle: 'Event Security',
            audited: true,
            auditedAt: '2027-03-04T07:00:00.000Z',
          }),
        ]),
      'GET /api/admin/training/courses': () => json([]),
    });
    const { user } = renderWithApp(<CohortsTab />, { route: '/admin?view=training&tab=cohorts' });

    const row = (await screen.findByText('Certified Protection Officer')).closest('tr')!;
    const notes = within(row).getByText('Audit notes (Mar 05, 2027)');
    await user.click(notes);
    expect(within(row).getByText('Observed the range day; registers checked.')).toBeVisible();
    const other = screen.getByText('Event Security').closest('tr')!;
    expect(within(other).getByText('EBSSA Audited')).toBeInTheDocument();
    expect(within(other).queryByText(/Audit notes/)).not.toBeInTheDocument();
  });
});
