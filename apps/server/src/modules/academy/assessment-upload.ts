/**
 * A student hands in work: the file arrives as a stream (at most 20 MB, PDF, DOC, DOCX or ZIP by
 * its content), goes into the file store, and the submission row is written in one transaction
 * with the file's row. If the row cannot be written the bytes are removed again.
 */
import {
  ASSESSMENT_CONTENT_TYPES,
  ASSESSMENT_MAX_BYTES,
  ASSESSMENT_MESSAGES,
  type AssessmentUploadFields,
  type StudentAssessmentDto,
} from '@ops/shared/schemas/student';
import { AppError } from '../../lib/errors.ts';
import type { UploadRules } from '../files/file-upload.ts';
import type { ReceivedUpload } from '../files/file-upload.ts';
import { saveUploadedFile, type FileDeps } from '../files/files.service.ts';
import { findOwnAssessment, findOwnEnrollment, insertAssessment } from './student.repo.ts';
import { assessmentDto, hasAccess, isUuid } from './student.service.ts';

export const ASSESSMENTS_BUCKET = 'student-assessments';

export const ASSESSMENT_UPLOAD_RULES: UploadRules = {
  maxBytes: ASSESSMENT_MAX_BYTES,
  allowedTypes: ASSESSMENT_CONTENT_TYPES,
  fields: ['enrollmentId', 'title', 'type'],
  messages: ASSESSMENT_MESSAGES,
};

const NO_ENROLMENT = 'No such enrolment.';
export const CLOSED_ENROLMENT = 'This enrolment is closed; work can only be submitted for a course you are enrolled in.';

/** Stores the upload as the student's submission for one of their own enrolments (else 404). */
export async function submitAssessment(
  deps: FileDeps,
  profileId: string,
  fields: AssessmentUploadFields,
  upload: ReceivedUpload,
): Promise<StudentAssessmentDto> {
  try {
    const enrollment = isUuid(fields.enrollmentId) ? await findOwnEnrollment(deps.db, profileId, fields.enrollmentId) : null;
    if (!enrollment) throw AppError.notFound(NO_ENROLMENT);
    if (!hasAccess(enrollment.status)) throw AppError.conflict(CLOSED_ENROLMENT, { enrollmentId: CLOSED_ENROLMENT });
  } catch (err) {
    await upload.discard();
    throw err;
  }
  const { linked } = await saveUploadedFile(deps, upload, { bucket: ASSESSMENTS_BUCKET, ownerProfileId: profileId }, async (tx, file) => {
    // Read again inside the transaction: the enrolment may have gone since the upload began.
    const current = await findOwnEnrollment(tx, profileId, fields.enrollmentId);
    if (!current) throw AppError.notFound(NO_ENROLMENT);
    if (!hasAccess(current.status)) throw AppError.conflict(CLOSED_ENROLMENT, { enrollmentId: CLOSED_ENROLMENT });
    const id = await insertAssessment(tx, {
      enrollmentId: current.id,
      profileId,
      courseId: current.courseId,
      assessmentTitle: fields.title,
      assessmentType: fields.type,
      fileId: file.id,
      fileName: file.originalName,
      status: 'submitted',
    });
    const row = await findOwnAssessment(tx, profileId, id);
    if (!row) throw new Error('submission not readable after insert');
    return row;
  });
  return assessmentDto(linked);
}
