import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import {
  CERTIFICATE_TEXTS,
  type AdminCertificateDto,
  type CertificateBatchDto,
  type CertificateCandidateDto,
  type CertificateCandidatesDto,
} from '@ops/shared/schemas/certificates';
import { json, mockFetch, signedInAs, type RecordedRequest } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { CertificatesTab } from './certificates-tab.tsx';

const COHORT_ID = '6b1c2f4e-0000-4000-8000-000000000001';
const REF = 'OPS-7KQ2M-9XD4A-B3C5E-Q';

const cohort: AdminCohortRow = {
  id: COHORT_ID,
  courseId: 'cpo',
  courseTitle: 'Certified Protection Officer',
  startDate: '2027-03-01',
  endDate: '2027-04-12',
  capacity: 15,
  enrolledCount: 2,
  enrollmentTotal: 2,
  status: 'completed',
  instructor: null,
  location: null,
  notes: null,
  audited: true,
  auditedAt: '2027-02-01T07:00:00.000Z',
  auditNotes: null,
};

const candidate = (overrides: Partial<CertificateCandidateDto>): CertificateCandidateDto => ({
  enrollmentId: '7a1c2f4e-0000-4000-8000-000000000001',
  studentName: 'Amina Wanjiru',
  email: 'amina@example.co.ke',
  paid: true,
  attendancePercent: 92,
  submissions: { total: 2, passed: 2, failed: 0, ungraded: 0 },
  qualifies: true,
  reasons: [],
  certificate: null,
  ...overrides,
});

const amina = candidate({});
const brian = candidate({
  enrollmentId: '7a1c2f4e-0000-4000-8000-000000000002',
  studentName: 'Brian Otieno',
  email: null,
  attendancePercent: 60,
  submissions: { total: 2, passed: 1, failed: 0, ungraded: 1 },
  qualifies: false,
  reasons: ['Attendance 60% (needs 80%)', '1 submission not graded'],
});

const candidates = (latestBatch: CertificateBatchDto | null = null): CertificateCandidatesDto => ({
  cohortId: COHORT_ID,
  courseName: 'Certified Protection Officer',
  thresholdPercent: 80,
  audited: true,
  candidates: [amina, brian],
  latestBatch,
});

const issued: AdminCertificateDto = {
  id: '9a1c2f4e-0000-4000-8000-000000000001',
  enrollmentId: amina.enrollmentId,
  certificateRef: REF,
  studentName: 'Amina Wanjiru',
  courseName: 'Certified Protection Officer',
  issueDate: '2027-04-12',
  expiresOn: '2030-04-11',
  cobranded: true,
  state: 'valid',
  revokedAt: null,
  revokedReason: null,
  overrideReason: null,
  verifyPath: `/cert/verify/${REF}`,
};

