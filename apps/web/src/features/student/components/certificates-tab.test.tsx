import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudentCertificateDto } from '@ops/shared/schemas/certificates';
import type { StudentOverviewDto } from '@ops/shared/schemas/student';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { StudentDashboard } from './student-dashboard.tsx';

const overview: StudentOverviewDto = {
  student: { fullName: 'Amina Wanjiru' },
  stats: { activeCourses: 0, upcomingSessions: 0, assessments: 0 },
  enrollments: [],
  schedule: [],
  materials: [],
  announcements: [],
  assessments: [],
};

const certificate = (overrides: Partial<StudentCertificateDto> = {}): StudentCertificateDto => ({
  id: 'cert-1',
  certificateRef: 'OPS-7KQ2M-9XD4A-B3C5E-Q',
  courseName: 'Certified Protection Officer',
  issueDate: '2027-04-12',
  expiresOn: '2030-04-11',
  state: 'valid',
  cobranded: true,
  pdfUrl: '/api/student/certificates/cert-1/pdf',
  credentialUrl: '/api/student/certificates/cert-1/credential',
  ...overrides,
});

const open = async (certificates: StudentCertificateDto[]) => {
  mockFetch({
    ...signedInAs({ fullName: 'Amina Wanjiru' }),
    'GET /api/student/overview': () => json(overview),
    'GET /api/student/certificates': () => json(certificates),
  });
  const { user } = renderWithApp(<StudentDashboard fallbackName="Amina Wanjiru" />, { route: '/student-dashboard' });
  await user.click(await screen.findByRole('tab', { name: 'Certificates' }));
};

describe("the student's certificates", () => {
  it('lists each certificate with its dates and state, the PDF, the credential and the verify link', async () => {
    await open([
      certificate(),
      certificate({ id: 'cert-2', courseName: 'Event Security Management', expiresOn: null, state: 'expired', cobranded: false }),
    ]);

    const list = within(await screen.findByRole('list', { name: 'Your certificates' }));
    const cpo = within(list.getByRole('heading', { name: 'Certified Protection Officer' }).closest('li')!);
    expect(cpo.getByText('Valid')).toBeInTheDocument();
    expect(cpo.getByText(/Issued Apr 12, 2027 · Valid until Apr 11, 2030/)).toBeInTheDocument();
    expect(cpo.getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', '/api/student/certificates/cert-1/pdf');
    expect(cpo.getByRole('link', { name: /Download PDF/ })).toHaveAttribute('download');
    expect(cpo.getByRole('link', { name: /Download credential/ })).toHaveAttribute('href', '/api/student/certificates/cert-1/credential');
    const verify = cpo.getByRole('link', { name: /Verify link/ });
    expect(verify).toHaveAttribute('href', '/cert/verify/OPS-7KQ2M-9XD4A-B3C5E-Q');
    expect(verify).toHaveAttribute('target', '_blank');

    const event = within(list.getByRole('heading', { name: 'Event Security Management' }).closest('li')!);
    expect(event.getByText('Expired')).toBeInTheDocument();
    expect(event.getByText(/Does not expire/)).toBeInTheDocument();
  });

  it('offers no download of a revoked certificate', async () => {
    await open([certificate({ state: 'revoked' })]);
    const item = within(await screen.findByRole('list', { name: 'Your certificates' }));
    expect(item.getByText('Revoked')).toBeInTheDocument();
    expect(item.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('says when there are none yet', async () => {
    await open([]);
    expect(await screen.findByRole('heading', { name: 'No certificates yet' })).toBeInTheDocument();
  });
});
