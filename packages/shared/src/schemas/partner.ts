import { z } from 'zod';
import type { COHORT_STATUSES } from '../constants.ts';
import { ALREADY_AUDITED_MESSAGE, AUDIT_NOTES_MAX } from '../domain/cohort-audit.ts';

/**
 * The accrediting partner's portal (/api/partner/…) and the cohort files it reviews: instructor CVs
 * and facility photos, uploaded by admins (/api/admin/training/cohorts/:cohortId/files/…).
 */

export const ACCREDITING_BODY = 'EBSSA';

export const PARTNER_TEXTS = {
  badge: 'Partner Access',
  title: 'EBSSA Partner Portal',
  welcome: 'Review training cohorts for accreditation and download course materials.',
  cohortsTab: 'Cohort Reviews',
  materialsTab: 'Course Materials',
  auditedBadge: 'EBSSA Audited',
  reviewButton: 'Review & Audit',
  markAudited: 'Mark as EBSSA Audited',
  auditNote: 'Marking this cohort as audited enables co-branded certificate generation for its students.',
  cohortAudited: 'Cohort Audited',
  cohortAuditedDetail: 'This cohort is now approved for co-branded certification.',
  alreadyAudited: ALREADY_AUDITED_MESSAGE,
  confirmTitle: 'Mark this cohort as EBSSA audited?',
  confirmButton: 'Confirm audit',
  notesLabel: 'Audit notes (optional)',
  notesHint: 'What you checked or found. Shown with the audit to the academy.',
  auditNotes: 'Audit notes',
  noCvs: 'No CVs uploaded',
  noPhotos: 'No photos uploaded',
  noCohorts: 'No cohorts to review yet',
  noMaterials: 'No course materials available yet',
  materialsError: 'Error loading materials',
  cohortsError: 'Error loading cohorts',
  downloadFailed: 'Download failed',
  downloadStarted: 'Download started',
  tbd: 'TBD',
} as const;

export const COHORT_FILE_KINDS = ['cv', 'photo'] as const;
export type CohortFileKind = (typeof COHORT_FILE_KINDS)[number];

export const COHORT_FILE_BUCKETS = { cv: 'instructor-cvs', photo: 'facilities-photos' } as const satisfies Record<CohortFileKind, string>;

export const COHORT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const COHORT_FILE_CONTENT_TYPES: Record<CohortFileKind, readonly string[]> = {
  cv: ['application/pdf', 'application/msword', 'application/x-cfb', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  photo: ['image/jpeg', 'image/png', 'image/webp'],
};
/** For the file picker's `accept`; the server still checks the content. */
export const COHORT_FILE_ACCEPT: Record<CohortFileKind, string> = {
  cv: '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  photo: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
};
export const COHORT_FILE_MESSAGES: Record<CohortFileKind, { tooLarge: string; wrongType: string; noFile: string; emptyFile: string }> = {
  cv: {
    tooLarge: 'The CV is larger than 10 MB.',
    wrongType: 'Upload the CV as a PDF, DOC or DOCX file.',
    noFile: 'Choose a file to upload.',
    emptyFile: 'The file is empty.',
  },
  photo: {
    tooLarge: 'The photo is larger than 10 MB.',
    wrongType: 'Upload the photo as a JPEG, PNG or WebP image.',
    noFile: 'Choose a file to upload.',
    emptyFile: 'The file is empty.',
  },
};

export const COHORT_FILE_TEXTS = {
  button: 'Files',
  title: 'Instructor CVs and facility photos',
  cvs: 'Instructor CVs',
  photos: 'Facility photos',
  uploadCv: 'Upload CV',
  uploadPhoto: 'Upload photo',
  uploaded: 'File uploaded',
  removed: 'File removed',
  removeConfirm: 'Remove this file? Partners will no longer see it.',
} as const;

const uuid = (what: string) => z.uuid({ error: `Unknown ${what}` });
export const partnerCohortParam = z.object({ id: uuid('cohort') });
export const partnerFileParam = z.object({ fileId: uuid('file') });
/** The audit's body: only the partner's optional notes (who and when are the server's). */
export const partnerAuditInput = z.object({
  notes: z
    .string({ error: 'The notes must be text' })
    .trim()
    .max(AUDIT_NOTES_MAX, `The notes must be at most ${AUDIT_NOTES_MAX} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null),
});
export type PartnerAuditInput = z.input<typeof partnerAuditInput>;
export const cohortFileUploadParam = z.object({ cohortId: uuid('cohort'), kind: z.enum(COHORT_FILE_KINDS, { error: 'Unknown kind of file' }) });
export const cohortFilesParam = z.object({ cohortId: uuid('cohort') });

export interface CohortFileDto {
  id: string;
  name: string;
  sizeBytes: number;
}

export interface UploadedCohortFileDto extends CohortFileDto {
  kind: CohortFileKind;
}

export interface CohortFilesDto {
  cvs: CohortFileDto[];
  photos: CohortFileDto[];
}

export interface PartnerCohortDto extends CohortFilesDto {
  id: string;
  courseId: string;
  courseName: string;
  startDate: string;
  endDate: string;
  durationWeeks: number;
  status: (typeof COHORT_STATUSES)[number];
  instructor: string | null;
  location: string | null;
  capacity: number;
  enrolledCount: number;
  audited: boolean;
  auditedAt: string | null;
  auditedByName: string | null;
  /** What the partner wrote with the audit; null when nothing (or not audited). */
  auditNotes: string | null;
  /** Why the cohort cannot be audited yet (it has not started, by the server's clock); null when it can, or is audited. */
  auditUnavailableReason: string | null;
  /** The shared attendance rule over the cohort's attendance rows; null while none is recorded. */
  attendancePercent: number | null;
  submissions: { graded: number; passed: number; total: number };
}

export interface PartnerCohortList {
  items: PartnerCohortDto[];
}

export interface PartnerMaterialDto {
  id: string;
  name: string;
  courseId: string;
  courseTitle: string;
  sizeBytes: number;
  createdAt: string;
}

export interface PartnerMaterialList {
  items: PartnerMaterialDto[];
}

/** Where a partner downloads a material, CV or photo. */
export const partnerFileUrl = (id: string) => `/api/partner/files/${id}`;
/** Where an admin downloads a cohort's CV or photo. */
export const adminCohortFileUrl = (id: string) => `/api/admin/training/cohort-files/${id}`;
