import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudentAssessmentDto, StudentEnrollmentDto, StudentOverviewDto } from '@ops/shared/schemas/student';
import { fileOf, mockXhr } from '@/test/fake-xhr.ts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { StudentDashboard } from './student-dashboard.tsx';

const enrollment = (overrides: Partial<StudentEnrollmentDto> = {}): StudentEnrollmentDto => ({
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

const submission = (overrides: Partial<StudentAssessmentDto> = {}): StudentAssessmentDto => ({
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

const empty: StudentOverviewDto = {
  student: { fullName: 'Amina Wanjiru' },
  stats: { activeCourses: 0, upcomingSessions: 0, assessments: 0 },
  enrollments: [],
  schedule: [],
  materials: [],
  announcements: [],
  assessments: [],
};

const full: StudentOverviewDto = {
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

function studentApi(overview: StudentOverviewDto | (() => Response)) {
  return mockFetch({
    ...signedInAs({ fullName: 'Amina Wanjiru' }),
    'GET /api/student/overview': typeof overview === 'function' ? overview : () => json(overview),
  });
}

const renderDashboard = () => renderWithApp(<StudentDashboard fallbackName="Amina Wanjiru" />, { route: '/student-dashboard' });

afterEach(() => vi.unstubAllGlobals());

describe('the student dashboard', () => {
  it('greets the student and shows the three figures', async () => {
    studentApi(full);
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Amina Wanjiru' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Active Courses' })).toHaveTextContent('1'));
    expect(screen.getByRole('group', { name: 'Upcoming Sessions' })).toHaveTextContent('3In the next 30 days');
    expect(screen.getByRole('group', { name: 'Assessments' })).toHaveTextContent('2');
  });

  it('lists each enrolment with its start date, price, payment and status, and links to the course', async () => {
    studentApi(full);
    renderDashboard();
    const cpo = within(await screen.findByRole('article', { name: 'Close Protection Officer' }));
    expect(cpo.getByText('Dec 07, 2026')).toBeInTheDocument();
    expect(cpo.getByText('KES 150,000')).toBeInTheDocument();
    expect(cpo.getByText('Paid')).toBeInTheDocument();
    expect(cpo.getByText('Active')).toBeInTheDocument();
    expect(cpo.getByRole('link', { name: /View Course/ })).toHaveAttribute('href', '/courses/cpo');
    const event = within(screen.getByRole('article', { name: 'Event Security' }));
    expect(event.getByText('Payment Pending')).toBeInTheDocument();
    expect(event.getByText('Pending Cash')).toBeInTheDocument();
  });

  it('shows a cancelled enrolment whose fee was given back as Refunded, not as a payment still pending', async () => {
    studentApi({
      ...full,
      enrollments: [enrollment({ status: 'cancelled', paymentStatus: 'refunded', hasAccess: false })],
    });
    renderDashboard();
    const cpo = within(await screen.findByRole('article', { name: 'Close Protection Officer' }));
    expect(cpo.getByText('Cancelled')).toBeInTheDocument();
    expect(cpo.getByText('Refunded')).toBeInTheDocument();
    expect(cpo.queryByText('Payment Pending')).not.toBeInTheDocument();
  });

  it("shows each tab's empty state, and offers courses to a student with none", async () => {
    studentApi(empty);
    const { user } = renderDashboard();
    expect(await screen.findByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/courses');
    await user.click(screen.getByRole('tab', { name: 'Schedule' }));
    expect(screen.getByText('No upcoming sessions scheduled')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Materials' }));
    expect(screen.getByText('No materials available yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Announcements' }));
    expect(screen.getByText('No announcements yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Assessments' }));
    expect(screen.getByText('No assessments submitted yet')).toBeInTheDocument();
  });

  it('shows the schedule, the news with high priority in the destructive style, and the submissions with grade or Pending Review', async () => {
    studentApi(full);
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Schedule' }));
    const session = within(screen.getByRole('article', { name: 'First Aid and CPR' }));
    expect(session.getByText('Wear comfortable clothing.')).toBeInTheDocument();
    expect(session.getByText('Tue, Dec 8, 2026, 8:00 AM')).toBeInTheDocument();
    expect(session.getByText('3.5 hours')).toBeInTheDocument();
    expect(session.getByText('Westlands')).toBeInTheDocument();
    expect(session.getByText('Rose Achieng')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Announcements' }));
    expect(within(screen.getByRole('article', { name: 'Venue change' })).getByText('High priority')).toHaveClass('bg-destructive');
    expect(within(screen.getByRole('article', { name: 'Uniform reminder' })).getByText('Normal')).not.toHaveClass('bg-destructive');

    await user.click(screen.getByRole('tab', { name: 'Assessments' }));
    const graded = within(screen.getByRole('article', { name: 'Final exam' }));
    expect(graded.getByText('Grade: A-')).toBeInTheDocument();
    expect(graded.getByText('Clear and well argued.')).toBeInTheDocument();
    expect(graded.getByText('Exam · Submitted Nov 21, 2026')).toBeInTheDocument();
    const pending = within(screen.getByRole('article', { name: 'Week 2 risk assessment' }));
    expect(pending.getByText('Pending Review')).toBeInTheDocument();
    expect(pending.queryByText('Feedback')).not.toBeInTheDocument();
  });

  it('downloads a material and says so, or says it failed', async () => {
    const saved: string[] = [];
    // jsdom has no object URLs; the browser's are stood in for while this test runs.
    const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: () => 'blob:material', revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let refuse = false;
    mockFetch({
      ...signedInAs(),
      'GET /api/student/overview': () => json(full),
      'GET /api/student/materials/m-1': () => (refuse ? json({ code: 'NOT_FOUND', message: 'No such material.' }, 404) : new Response('%PDF-1.4')),
    });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Materials' }));
    await user.click(screen.getByRole('button', { name: 'Download CPO handbook.pdf' }));
    expect(await screen.findByText('Material downloaded successfully')).toBeInTheDocument();
    expect(saved).toEqual(['CPO handbook.pdf']);

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Download CPO handbook.pdf' }));
    expect(await screen.findByText('Failed to download material')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    click.mockRestore();
    Object.assign(URL, objectUrls);
  });

  it("says so when the dashboard can't be loaded", async () => {
    studentApi(() => json({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' }, 500));
    renderDashboard();
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to load dashboard data').length).toBeGreaterThan(0);
  });
});

describe('submitting an assessment', () => {
  async function openForm() {
    const api = studentApi(full);
    const rendered = renderDashboard();
    await rendered.user.click(await screen.findByRole('tab', { name: 'Assessments' }));
    return { ...rendered, api };
  }

  it('asks for every field and a file before sending anything', async () => {
    const sent = mockXhr();
    const { user } = await openForm();
    await user.selectOptions(screen.getByLabelText(/Course enrolment/), 'enr-1');
    await user.type(screen.getByLabelText(/Title/), 'Week 3 report');
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    expect(await screen.findByText('Please fill in all fields and select a file')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(screen.getByText('Max 20MB. PDF, DOC, DOCX, ZIP')).toBeInTheDocument();
  });

  it('offers only the enrolments that are open', async () => {
    studentApi({
      ...full,
      enrollments: [...full.enrollments, enrollment({ id: 'enr-3', courseTitle: 'Basic Security Guard', status: 'rejected', hasAccess: false })],
    });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Assessments' }));
    const options = within(screen.getByLabelText(/Course enrolment/)).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Select a course', 'Event Security (Dec 07, 2026)', 'Close Protection Officer (Dec 07, 2026)']);
  });

  it.each([
    ['a file over 20 MB', fileOf('thesis.pdf', 'application/pdf', 21 * 1024 * 1024), 'The file is larger than 20 MB.'],
    ['a picture', fileOf('photo.png', 'image/png', 2000), 'Please upload a PDF, DOC, DOCX or ZIP file.'],
  ])('refuses %s in the browser', async (_what, file, message) => {
    const sent = mockXhr();
    const { user } = await openForm();
    // The picker's filter can be switched to 'All files'; the form checks again.
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText(/^File/), file);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/^File/)).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(screen.getByLabelText(/Course enrolment/), 'enr-1');
    await user.selectOptions(screen.getByLabelText(/Assessment type/), 'project');
    await user.type(screen.getByLabelText(/Title/), 'Thesis');
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    expect(sent).toHaveLength(0);
  });

  it('uploads with a progress bar, says it was submitted, resets the form and reloads the list', async () => {
    const sent = mockXhr();
    const { user, api } = await openForm();
    await user.selectOptions(screen.getByLabelText(/Course enrolment/), 'enr-1');
    await user.selectOptions(screen.getByLabelText(/Assessment type/), 'project');
    await user.type(screen.getByLabelText(/Title/), '  Week 3 report ');
    await user.upload(
      screen.getByLabelText(/^File/),
      fileOf('report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 4000),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));

    const xhr = sent[0]!;
    expect(xhr.url).toBe('/api/student/assessments');
    expect(Object.fromEntries([...xhr.body!.entries()].filter(([k]) => k !== 'file'))).toEqual({
      enrollmentId: 'enr-1',
      title: 'Week 3 report',
      type: 'project',
    });
    const bar = screen.getByRole('progressbar', { name: 'Uploading report.docx' });
    xhr.progress(2000, 4000);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));

    xhr.respond(201, submission({ id: 'sub-3', title: 'Week 3 report' }));
    expect(await screen.findByText('Assessment submitted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Title/)).toHaveValue('');
    expect(screen.getByLabelText(/Course enrolment/)).toHaveValue('');
    expect(screen.getByLabelText(/Assessment type/)).toHaveValue('');
    await waitFor(() => expect(api.calls('GET', '/api/student/overview')).toHaveLength(2));
  });

  it("shows the server's reason when it refuses the submission", async () => {
    const sent = mockXhr();
    const { user } = await openForm();
    await user.selectOptions(screen.getByLabelText(/Course enrolment/), 'enr-1');
    await user.selectOptions(screen.getByLabelText(/Assessment type/), 'assignment');
    await user.type(screen.getByLabelText(/Title/), 'Essay');
    await user.upload(screen.getByLabelText(/^File/), fileOf('essay.pdf', 'application/pdf', 3000));
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    sent[0]!.respond(400, {
      code: 'VALIDATION_ERROR',
      message: 'Please upload a PDF, DOC, DOCX or ZIP file.',
      fields: { file: 'Please upload a PDF, DOC, DOCX or ZIP file.' },
    });

    expect(await screen.findByText('Failed to submit assessment')).toBeInTheDocument();
    expect(screen.getByText('Please upload a PDF, DOC, DOCX or ZIP file.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Title/)).toHaveValue('Essay');
  });
});