const batch = (overrides: Partial<CertificateBatchDto>): CertificateBatchDto => ({
  id: 'b1c2f4e0-0000-4000-8000-000000000001',
  cohortId: COHORT_ID,
  status: 'running',
  total: 3,
  issued: 1,
  skipped: 0,
  failed: 0,
  createdAt: '2027-04-13T07:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

const certificatesApi = (extra = {}) => ({
  ...signedInAs({ role: 'admin' }),
  [`GET /api/admin/training/cohorts/${COHORT_ID}/certificate-candidates`]: () => json(candidates()),
  'GET /api/admin/training/certificates': () => json([issued]),
  ...extra,
});

const start = () => renderWithApp(<CertificatesTab cohorts={[cohort]} />, { route: `/admin?view=training&tab=certificates&cohort=${COHORT_ID}` });
const rowOf = async (name: string) =>
  within(
    within(await screen.findByRole('table', { name: 'Students and certificates' }))
      .getByText(name)
      .closest('tr')!,
  );

describe('the Certificates tab', () => {
  it('shows who qualifies and why not, and asks for a cohort first', async () => {
    mockFetch(certificatesApi());
    const { user } = renderWithApp(<CertificatesTab cohorts={[cohort]} />, { route: '/admin?view=training&tab=certificates' });
    expect(await screen.findByRole('heading', { name: 'Choose a cohort' })).toBeInTheDocument();

    await user.selectOptions(await screen.findByLabelText('Cohort'), COHORT_ID);
    const table = within(await screen.findByRole('table', { name: 'Students and certificates' }));
    const aminaRow = within(table.getByText('Amina Wanjiru').closest('tr')!);
    expect(aminaRow.getByText('Qualifies')).toBeInTheDocument();
    expect(aminaRow.getByText('92%')).toBeInTheDocument();
    const brianRow = within(table.getByText('Brian Otieno').closest('tr')!);
    expect(brianRow.getByText('Attendance 60% (needs 80%)')).toBeInTheDocument();
    expect(brianRow.getByText('1 submission not graded')).toBeInTheDocument();
    expect(brianRow.queryByText('Qualifies')).not.toBeInTheDocument();
  });

  it('generates a certificate for a qualifying student', async () => {
    const api = mockFetch(certificatesApi({ 'POST /api/admin/training/certificates': () => json(issued, 201) }));
    const { user } = start();
    await user.click((await rowOf('Amina Wanjiru')).getByRole('button', { name: /Generate certificate for Amina Wanjiru/ }));

    expect(await screen.findByText('Certificate Generated')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/training/certificates')[0]?.body).toEqual({ enrollmentId: amina.enrollmentId });
  });

  it('asks for a reason of at least 10 characters before issuing to a student who does not qualify', async () => {
    const api = mockFetch(certificatesApi({ 'POST /api/admin/training/certificates': () => json({ ...issued, overrideReason: 'x' }, 201) }));
    const { user } = start();
    await user.click((await rowOf('Brian Otieno')).getByRole('button', { name: /Generate certificate for Brian Otieno/ }));

    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/Reason for issuing/), 'too short');
    await user.click(dialog.getByRole('button', { name: 'Generate' }));
    expect(dialog.getByLabelText(/Reason for issuing/)).toHaveAccessibleDescription('Give a reason of at least 10 characters');
    expect(api.calls('POST', '/api/admin/training/certificates')).toHaveLength(0);

    await user.type(dialog.getByLabelText(/Reason for issuing/), ' — marked the essay on paper');
    await user.click(dialog.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Certificate Generated')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/training/certificates')[0]?.body).toEqual({
      enrollmentId: brian.enrollmentId,
      overrideReason: 'too short — marked the essay on paper',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('runs "Generate for cohort" with a progress bar until the run is done', async () => {
    let reads = 0;
    const done = batch({ status: 'done', issued: 2, skipped: 1, finishedAt: '2027-04-13T07:00:03.000Z' });
    const api = mockFetch(
      certificatesApi({
        [`POST /api/admin/training/cohorts/${COHORT_ID}/certificate-batches`]: () => json(batch({ status: 'queued', issued: 0 }), 202),
        [`GET /api/admin/training/certificate-batches/${done.id}`]: () => json(++reads === 1 ? batch({}) : done),
      }),
    );
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Generate for cohort' }));

    const bar = await screen.findByRole('progressbar', { name: 'Generating certificates for the cohort' });
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    expect(await screen.findByText(/Generating: 1 \/ 3/, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText(/Done: 3 \/ 3 \(2 issued, 1 skipped, 0 failed\)/, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(await screen.findByText('Certificates generated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate for cohort' })).toBeEnabled();
    expect(api.calls('GET', `/api/admin/training/cohorts/${COHORT_ID}/certificate-candidates`).length).toBeGreaterThan(1);
  });

  it('opens the verify page in a new window and revokes with a reason', async () => {
    const api = mockFetch(
      certificatesApi({
        [`POST /api/admin/training/certificates/${issued.id}/revoke`]: () =>
          json({ ...issued, state: 'revoked', revokedAt: '2027-05-02T09:00:00.000Z', revokedReason: 'Issued in error' }),
      }),
    );
    const { user } = start();
    const list = within(await screen.findByRole('table', { name: 'Issued certificates' }));
    const verify = list.getByRole('link', { name: /Verify OPS-7KQ2M-9XD4A-B3C5E-Q/ });
    expect(verify).toHaveAttribute('href', `/cert/verify/${REF}`);
    expect(verify).toHaveAttribute('target', '_blank');
    expect(list.getByText('Valid')).toBeInTheDocument();
    expect(list.getByText('Expires Apr 11, 2030')).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: `Revoke ${REF}` }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(dialog.getByLabelText(/Reason for revoking/)).toHaveAccessibleDescription('Give the reason for revoking');
    await user.type(dialog.getByLabelText(/Reason for revoking/), 'Issued in error');
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Certificate revoked')).toBeInTheDocument();
    expect(api.calls('POST', `/api/admin/training/certificates/${issued.id}/revoke`)[0]?.body).toEqual({ reason: 'Issued in error' });
  });

  it('asks for a reason when the server says a student no longer qualifies', async () => {
    const api = mockFetch(
      certificatesApi({
        'POST /api/admin/training/certificates': ({ body }: RecordedRequest) =>
          (body as { overrideReason?: string }).overrideReason
            ? json(issued, 201)
            : json({ code: 'CONFLICT', message: CERTIFICATE_TEXTS.doesNotQualify }, 409),
      }),
    );
    const { user } = start();
    await user.click((await rowOf('Amina Wanjiru')).getByRole('button', { name: /Generate certificate for Amina Wanjiru/ }));

    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/Reason for issuing/), 'Attendance sheet for week 3 was lost');
    await user.click(dialog.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Certificate Generated')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/training/certificates').map((c) => c.body)).toEqual([
      { enrollmentId: amina.enrollmentId },
      { enrollmentId: amina.enrollmentId, overrideReason: 'Attendance sheet for week 3 was lost' },
    ]);
  });

  it('shows the server’s message when issuing fails', async () => {
    mockFetch(
      certificatesApi({
        'POST /api/admin/training/certificates': () => json({ code: 'CONFLICT', message: 'This cohort has not ended yet.' }, 409),
      }),
    );
    const { user } = start();
    await user.click((await rowOf('Amina Wanjiru')).getByRole('button', { name: /Generate certificate for Amina Wanjiru/ }));
    expect(await screen.findByText('This cohort has not ended yet.')).toBeInTheDocument();
  });
});
