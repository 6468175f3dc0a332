import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudentAssessmentDto } from '@ops/shared/schemas/student';
import { mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { AssessmentsTab } from './assessments-tab.tsx';

const submission = (id: string, title: string, overrides: Partial<StudentAssessmentDto>): StudentAssessmentDto => ({
  id,
  enrollmentId: 'enr-1',
  courseId: 'cpo',
  courseTitle: 'Close Protection Officer',
  title,
  type: 'exam',
  status: 'graded',
  submittedAt: '2026-11-20T21:30:00.000Z',
  grade: null,
  passed: null,
  feedback: null,
  fileName: `${id}.pdf`,
  fileUrl: `/api/student/assessments/${id}/file`,
  ...overrides,
});

describe('the student’s submissions', () => {
  it('show the result, Pass or Fail, beside the grade', () => {
    mockFetch(signedInAs({ role: 'client' }));
    renderWithApp(
      <AssessmentsTab
        enrollments={[]}
        assessments={[
          submission('sub-1', 'Final exam', { grade: '45%', passed: false, feedback: 'Revise the evacuation plan.' }),
          submission('sub-2', 'Patrol report', { grade: '82%', passed: true }),
          submission('sub-3', 'Risk essay', { status: 'submitted' }),
        ]}
      />,
    );
    const failed = within(screen.getByRole('article', { name: 'Final exam' }));
    expect(failed.getByText('Fail')).toBeInTheDocument();
    expect(failed.getByText('Grade: 45%')).toBeInTheDocument();
    expect(failed.getByText('Revise the evacuation plan.')).toBeInTheDocument();
    const passed = within(screen.getByRole('article', { name: 'Patrol report' }));
    expect(passed.getByText('Pass')).toBeInTheDocument();
    expect(passed.getByText('Grade: 82%')).toBeInTheDocument();
    const pending = within(screen.getByRole('article', { name: 'Risk essay' }));
    expect(pending.getByText('Pending Review')).toBeInTheDocument();
    expect(pending.queryByText(/Pass|Fail/)).not.toBeInTheDocument();
  });
});
