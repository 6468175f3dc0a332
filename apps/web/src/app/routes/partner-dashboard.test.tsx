import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PartnerCohortDto } from '@ops/shared/schemas/partner';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { PartnerDashboardPage } from './partner-dashboard.tsx';

const cohort = (overrides: Partial<PartnerCohortDto> = {}): PartnerCohortDto => ({
  id: '5b1c5f2e-0000-4000-8000-000000000001',
  courseId: 'cpo',
  courseName: 'Certified Protection Officer',
  startDate: '2027-03-01',
  endDate: '2027-04-12',
  durationWeeks: 6,
  status: 'upcoming',
  instructor: null,
  location: null,
  capacity: 15,
  enrolledCount: 8,
  audited: false,
  auditedAt: null,
  auditedByName: null,
  auditNotes: null,
  auditUnavailableReason: null,
  attendancePercent: 75,
  submissions: { graded: 2, passed: 1, total: 3 },
  cvs: [],
  photos: [],
  ...overrides,
});

const audited = cohort({
  id: '5b1c5f2e-0000-4000-8000-000000000002',
  courseId: 'event-security',
  courseName: 'Event Security',
  durationWeeks: 3,
  status: 'completed',
  audited: true,
  auditedAt: '2026-11-20T07:00:00.000Z',
  auditedByName: 'Grace Wanjiru',
  auditNotes: 'Observed the final practical; registers checked.',
});

