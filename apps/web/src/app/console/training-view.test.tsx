import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPage } from '@ops/shared/schemas/admin-list';
import type { AdminCertificateRow } from '@ops/shared/schemas/admin-training';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import type { AdminEnrollmentRow } from '@ops/shared/schemas/admin-enrollments';
import type { AdminMaterialRow } from '@ops/shared/schemas/admin-course-content';
import type { AdminSubmissionRow } from '@ops/shared/schemas/admin-grading';
import { COURSE_VALIDITY_MESSAGE } from '@ops/shared/schemas/admin-training';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { TrainingView } from './training-view.tsx';

const COHORT_ID = '6b1c2f4e-0000-4000-8000-000000000001';

const cohort: AdminCohortRow = {
  id: COHORT_ID,
  courseId: 'cpo',
  courseTitle: 'Certified Protection Officer',
  startDate: '2027-03-01',
  endDate: '2027-04-12',
  capacity: 15,
  enrolledCount: 8,
  enrollmentTotal: 9,
  status: 'open',
  instructor: 'J. Mwangi',
  location: 'Nairobi',
  notes: null,
  audited: true,
  auditedAt: '2027-02-01T07:00:00.000Z',
  auditNotes: null,
};

function enrollment(overrides: Partial<AdminEnrollmentRow>): AdminEnrollmentRow {
  return {
    id: '7a1c2f4e-0000-4000-8000-000000000001',
    profileId: '8a1c2f4e-0000-4000-8000-000000000001',
    studentName: 'Amina Wanjiru',
    phone: '254712000111',
    courseId: 'cpo',
    courseTitle: 'Certified Protection Officer',
    cohortId: COHORT_ID,
    cohortStartDate: '2027-03-01',
    paymentMethod: 'intasend',
    coursePrice: 45000,
    paymentStatus: 'paid',
    status: 'pending',
    notes: null,
    createdAt: '2026-11-20T07:00:00.000Z',
    refundRequested: false,
    ...overrides,
  };
}

const pending = enrollment({});
const pageOf = <T,>(items: T[]): AdminPage<T> => ({ items, total: items.length, page: 1, pageSize: 25 });

const trainingApi = (extra = {}) => ({
  ...signedInAs({ role: 'admin' }),
  'GET /api/admin/training/cohorts': () => json([cohort]),
  'GET /api/admin/training/courses': () => json([{ id: 'cpo', title: 'Certified Protection Officer', price: 45000, validityYears: null }]),
  ...extra,
});

const start = (route: string) => renderWithApp(<TrainingView />, { route });
const address = () => screen.getByRole('status', { name: 'Address' });

