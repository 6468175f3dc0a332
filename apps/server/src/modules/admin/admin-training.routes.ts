import { Hono } from 'hono';
import {
  adminEnrollmentListQuery,
  adminSubmissionListQuery,
  announcementInput,
  attendanceInput,
  attendanceQuery,
  cashPaidInput,
  cohortInput,
  COURSE_MATERIAL_CONTENT_TYPES,
  COURSE_MATERIAL_MAX_BYTES,
  COURSE_MATERIAL_MESSAGES,
  courseValidityInput,
  enrollmentCancelInput,
  enrollmentReviewInput,
  gradeInput,
  sessionInput,
  trainingCourseParam,
  trainingIdParam,
} from '@ops/shared/schemas/admin-training';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { recordStaffRead } from '../audit/audit.routes.ts';
import { fileResponse } from '../files/file-response.ts';
import { receiveUpload, type UploadRules } from '../files/file-upload.ts';
import { findStoredFile } from '../files/files.repo.ts';
import { openStoredFile } from '../files/files.service.ts';
import { AppError } from '../../lib/errors.ts';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';
import {
  addMaterial,
  cancelEnrollmentFromConsole,
  createAnnouncement,
  createCohort,
  createSession,
  deleteAnnouncement,
  deleteCohort,
  deleteMaterial,
  deleteSession,
  findMaterialFile,
  findSubmissionForRead,
  gradeSubmission,
  listAnnouncements,
  listCertificates,
  listCohorts,
  listCourseOptions,
  listEnrollments,
  listMaterials,
  listSessions,
  listSubmissions,
  markCashPaidFromConsole,
  readAttendanceSheet,
  recordAttendance,
  reviewEnrollmentFromConsole,
  setCourseValidity,
  updateCohort,
  updateSession,
} from './admin-training.service.ts';

const MATERIAL_UPLOAD_RULES: UploadRules = {
  maxBytes: COURSE_MATERIAL_MAX_BYTES,
  allowedTypes: COURSE_MATERIAL_CONTENT_TYPES,
  fields: [],
  messages: COURSE_MATERIAL_MESSAGES,
};

const manage = requirePermission('academy.manage');

/**
 * Mounted inside adminRoutes, after its sign-in and console.view check; every route here names the
 * permission it needs with requirePermission. All under /api/admin/training.
 */
