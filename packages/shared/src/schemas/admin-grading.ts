import { z } from 'zod';
import type { ASSESSMENT_STATUSES, ASSESSMENT_TYPES } from '../constants.ts';
import { adminListQuery, type AdminPage } from './admin-list.ts';
import { optionalText } from './admin-training.ts';

/** The console's grading of submitted assessments. */
export const SUBMISSION_FILTERS = ['ungraded', 'graded', 'all'] as const;
export type SubmissionFilter = (typeof SUBMISSION_FILTERS)[number];

export const adminSubmissionListQuery = adminListQuery({
  sorts: ['submitted'] as const,
  defaultSort: 'submitted',
  defaultDir: 'desc',
  filters: {
    status: z.enum(SUBMISSION_FILTERS, { error: 'Unknown filter' }).default('ungraded'),
  },
});
export type AdminSubmissionListQuery = z.input<typeof adminSubmissionListQuery>;
export type AdminSubmissionListParams = z.output<typeof adminSubmissionListQuery>;

export interface AdminSubmissionRow {
  id: string;
  enrollmentId: string;
  profileId: string;
  studentName: string;
  courseId: string;
  courseTitle: string;
  title: string;
  type: (typeof ASSESSMENT_TYPES)[number];
  fileName: string;
  status: (typeof ASSESSMENT_STATUSES)[number];
  submittedAt: string;
  grade: string | null;
  passed: boolean | null;
  feedback: string | null;
  gradedAt: string | null;
  /** The admin's download (each read is recorded). */
  url: string;
}
export type AdminSubmissionPage = AdminPage<AdminSubmissionRow>;

export const GRADE_MAX = 20;
export const FEEDBACK_MAX = 2000;
export const gradeInput = z.object({
  grade: z.string({ error: 'Enter the grade' }).trim().min(1, 'Enter the grade').max(GRADE_MAX, `The grade must be at most ${GRADE_MAX} characters`),
  passed: z.boolean({ error: 'Choose pass or fail' }),
  feedback: optionalText('The feedback', FEEDBACK_MAX),
});
export type GradeInput = z.input<typeof gradeInput>;
