/**
 * The student dashboard: what a signed-in person sees of their own enrolments, their courses'
 * sessions, materials and announcements, and their submissions. Nothing here changes an
 * enrolment; it only reads them.
 */
import { holdsSeat, SEAT_HOLDING_STATUSES } from '@ops/shared/domain/enrollment-status';
import type {
  StudentAnnouncementDto,
  StudentAssessmentDto,
  StudentEnrollmentDto,
  StudentMaterialDto,
  StudentOverviewDto,
  StudentSessionDto,
} from '@ops/shared/schemas/student';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findStoredFile, type StoredFileRow } from '../files/files.service.ts';
import { COURSE_MATERIALS_BUCKET } from './materials.repo.ts';
import {
  countAssessments,
  countSessionsBetween,
  findFullName,
  findOwnAssessment,
  holdsEnrollmentIn,
  listAnnouncements,
  listAssessments,
  listMaterials,
  listSessionsFrom,
  listStudentEnrollments,
  type EnrollmentStatus,
  type StudentAssessmentRow,
  type StudentEnrollmentRow,
  type StudentScope,
} from './student.repo.ts';

/**
 * The enrolments that open a course's sessions, materials and submissions: those holding a seat,
 * from 'pending' (awaiting review or payment) to 'completed'; a rejected or cancelled one opens nothing.
 */
export const ACCESS_STATUSES: readonly EnrollmentStatus[] = SEAT_HOLDING_STATUSES;
export const hasAccess = (status: EnrollmentStatus): boolean => holdsSeat(status);
/** Active Courses: holding a seat and not yet completed. */
const isActive = (status: EnrollmentStatus): boolean => hasAccess(status) && status !== 'completed';

export const UPCOMING_DAYS = 30;
const SCHEDULE_LIMIT = 10;
const ANNOUNCEMENT_LIMIT = 10;
const MATERIAL_LIMIT = 200;
const ASSESSMENT_LIMIT = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

export const materialUrl = (fileId: string) => `/api/student/materials/${fileId}`;
export const assessmentFileUrl = (assessmentId: string) => `/api/student/assessments/${assessmentId}/file`;

function scopeOf(rows: StudentEnrollmentRow[]): StudentScope {
  const open = rows.filter((row) => hasAccess(row.status));
  return { courseIds: [...new Set(open.map((row) => row.courseId))], cohortIds: [...new Set(open.map((row) => row.cohortId))] };
}

const enrollmentDto = (row: StudentEnrollmentRow): StudentEnrollmentDto => ({
  ...row,
  hasAccess: hasAccess(row.status),
  createdAt: row.createdAt.toISOString(),
});

export const assessmentDto = ({ fileId: _fileId, submittedAt, ...row }: StudentAssessmentRow): StudentAssessmentDto => ({
  ...row,
  submittedAt: submittedAt.toISOString(),
  fileUrl: assessmentFileUrl(row.id),
});

export async function getStudentOverview(db: Executor, profileId: string, now: Date): Promise<StudentOverviewDto> {
  const [fullName, enrollmentRows, assessmentRows, assessmentCount] = await Promise.all([
    findFullName(db, profileId),
    listStudentEnrollments(db, profileId),
    listAssessments(db, profileId, ASSESSMENT_LIMIT),
    countAssessments(db, profileId),
  ]);
  const scope = scopeOf(enrollmentRows);
  const horizon = new Date(now.getTime() + UPCOMING_DAYS * 86_400_000);
  const any = scope.courseIds.length > 0;
  const [upcomingSessions, sessions, materials, announcements] = any
    ? await Promise.all([
        countSessionsBetween(db, scope, now, horizon),
        listSessionsFrom(db, scope, now, SCHEDULE_LIMIT),
        listMaterials(db, scope.courseIds, MATERIAL_LIMIT),
        listAnnouncements(db, scope, ANNOUNCEMENT_LIMIT),
      ])
    : [0, [], [], []];

  return {
    student: { fullName: fullName ?? '' },
    stats: {
      activeCourses: enrollmentRows.filter((row) => isActive(row.status)).length,
      upcomingSessions,
      assessments: assessmentCount,
    },
    enrollments: enrollmentRows.map(enrollmentDto),
    schedule: sessions.map((row): StudentSessionDto => ({ ...row, startsAt: row.startsAt.toISOString() })),
    materials: materials.map((row): StudentMaterialDto => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      url: materialUrl(row.id),
    })),
    announcements: announcements.map((row): StudentAnnouncementDto => ({ ...row, publishedAt: row.publishedAt.toISOString() })),
    assessments: assessmentRows.map(assessmentDto),
  };
}

/** A course material the student may download: one of a course they hold a seat in. Anything else is 'not found'. */
export async function findReadableMaterial(db: Executor, profileId: string, fileId: string): Promise<StoredFileRow> {
  const notFound = AppError.notFound('No such material.');
  if (!isUuid(fileId)) throw notFound;
  const file = await findStoredFile(db, fileId);
  if (!file || file.bucket !== COURSE_MATERIALS_BUCKET || !file.courseId) throw notFound;
  if (!(await holdsEnrollmentIn(db, profileId, file.courseId, ACCESS_STATUSES))) throw notFound;
  return file;
}

/** The file of one of the student's own submissions. */
export async function findOwnAssessmentFile(db: Executor, profileId: string, assessmentId: string): Promise<StoredFileRow> {
  const notFound = AppError.notFound('No such submission.');
  if (!isUuid(assessmentId)) throw notFound;
  const assessment = await findOwnAssessment(db, profileId, assessmentId);
  const file = assessment && (await findStoredFile(db, assessment.fileId));
  if (!file) throw notFound;
  return file;
}