export const adminTrainingRoutes = new Hono<AppEnv>()
  .get('/training/courses', manage, async (c) => {
    noStore(c);
    return c.json(await listCourseOptions(c.get('deps').db));
  })
  .put('/training/courses/:courseId/validity', manage, validate('param', trainingCourseParam), body(courseValidityInput), async (c) => {
    return c.json(await setCourseValidity(consoleAction(c), c.req.valid('param').courseId, c.req.valid('json').validityYears));
  })
  // ------------------------------------------------------------ cohorts
  .get('/training/cohorts', manage, async (c) => {
    noStore(c);
    return c.json(await listCohorts(c.get('deps').db));
  })
  .post('/training/cohorts', manage, body(cohortInput), async (c) => {
    return c.json(await createCohort(consoleAction(c), c.req.valid('json')), 201);
  })
  .put('/training/cohorts/:id', manage, validate('param', trainingIdParam), body(cohortInput), async (c) => {
    return c.json(await updateCohort(consoleAction(c), c.req.valid('param').id, c.req.valid('json')));
  })
  .delete('/training/cohorts/:id', manage, validate('param', trainingIdParam), async (c) => {
    await deleteCohort(c.get('deps'), consoleAction(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  // ------------------------------------------------------------ enrolments
  .get('/training/enrollments', manage, validate('query', adminEnrollmentListQuery), async (c) => {
    const params = c.req.valid('query');
    const page = await listEnrollments(c.get('deps').db, params);
    await recordStaffRead(c, {
      action: 'enrollment.list',
      recordType: 'enrollment',
      after: { page: params.page, enrollmentIds: page.items.map((e) => e.id) },
    });
    noStore(c);
    return c.json(page);
  })
  .post('/training/enrollments/:id/review', manage, validate('param', trainingIdParam), body(enrollmentReviewInput), async (c) => {
    const row = await reviewEnrollmentFromConsole(c.get('deps'), consoleAction(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json(row);
  })
  // 200 once done; 202 while the payment service has not answered a refund (the claim is kept).
  .post('/training/enrollments/:id/cancel', manage, validate('param', trainingIdParam), body(enrollmentCancelInput), async (c) => {
    const result = await cancelEnrollmentFromConsole(c.get('deps'), consoleAction(c), c.req.valid('param').id, c.req.valid('json').reason);
    return c.json(result, result.refund.how === 'provider' && result.refund.outcome === 'unconfirmed' ? 202 : 200);
  })
  .post('/training/enrollments/:id/cash-paid', manage, validate('param', trainingIdParam), body(cashPaidInput), async (c) => {
    const row = await markCashPaidFromConsole(c.get('deps'), consoleAction(c), c.req.valid('param').id, c.req.valid('json').receiptNumber);
    return c.json(row);
  })
  // ------------------------------------------------------------ attendance
  .get('/training/attendance', manage, validate('query', attendanceQuery), async (c) => {
    const { cohortId, sessionDate } = c.req.valid('query');
    const { db, clock } = c.get('deps');
    const sheet = await readAttendanceSheet(db, cohortId, sessionDate, clock());
    await recordStaffRead(c, {
      action: 'attendance.read',
      recordType: 'cohort',
      recordId: cohortId,
      after: { sessionDate, enrollmentIds: sheet.students.map((s) => s.enrollmentId) },
    });
    noStore(c);
    return c.json(sheet);
  })
  .put('/training/attendance', manage, body(attendanceInput), async (c) => {
    return c.json(await recordAttendance(consoleAction(c), c.req.valid('json')));
  })
  // ------------------------------------------------------------ certificates
  .get('/training/certificates', manage, async (c) => {
    noStore(c);
    const { db, clock } = c.get('deps');
    return c.json(await listCertificates(db, clock()));
  })
  // ------------------------------------------------------------ course content: sessions
  .get('/training/courses/:courseId/sessions', manage, validate('param', trainingCourseParam), async (c) => {
    noStore(c);
    return c.json(await listSessions(c.get('deps').db, c.req.valid('param').courseId));
  })
  .post('/training/sessions', manage, body(sessionInput), async (c) => {
    return c.json(await createSession(consoleAction(c), c.req.valid('json')), 201);
  })
  .put('/training/sessions/:id', manage, validate('param', trainingIdParam), body(sessionInput), async (c) => {
    return c.json(await updateSession(consoleAction(c), c.req.valid('param').id, c.req.valid('json')));
  })
  .delete('/training/sessions/:id', manage, validate('param', trainingIdParam), async (c) => {
    await deleteSession(consoleAction(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  // ------------------------------------------------------------ course content: announcements
  .get('/training/courses/:courseId/announcements', manage, validate('param', trainingCourseParam), async (c) => {
    noStore(c);
    return c.json(await listAnnouncements(c.get('deps').db, c.req.valid('param').courseId));
  })
  .post('/training/courses/:courseId/announcements', manage, validate('param', trainingCourseParam), body(announcementInput), async (c) => {
    return c.json(await createAnnouncement(consoleAction(c), c.req.valid('param').courseId, c.req.valid('json')), 201);
  })
  .delete('/training/announcements/:id', manage, validate('param', trainingIdParam), async (c) => {
    await deleteAnnouncement(consoleAction(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  // ------------------------------------------------------------ course content: materials
  .get('/training/courses/:courseId/materials', manage, validate('param', trainingCourseParam), async (c) => {
    noStore(c);
    return c.json(await listMaterials(c.get('deps').db, c.req.valid('param').courseId));
  })
  // Multipart with the file in `file`, read as a stream (modules/files/streamed-uploads.ts).
  .post('/training/courses/:courseId/materials', manage, validate('param', trainingCourseParam), async (c) => {
    const upload = await receiveUpload(c.req.raw, MATERIAL_UPLOAD_RULES);
    return c.json(await addMaterial(c.get('deps'), consoleAction(c), c.req.valid('param').courseId, upload), 201);
  })
  .get('/training/materials/:id', manage, validate('param', trainingIdParam), async (c) => {
    const deps = c.get('deps');
    const file = await findMaterialFile(deps.db, c.req.valid('param').id);
    return fileResponse(c, file, await openStoredFile(deps, file), 'attachment');
  })
  .delete('/training/materials/:id', manage, validate('param', trainingIdParam), async (c) => {
    await deleteMaterial(c.get('deps'), consoleAction(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  // ------------------------------------------------------------ grading
  .get('/training/submissions', manage, validate('query', adminSubmissionListQuery), async (c) => {
    const params = c.req.valid('query');
    const page = await listSubmissions(c.get('deps').db, params);
    await recordStaffRead(c, {
      action: 'assessment.list',
      recordType: 'assessment',
      after: { page: params.page, assessmentIds: page.items.map((s) => s.id) },
    });
    noStore(c);
    return c.json(page);
  })
  /** The submitted file; the read is written to the audit trail first, and no trail row means no read. */
  .get('/training/submissions/:id/file', manage, validate('param', trainingIdParam), async (c) => {
    const deps = c.get('deps');
    const submission = await findSubmissionForRead(deps.db, c.req.valid('param').id);
    const file = await findStoredFile(deps.db, submission.fileId);
    if (!file) throw AppError.notFound('This file is not available.');
    await recordStaffRead(c, {
      action: 'assessment.read',
      recordType: 'assessment',
      recordId: submission.id,
      subjectProfileId: submission.profileId,
      after: { fileName: submission.fileName },
    });
    return fileResponse(c, file, await openStoredFile(deps, file), c.req.query('disposition') === 'inline' ? 'inline' : 'attachment');
  })
  .post('/training/submissions/:id/grade', manage, validate('param', trainingIdParam), body(gradeInput), async (c) => {
    return c.json(await gradeSubmission(consoleAction(c), c.req.valid('param').id, c.req.valid('json')));
  });
