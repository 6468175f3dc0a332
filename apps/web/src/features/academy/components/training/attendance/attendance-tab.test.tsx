import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import type { AttendanceSheet, AttendanceStudent } from '@ops/shared/schemas/admin-attendance';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { AttendanceTab } from './attendance-tab.tsx';

const COHORT_ID = '6b1c2f4e-0000-4000-8000-000000000001';
const REASON_REQUIRED = 'Certificates of this cohort have been issued: give the reason for changing its attendance.';

const cohort: AdminCohortRow = {
  id: COHORT_ID,
  courseId: 'cpo',
  courseTitle: 'Certified Protection Officer',
  startDate: '2027-03-01',
  endDate: '2027-04-12',
  capacity: 15,
  enrolledCount: 2,
  enrollmentTotal: 2,
  status: 'ongoing',
  instructor: 'J. Mwangi',
  location: 'Nairobi',
  notes: null,
  audited: false,
  auditedAt: null,
  auditNotes: null,
};

const student = (n: number, name: string, overrides: Partial<AttendanceStudent> = {}): AttendanceStudent => ({
  enrollmentId: `7a1c2f4e-0000-4000-8000-00000000000${n}`,
  profileId: `8a1c2f4e-0000-4000-8000-00000000000${n}`,
  studentName: name,
  phone: null,
  enrollmentStatus: 'active',
  status: null,
  rate: { attended: 3, counted: 4, rate: 75 },
  ...overrides,
});
const amina = student(1, 'Amina Wanjiru');
const brian = student(2, 'Brian Otieno', { status: 'absent', rate: { attended: 1, counted: 2, rate: 50 } });

const sheetOf = (overrides: Partial<AttendanceSheet> = {}): AttendanceSheet => ({
  cohortId: COHORT_ID,
  courseId: 'cpo',
  courseTitle: 'Certified Protection Officer',
  sessionDate: '2027-03-02',
  sessionDates: ['2027-03-02', '2027-03-09', '2027-03-16'],
  days: { first: '2027-03-01', last: '2027-03-10' },
  dayProblem: null,
  certificatesIssued: 0,
  students: [amina, brian],
  ...overrides,
});

const attendanceApi = (sheet: AttendanceSheet, put: Parameters<typeof mockFetch>[0] = {}) =>
  mockFetch({
    ...signedInAs({ role: 'admin' }),
    'GET /api/admin/training/cohorts': () => json([cohort]),
    'GET /api/admin/training/attendance': () => json(sheet),
    'PUT /api/admin/training/attendance': () => json(sheet),
    ...put,
  });

const start = (date = '2027-03-02') => renderWithApp(<AttendanceTab />, { route: `/admin?view=training&tab=attendance&cohort=${COHORT_ID}&date=${date}` });

describe('the Attendance tab', () => {
  it('marks each student and saves the day, with each rate shown', async () => {
    const api = attendanceApi(sheetOf());
    const { user } = start();
    expect(await screen.findByText('75%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mar 09, 2027' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Attendance of Amina Wanjiru'), 'late');
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText('Attendance updated successfully')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/training/attendance')[0]?.body).toEqual({
      cohortId: COHORT_ID,
      sessionDate: '2027-03-02',
      records: [
        { enrollmentId: amina.enrollmentId, status: 'late' },
        { enrollmentId: brian.enrollmentId, status: 'absent' },
      ],
    });
  });

  it('offers only the cohort’s days up to today, and gives the server’s words for a day it refuses', async () => {
    const problem = 'Mar 16, 2027 has not come yet: attendance is recorded on the day or after it.';
    const api = attendanceApi(sheetOf({ sessionDate: '2027-03-16', dayProblem: problem }));
    const { user } = start('2027-03-16');
    const date = await screen.findByLabelText('Session date');
    expect(await screen.findByText(problem)).toBeInTheDocument();
    expect(date).toHaveAccessibleDescription(expect.stringContaining(problem) as string);
    expect(date).toHaveAttribute('min', '2027-03-01');
    expect(date).toHaveAttribute('max', '2027-03-10');
    expect(screen.getByText('Days of this cohort up to today: Mar 01, 2027 to Mar 10, 2027.')).toBeInTheDocument();
    // Scheduled sessions still to come are not offered.
    expect(screen.getByRole('button', { name: 'Mar 09, 2027' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mar 16, 2027' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Attendance of Amina Wanjiru')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mark all present' })).toBeDisabled();
    const saveButton = screen.getByRole('button', { name: 'Save attendance' });
    expect(saveButton).toBeDisabled();
    await user.click(saveButton);
    expect(api.calls('PUT', '/api/admin/training/attendance')).toHaveLength(0);
  });

  it('marks everyone present with one press, saved with the day', async () => {
    const api = attendanceApi(sheetOf());
    const { user } = start();
    await user.click(await screen.findByRole('button', { name: 'Mark all present' }));
    expect(screen.getByLabelText('Attendance of Amina Wanjiru')).toHaveValue('present');
    expect(screen.getByLabelText('Attendance of Brian Otieno')).toHaveValue('present');
    expect(screen.getByRole('button', { name: 'Mark all present' })).toBeDisabled();
    // Nothing is saved until the day is saved.
    expect(api.calls('PUT', '/api/admin/training/attendance')).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Attendance of Brian Otieno'), 'late');
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText('Attendance updated successfully')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/training/attendance')[0]?.body).toMatchObject({
      records: [
        { enrollmentId: amina.enrollmentId, status: 'present' },
        { enrollmentId: brian.enrollmentId, status: 'late' },
      ],
    });
  });

  it('asks for a reason once the cohort’s certificates are issued, and shows the server’s field error', async () => {
    const sheet = sheetOf({ certificatesIssued: 2 });
    let answer = () => json({ code: 'VALIDATION_ERROR', message: REASON_REQUIRED, fields: { reason: REASON_REQUIRED } }, 400);
    const api = attendanceApi(sheet, { 'PUT /api/admin/training/attendance': () => answer() });
    const { user } = start();
    const reason = await screen.findByLabelText(/Reason for the change/);
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('2 certificates have been issued to this cohort') as string);
    await user.selectOptions(screen.getByLabelText('Attendance of Brian Otieno'), 'present');
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await within(reason.parentElement!).findByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    answer = () => json(sheet);
    await user.type(reason, 'Brian signed the paper register.');
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText('Attendance updated successfully')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/training/attendance')[1]?.body).toMatchObject({ reason: 'Brian signed the paper register.' });
  });

  it('asks no reason before any certificate of the cohort is issued', async () => {
    attendanceApi(sheetOf());
    start();
    expect(await screen.findByText('75%')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Reason for the change/)).not.toBeInTheDocument();
  });
});
