import { z } from 'zod';
import {
  ASSESSMENT_TYPES,
  type ANNOUNCEMENT_PRIORITIES,
  type ASSESSMENT_STATUSES,
  type ENROLLMENT_PAYMENT_METHODS,
  type ENROLLMENT_PAYMENT_STATUSES,
  type ENROLLMENT_STATUSES,
} from '../constants.ts';

/** The signed-in student's own academy records (GET /api/student/overview) and their submissions. */

export type AssessmentType = (typeof ASSESSMENT_TYPES)[number];

export const ASSESSMENT_TYPE_LABELS: Record<AssessmentType, string> = {
  assignment: 'Assignment',
  project: 'Project',
  exam: 'Exam',
  presentation: 'Presentation',
};

export const ASSESSMENT_MAX_BYTES = 20 * 1024 * 1024;
export const ASSESSMENT_MAX_LABEL = '20 MB';
/**
 * Checked from the file's content: a DOCX is a ZIP container (and reads as a plain ZIP when its
 * parts are not where the check looks), a legacy DOC is a compound (CFB/OLE) file.
 */
export const ASSESSMENT_CONTENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/zip',
] as const;
/** For the file picker's `accept`; the server still checks the content. */
export const ASSESSMENT_ACCEPT =
  '.pdf,.doc,.docx,.zip,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/zip';

export const ASSESSMENT_MISSING_FIELDS = 'Please fill in all fields and select a file';

/** The server's words for refused submissions (the form says the same before sending). */
export const ASSESSMENT_MESSAGES = {
  tooLarge: `The file is larger than ${ASSESSMENT_MAX_LABEL}.`,
  wrongType: 'Please upload a PDF, DOC, DOCX or ZIP file.',
  noFile: ASSESSMENT_MISSING_FIELDS,
  emptyFile: 'The file is empty.',
} as const;

/** POST /api/student/assessments is multipart: these fields, plus the file in `file`. */
export const assessmentUploadFields = z.object({
  enrollmentId: z.string({ error: ASSESSMENT_MISSING_FIELDS }).trim().min(1, ASSESSMENT_MISSING_FIELDS),
  title: z.string({ error: ASSESSMENT_MISSING_FIELDS }).trim().min(1, ASSESSMENT_MISSING_FIELDS).max(200, 'Keep the title to 200 characters or fewer'),
  type: z.enum(ASSESSMENT_TYPES, { error: ASSESSMENT_MISSING_FIELDS }),
});
export type AssessmentUploadFields = z.infer<typeof assessmentUploadFields>;

export interface StudentEnrollmentDto {
  id: string;
  courseId: string;
  courseTitle: string;
  cohortId: string;
  /** 'YYYY-MM-DD'. */
  cohortStartDate: string;
  /** Whole KES, the fee at enrolment. */
  coursePrice: number;
  paymentMethod: (typeof ENROLLMENT_PAYMENT_METHODS)[number];
  paymentStatus: (typeof ENROLLMENT_PAYMENT_STATUSES)[number];
  status: (typeof ENROLLMENT_STATUSES)[number];
  /** Whether this enrolment gives access to the course's sessions, materials and submissions. */
  hasAccess: boolean;
  createdAt: string;
}

export interface StudentSessionDto {
  id: string;
  courseId: string;
  courseTitle: string;
  title: string;
  description: string | null;
  /** ISO instant. */
  startsAt: string;
  durationHours: number;
  location: string | null;
  instructor: string | null;
}

export interface StudentMaterialDto {
  id: string;
  courseId: string;
  courseTitle: string;
  name: string;
  sizeBytes: number;
  createdAt: string;
  /** `/api/student/materials/<id>`: the file, saved as an attachment. */
  url: string;
}

export interface StudentAnnouncementDto {
  id: string;
  courseId: string;
  courseTitle: string;
  title: string;
  content: string;
  priority: (typeof ANNOUNCEMENT_PRIORITIES)[number];
  publishedAt: string;
}

export interface StudentAssessmentDto {
  id: string;
  enrollmentId: string;
  courseId: string;
  courseTitle: string;
  title: string;
  type: AssessmentType;
  status: (typeof ASSESSMENT_STATUSES)[number];
  submittedAt: string;
  grade: string | null;
  /** The grader's result with the grade: true for a pass, false for a fail; null until graded. */
  passed: boolean | null;
  feedback: string | null;
  fileName: string;
  /** `/api/student/assessments/<id>/file`. */
  fileUrl: string;
}

export interface StudentStatsDto {
  /** Enrolments holding a seat that are not completed. */
  activeCourses: number;
  /** Sessions of the student's cohorts from now to 30 days from now. */
  upcomingSessions: number;
  /** Every submission the student has made. */
  assessments: number;
}

/** GET /api/student/overview */
export interface StudentOverviewDto {
  student: { fullName: string };
  stats: StudentStatsDto;
  /** Newest first, every status. */
  enrollments: StudentEnrollmentDto[];
  /** The next 10 sessions from now, soonest first. */
  schedule: StudentSessionDto[];
  /** Newest first. */
  materials: StudentMaterialDto[];
  /** The latest 10, newest first. */
  announcements: StudentAnnouncementDto[];
  /** Newest first. */
  assessments: StudentAssessmentDto[];
}
