import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import type { CertificateBatchDto, CertificateCandidateDto, CertificateCandidatesDto } from '@ops/shared/schemas/certificates';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { CertificatesTab } from './certificates-tab.tsx';

const COHORT_ID = '6b1c2f4e-0000-4000-8000-000000000001';
const NOBODY = 'No one in this cohort qualifies yet.';

const cohort: AdminCohortRow = {
  id: COHORT_ID,
  courseId: 'cpo',
  courseTitle: 'Certified Protection Officer',
  startDate: '2027-03-01',
  endDate: '2027-04-12',
  capacity: 15,
  enrolledCount: 1,
  enrollmentTotal: 1,
  status: 'ongoing',
  instructor: null,
  location: null,
  notes: null,
  audited: false,
  auditedAt: null,
  auditNotes: null,
};

const candidate = (qualifies: boolean): CertificateCandidateDto => ({
  enrollmentId: '7a1c2f4e-0000-4000-8000-000000000001',
  studentName: 'Amina Wanjiru',
  email: null,
  paid: true,
  attendancePercent: qualifies ? 100 : 40,
  submissions: { total: 0, passed: 0, failed: 0, ungraded: 0 },
  qualifies,
  reasons: qualifies ? [] : ['Attendance 40% (needs 80%)'],
  certificate: null,
});

// A run asked for before the server refused empty ones: nothing to issue, 'done' at once.
const emptyRun: CertificateBatchDto = {
  id: 'b1c2f4e0-0000-4000-8000-000000000001',
  cohortId: COHORT_ID,
  status: 'done',
  total: 0,
  issued: 0,
  skipped: 0,
  failed: 0,
  createdAt: '2027-04-13T07:00:00.000Z',
  finishedAt: '2027-04-13T07:00:01.000Z',
};

const api = (candidates: CertificateCandidatesDto, extra = {}) =>
  mockFetch({
    ...signedInAs({ role: 'admin' }),
    [`GET /api/admin/training/cohorts/${COHORT_ID}/certificate-candidates`]: () => json(candidates),
    'GET /api/admin/training/certificates': () => json([]),
    ...extra,
  });
const listOf = (qualifies: boolean, latestBatch: CertificateBatchDto | null = null): CertificateCandidatesDto => ({
  cohortId: COHORT_ID,
  courseName: 'Certified Protection Officer',
  thresholdPercent: 80,
  audited: false,
  candidates: [candidate(qualifies)],
  latestBatch,
});
const start = () => renderWithApp(<CertificatesTab cohorts={[cohort]} />, { route: `/admin?view=training&tab=certificates&cohort=${COHORT_ID}` });

describe('Generate for cohort with nobody to issue', () => {
  it('says no one qualifies yet instead of a full bar and “Done: 0 / 0”', async () => {
    const calls = api(listOf(false, emptyRun));
    start();
    expect(await screen.findByText(NOBODY, { selector: 'p[role="status"]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate for cohort' })).toBeDisabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/Done: 0 \/ 0/)).not.toBeInTheDocument();
    expect(calls.calls('POST', `/api/admin/training/cohorts/${COHORT_ID}/certificate-batches`)).toHaveLength(0);
  });

  it('shows the server’s words when it finds nobody left to issue', async () => {
    const calls = api(listOf(true), {
      [`POST /api/admin/training/cohorts/${COHORT_ID}/certificate-batches`]: () => json({ code: 'CONFLICT', message: NOBODY }, 409),
    });
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Generate for cohort' }));
    // Beside the button, not only in a toast that goes away.
    expect(await screen.findByText(NOBODY, { selector: 'p[role="status"]' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(calls.calls('POST', `/api/admin/training/cohorts/${COHORT_ID}/certificate-batches`)).toHaveLength(1);
  });
});