describe('the Training view', () => {
  it('shows its tabs, with the active one in the address', async () => {
    mockFetch(trainingApi({ 'GET /api/admin/training/certificates': () => json([]) }));
    const { user } = start('/admin?view=training');

    expect(await screen.findByRole('tab', { name: 'Cohorts' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['Enrollments', 'Attendance', 'Certificates', 'Course content', 'Submissions']) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('tab', { name: 'Certificates' }));
    expect(address()).toHaveTextContent('/admin?view=training&tab=certificates');
    expect(await screen.findByRole('heading', { name: 'No certificates issued yet' })).toBeInTheDocument();
  });

  it('lists cohorts with enrolled of capacity, the status words and the audited badge', async () => {
    mockFetch(trainingApi());
    start('/admin?view=training&tab=cohorts');
    const row = (await screen.findByText('Certified Protection Officer')).closest('tr')!;
    const cells = within(row);
    expect(cells.getByText('Mar 01, 2027')).toBeInTheDocument();
    expect(cells.getByText('8/15')).toBeInTheDocument();
    expect(cells.getByText('Open for Enrollment')).toBeInTheDocument();
    expect(cells.getByText('EBSSA Audited')).toBeInTheDocument();
  });
});

describe('the cohort form', () => {
  it('checks the required fields and the dates before sending, with a capacity of 20 to start with', async () => {
    const api = mockFetch(trainingApi({ 'POST /api/admin/training/cohorts': () => json(cohort, 201) }));
    const { user } = start('/admin?view=training&tab=cohorts');
    await user.click(await screen.findByRole('button', { name: 'Create cohort' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText(/Capacity/)).toHaveValue(20);

    await user.clear(dialog.getByLabelText(/Capacity/));
    await user.click(dialog.getByRole('button', { name: 'Create cohort' }));
    expect(dialog.getByLabelText(/Course/)).toHaveAccessibleDescription('Choose a course');
    expect(dialog.getByLabelText(/Start date/)).toHaveAccessibleDescription('Enter the start date');
    expect(dialog.getByLabelText(/End date/)).toHaveAccessibleDescription('Enter the end date');
    expect(dialog.getByLabelText(/Capacity/)).toHaveAccessibleDescription(/Capacity must be a whole number from 1 to 500/);
    expect(api.calls('POST', '/api/admin/training/cohorts')).toHaveLength(0);

    await waitFor(() => expect(dialog.getByLabelText(/Course/)).toBeEnabled());
    await user.selectOptions(dialog.getByLabelText(/Course/), 'cpo');
    await user.type(dialog.getByLabelText(/Start date/), '2027-05-10');
    await user.type(dialog.getByLabelText(/End date/), '2027-05-01');
    await user.type(dialog.getByLabelText(/Capacity/), '20');
    await user.click(dialog.getByRole('button', { name: 'Create cohort' }));
    expect(dialog.getByLabelText(/End date/)).toHaveAccessibleDescription('The end date cannot be before the start date');
    expect(api.calls('POST', '/api/admin/training/cohorts')).toHaveLength(0);

    await user.clear(dialog.getByLabelText(/End date/));
    await user.type(dialog.getByLabelText(/End date/), '2027-06-20');
    await user.click(dialog.getByRole('button', { name: 'Create cohort' }));
    expect(await screen.findByText('Cohort created successfully')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/training/cohorts')[0]?.body).toMatchObject({
      courseId: 'cpo',
      startDate: '2027-05-10',
      endDate: '2027-06-20',
      capacity: 20,
      status: 'upcoming',
    });
  });

  it('asks before deleting and shows the server’s reason when it refuses', async () => {
    mockFetch(
      trainingApi({
        [`DELETE /api/admin/training/cohorts/${COHORT_ID}`]: () =>
          json({ code: 'CONFLICT', message: 'This cohort has 9 enrolments and cannot be deleted.' }, 409),
      }),
    );
    const { user } = start('/admin?view=training&tab=cohorts');
    await user.click(await screen.findByRole('button', { name: /Delete Certified Protection Officer cohort/ }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('Are you sure you want to delete this cohort?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This cohort has 9 enrolments and cannot be deleted.')).toBeInTheDocument();
  });
});

// The Enrollments tab's moves: enrollments-tab.test.tsx.

describe('the Certificates tab', () => {
  it('offers the academy’s cohorts to choose from', async () => {
    mockFetch(trainingApi({ 'GET /api/admin/training/certificates': () => json([]) }));
    start('/admin?view=training&tab=certificates');
    expect(await screen.findByRole('option', { name: 'Certified Protection Officer, Mar 01, 2027' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Choose a cohort' })).toBeInTheDocument();
  });

  it('links each reference to its verification page in a new tab', async () => {
    const cert: AdminCertificateRow = {
      id: '9a1c2f4e-0000-4000-8000-000000000001',
      certificateRef: 'OPS-2027-ABC123',
      studentName: 'Amina Wanjiru',
      courseName: 'Certified Protection Officer',
      issueDate: '2027-04-12',
      cobranded: true,
      enrollmentId: pending.id,
      expiresOn: null,
      state: 'valid',
      revokedAt: null,
      revokedReason: null,
      overrideReason: null,
      verifyPath: '/cert/verify/OPS-2027-ABC123',
    };
    mockFetch(trainingApi({ 'GET /api/admin/training/certificates': () => json([cert]) }));
    start('/admin?view=training&tab=certificates');
    const link = await screen.findByRole('link', { name: /OPS-2027-ABC123/ });
    expect(link).toHaveAttribute('href', '/cert/verify/OPS-2027-ABC123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Issued Apr 12, 2027')).toBeInTheDocument();
    expect(screen.getByText('Does not expire')).toBeInTheDocument();
  });
});

describe('the Submissions tab', () => {
  const submission: AdminSubmissionRow = {
    id: '5a1c2f4e-0000-4000-8000-000000000001',
    enrollmentId: pending.id,
    profileId: pending.profileId,
    studentName: 'Amina Wanjiru',
    courseId: 'cpo',
    courseTitle: 'Certified Protection Officer',
    title: 'Risk essay',
    type: 'assignment',
    fileName: 'essay.pdf',
    status: 'submitted',
    submittedAt: '2027-03-05T07:00:00.000Z',
    grade: null,
    passed: null,
    feedback: null,
    gradedAt: null,
    url: '/api/admin/training/submissions/5a1c2f4e-0000-4000-8000-000000000001/file',
  };

  it('lists what awaits a grade and grades it with a pass or fail and feedback', async () => {
    const api = mockFetch(
      trainingApi({
        'GET /api/admin/training/submissions': () => json(pageOf([submission])),
        [`POST /api/admin/training/submissions/${submission.id}/grade`]: () => json({ ...submission, status: 'graded', grade: '78%', passed: true }),
      }),
    );
    const { user } = start('/admin?view=training&tab=submissions');
    expect(await screen.findByText('Pending Review')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download essay.pdf by Amina Wanjiru' })).toHaveAttribute('href', submission.url);
    expect(api.calls('GET', '/api/admin/training/submissions')[0]?.query).toMatchObject({ status: 'ungraded' });

    await user.click(screen.getByRole('button', { name: 'Grade Risk essay by Amina Wanjiru' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/Grade/), '78%');
    await user.click(dialog.getByRole('button', { name: 'Save grade' }));
    expect(dialog.getByText('Choose pass or fail')).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Pass' }));
    await user.type(dialog.getByLabelText('Feedback'), 'Clear and well argued.');
    await user.click(dialog.getByRole('button', { name: 'Save grade' }));
    expect(await screen.findByText('Submission graded')).toBeInTheDocument();
    expect(api.calls('POST', `/api/admin/training/submissions/${submission.id}/grade`)[0]?.body).toEqual({
      grade: '78%',
      passed: true,
      feedback: 'Clear and well argued.',
    });
  });
});

describe('the Course content tab', () => {
  it('shows the chosen course’s sessions, announcements and materials with sizes in KB', async () => {
    const material: AdminMaterialRow = {
      id: '4a1c2f4e-0000-4000-8000-000000000001',
      courseId: 'cpo',
      name: 'Week 1 notes.pdf',
      contentType: 'application/pdf',
      sizeBytes: 3072,
      createdAt: '2027-03-01T07:00:00.000Z',
      url: '/api/admin/training/materials/4a1c2f4e-0000-4000-8000-000000000001',
    };
    mockFetch(
      trainingApi({
        'GET /api/admin/training/courses/cpo/sessions': () => json([]),
        'GET /api/admin/training/courses/cpo/announcements': () => json([]),
        'GET /api/admin/training/courses/cpo/materials': () => json([material]),
      }),
    );
    const { user } = start('/admin?view=training&tab=content');
    expect(await screen.findByRole('heading', { name: 'Choose a course' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Course')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Course'), 'cpo');
    expect(address()).toHaveTextContent('/admin?view=training&tab=content&course=cpo');
    expect(await screen.findByText('Week 1 notes.pdf')).toBeInTheDocument();
    expect(screen.getByText('3 KB')).toBeInTheDocument();
    expect(screen.getByText('No sessions scheduled yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add session' })).toBeInTheDocument();
  });

  it('sets how many years the course’s certificates hold, refusing a value out of bounds before sending', async () => {
    const api = mockFetch(
      trainingApi({
        'GET /api/admin/training/courses/cpo/sessions': () => json([]),
        'GET /api/admin/training/courses/cpo/announcements': () => json([]),
        'GET /api/admin/training/courses/cpo/materials': () => json([]),
        'PUT /api/admin/training/courses/cpo/validity': () => json({ id: 'cpo', title: 'Certified Protection Officer', price: 45000, validityYears: 3 }),
      }),
    );
    const { user } = start('/admin?view=training&tab=content&course=cpo');
    const field = await screen.findByLabelText('Years before re-certification');
    expect(field).toHaveValue(null);
    expect(field).toHaveAttribute('placeholder', 'Does not expire');

    await user.type(field, '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(COURSE_VALIDITY_MESSAGE)).length).toBeGreaterThan(0);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT', '/api/admin/training/courses/cpo/validity')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Certificate validity saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/training/courses/cpo/validity')[0]?.body).toEqual({ validityYears: 3 });
  });
});
