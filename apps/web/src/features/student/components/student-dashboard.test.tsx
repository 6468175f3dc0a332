import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { empty, enrollment, full, renderDashboard, studentApi } from '../test/student-fixtures.tsx';

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