function partnerApi(items: PartnerCohortDto[], materials: unknown[] = []) {
  return {
    ...signedInAs({ role: 'partner', fullName: 'Grace Wanjiru' }),
    'GET /api/partner/cohorts': () => json({ items }),
    'GET /api/partner/materials': () => json({ items: materials }),
  };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('the partner portal', () => {
  it('sends a visitor to sign in and back', async () => {
    mockFetch();
    renderWithApp(<PartnerDashboardPage />, { route: '/partner-dashboard' });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(`/auth?redirect=${encodeURIComponent('/partner-dashboard')}`),
    );
  });

  it('sends someone who is not a partner to their dashboard', async () => {
    mockFetch(signedInAs({ role: 'admin' }));
    renderWithApp(<PartnerDashboardPage />, { route: '/partner-dashboard', pages: { '/dashboard': <h1>Dashboard page</h1> } });
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('lists every cohort with course, id, duration and status, and an audited one with its badge and date but no action', async () => {
    mockFetch(partnerApi([cohort(), audited]));
    renderWithApp(<PartnerDashboardPage />, { route: '/partner-dashboard' });

    expect(await screen.findByText('Partner Access')).toBeInTheDocument();
    expect(screen.getByText(/Welcome, Grace Wanjiru/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cohort Reviews' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Course Materials' })).toBeInTheDocument();

    const open = await screen.findByRole('article', { name: 'Certified Protection Officer' });
    expect(open).toHaveTextContent('Course ID: cpo');
    expect(open).toHaveTextContent('6 weeks');
    // Several runs of one course are told apart by their dates and place.
    expect(open).toHaveTextContent('Mar 01, 2027 – Apr 12, 2027');
    expect(open).toHaveTextContent('LocationTBD');
    expect(open).toHaveTextContent('Upcoming');
    expect(within(open).queryByText('EBSSA Audited')).not.toBeInTheDocument();
    expect(within(open).getByRole('button', { name: /Review & Audit/ })).toBeInTheDocument();

    const done = card('Event Security');
    expect(within(done).getByText('EBSSA Audited')).toBeInTheDocument();
    expect(done).toHaveTextContent('Nov 20, 2026 by Grace Wanjiru');
    expect(done).toHaveTextContent('Audit notesObserved the final practical; registers checked.');
    expect(done).toHaveTextContent('Completed');
    expect(within(done).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the evidence, asks before marking the cohort audited with the partner’s notes, and says so', async () => {
    let current = cohort({ status: 'ongoing', cvs: [{ id: 'cv-1', name: 'Mwangi CV.pdf', sizeBytes: 2048 }] });
    const notes = 'Visited the range in week 1; registers checked.';
    const api = mockFetch({
      ...partnerApi([]),
      'GET /api/partner/cohorts': () => json({ items: [current] }),
      'POST /api/partner/cohorts/5b1c5f2e-0000-4000-8000-000000000001/audit': () => {
        current = { ...current, audited: true, auditedAt: '2026-11-26T07:00:00.000Z', auditedByName: 'Grace Wanjiru', auditNotes: notes };
        return json(current);
      },
    });
    const { user } = renderWithApp(<PartnerDashboardPage />, { route: '/partner-dashboard' });

    await user.click(await screen.findByRole('button', { name: /Review & Audit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Mar 01, 2027');
    expect(dialog).toHaveTextContent('Apr 12, 2027');
    expect(dialog).toHaveTextContent('InstructorTBD');
    expect(dialog).toHaveTextContent('LocationTBD');
    expect(dialog).toHaveTextContent('8/15');
    expect(dialog).toHaveTextContent('75%');
    expect(dialog).toHaveTextContent('2 of 3 graded, 1 passed');
    expect(within(dialog).getByRole('link', { name: 'Mwangi CV.pdf' })).toHaveAttribute('href', '/api/partner/files/cv-1');
    expect(dialog).toHaveTextContent('No photos uploaded');
    expect(dialog).toHaveTextContent(/co-branded certificate generation/);

    // The button asks first: nothing is sent until the partner confirms.
    await user.click(within(dialog).getByRole('button', { name: 'Mark as EBSSA Audited' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Mark this cohort as EBSSA audited?' });
    expect(confirm).toHaveTextContent('An audit cannot be undone.');
    expect(api.calls('POST', '/api/partner/cohorts/5b1c5f2e-0000-4000-8000-000000000001/audit')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/partner/cohorts/5b1c5f2e-0000-4000-8000-000000000001/audit')).toHaveLength(0);

    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as EBSSA Audited' }));
    const again = await screen.findByRole('alertdialog');
    await user.type(within(again).getByRole('textbox', { name: 'Audit notes (optional)' }), notes);
    await user.click(within(again).getByRole('button', { name: 'Confirm audit' }));
    expect(await screen.findByText('Cohort Audited')).toBeInTheDocument();
    expect(screen.getByText('This cohort is now approved for co-branded certification.')).toBeInTheDocument();
    const calls = api.calls('POST', '/api/partner/cohorts/5b1c5f2e-0000-4000-8000-000000000001/audit');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ notes });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const record = card('Certified Protection Officer');
    expect(within(record).getByText('EBSSA Audited')).toBeInTheDocument();
    expect(record).toHaveTextContent(`Audit notes${notes}`);
  });

  it('says why a cohort that has not started cannot be audited yet, in place of the button', async () => {
    const reason = 'This cohort starts on Mar 01, 2027. It can be audited once it has started.';
    const api = mockFetch(partnerApi([cohort({ auditUnavailableReason: reason })]));
    const { user } = renderWithApp(<PartnerDashboardPage />, { route: '/partner-dashboard' });

    const upcoming = await screen.findByRole('article', { name: 'Certified Protection Officer' });
    expect(upcoming).toHaveTextContent(reason);
    // The evidence can still be reviewed ahead of the start.
    await user.click(within(upcoming).getByRole('button', { name: /Review & Audit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('No CVs uploaded');
    expect(dialog).toHaveTextContent(reason);
    expect(within(dialog).queryByRole('button', { name: 'Mark as EBSSA Audited' })).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/partner/cohorts/5b1c5f2e-0000-4000-8000-000000000001/audit')).toHaveLength(0);
  });

  it('says why the server refused the audit and closes the question', async () => {
    const reason = 'This cohort starts on Mar 01, 2027. It can be audited once it has started.';
    mockFetch({
      ...partnerApi([cohort()]),
      'POST /api/partner/cohorts/5b1c5f2e-0000-4000-8000-000000000001/audit': () => json({ code: 'CONFLICT', message: reason }, 409),
    });
    const { user } = renderWithApp(<PartnerDashboardPage />, { route: '/partner-dashboard' });
    await user.click(await screen.findByRole('button', { name: /Review & Audit/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as EBSSA Audited' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm audit' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says when no CVs are uploaded', async () => {
    mockFetch(partnerApi([cohort()]));
    const { user } = renderWithApp(<PartnerDashboardPage />, { route: '/partner-dashboard' });
    await user.click(await screen.findByRole('button', { name: /Review & Audit/ }));
    expect(await screen.findByText('No CVs uploaded')).toBeInTheDocument();
  });

  it('shows the materials empty state', async () => {
    mockFetch(partnerApi([], []));
    const { user } = renderWithApp(<PartnerDashboardPage />, { route: '/partner-dashboard' });
    await user.click(await screen.findByRole('tab', { name: 'Course Materials' }));
    expect(await screen.findByText('No course materials available yet')).toBeInTheDocument();
  });

  it('lists materials with their size in KB and says when a download fails', async () => {
    mockFetch({
      ...partnerApi(
        [],
        [
          {
            id: 'm-1',
            name: 'Week 1 notes.pdf',
            courseId: 'cpo',
            courseTitle: 'Certified Protection Officer',
            sizeBytes: 3072,
            createdAt: '2026-11-01T08:00:00.000Z',
          },
        ],
      ),
      'GET /api/partner/files/m-1': () => json({ code: 'NOT_FOUND', message: 'File not found' }, 404),
    });
    const { user } = renderWithApp(<PartnerDashboardPage />, { route: '/partner-dashboard' });
    await user.click(await screen.findByRole('tab', { name: 'Course Materials' }));
    const list = await screen.findByRole('list', { name: 'Course materials' });
    expect(list).toHaveTextContent('Week 1 notes.pdf');
    expect(list).toHaveTextContent('3 KB');
    await user.click(within(list).getByRole('button', { name: 'Download Week 1 notes.pdf' }));
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
  });

  it('says the download has started as soon as the file is on its way, before all of it has arrived, and saves it', async () => {
    let finish: () => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('%PDF-1.4\n'));
        finish = () => {
          controller.enqueue(new TextEncoder().encode('%%EOF\n'));
          controller.close();
        };
      },
    });
    const material = {
      id: 'm-1',
      name: 'Week 1 notes.pdf',
      courseId: 'cpo',
      courseTitle: 'Certified Protection Officer',
      sizeBytes: 3072,
      createdAt: '2026-11-01T08:00:00.000Z',
    };
    mockFetch({
      ...partnerApi([], [material]),
      'GET /api/partner/files/m-1': () => new Response(body, { headers: { 'content-type': 'application/pdf' } }),
    });
    const saved: string[] = [];
    // jsdom has no object URLs; the browser's are stood in for, and the link's click records the saved name.
    const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:week-1');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      const { user } = renderWithApp(<PartnerDashboardPage />, { route: '/partner-dashboard' });
      await user.click(await screen.findByRole('tab', { name: 'Course Materials' }));
      const list = await screen.findByRole('list', { name: 'Course materials' });
      await user.click(within(list).getByRole('button', { name: 'Download Week 1 notes.pdf' }));
      expect(await screen.findByText('Download started')).toBeInTheDocument();
      expect(saved).toEqual([]);
      finish();
      await waitFor(() => expect(saved).toEqual(['Week 1 notes.pdf']));
      expect(screen.queryByText('Download failed')).not.toBeInTheDocument();
    } finally {
      click.mockRestore();
      URL.createObjectURL = objectUrls.create;
      URL.revokeObjectURL = objectUrls.revoke;
    }
  });

  it('says when the materials cannot be loaded', async () => {
    mockFetch({ ...partnerApi([]), 'GET /api/partner/materials': () => json({ code: 'INTERNAL', message: 'Boom' }, 500) });
    const { user } = renderWithApp(<PartnerDashboardPage />, { route: '/partner-dashboard' });
    await user.click(await screen.findByRole('tab', { name: 'Course Materials' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading materials');
  });
});
