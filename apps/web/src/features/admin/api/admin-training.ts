import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseValidityInput, TrainingCourseOption } from '@ops/shared/schemas/admin-training';
import type { AdminCohortRow, CohortInput } from '@ops/shared/schemas/admin-cohorts';
import type { AdminEnrollmentPage, AdminEnrollmentRow, EnrollmentCancelInput, EnrollmentCancelResult } from '@ops/shared/schemas/admin-enrollments';
import type { AttendanceInput, AttendanceSheet } from '@ops/shared/schemas/admin-attendance';
import type { AdminAnnouncementRow, AdminMaterialRow, AdminSessionRow, AnnouncementInput, SessionInput } from '@ops/shared/schemas/admin-course-content';
import type { AdminSubmissionPage, AdminSubmissionRow, GradeInput } from '@ops/shared/schemas/admin-grading';
import { api } from '@/lib/api-client.ts';

/** The console's Training view: /api/admin/training/… */
const BASE = '/api/admin/training';
const KEY = ['admin', 'training'] as const;
const enc = encodeURIComponent;

export function useTrainingCourses() {
  return useQuery({
    queryKey: [...KEY, 'courses'],
    queryFn: ({ signal }) => api.get<TrainingCourseOption[]>(`${BASE}/courses`, { signal }),
    staleTime: 60_000,
  });
}

/** Sets how many years a course's certificates hold (null: they do not expire). */
export function useSaveCourseValidity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, input }: { courseId: string; input: CourseValidityInput }) =>
      api.put<TrainingCourseOption>(`${BASE}/courses/${enc(courseId)}/validity`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'courses'] }),
  });
}

// ---------------------------------------------------------------- cohorts

export function useCohorts() {
  return useQuery({ queryKey: [...KEY, 'cohorts'], queryFn: ({ signal }) => api.get<AdminCohortRow[]>(`${BASE}/cohorts`, { signal }) });
}

export type CohortSave = { id: string | null; input: CohortInput };

export function useSaveCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: CohortSave) =>
      id ? api.put<AdminCohortRow>(`${BASE}/cohorts/${enc(id)}`, input) : api.post<AdminCohortRow>(`${BASE}/cohorts`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${BASE}/cohorts/${enc(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

// ---------------------------------------------------------------- enrolments

/** `query` is the table's query string (q, sort, dir, page, pageSize, status, cohortId). */
export function useAdminEnrollments(query: string) {
  return useQuery({
    queryKey: [...KEY, 'enrollments', query],
    queryFn: ({ signal }) => api.get<AdminEnrollmentPage>(`${BASE}/enrollments?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type EnrollmentAction =
  { id: string; action: 'approved' } | { id: string; action: 'rejected'; reason: string } | { id: string; action: 'cash_paid'; receiptNumber: string };

function enrollmentRequest(change: EnrollmentAction): Promise<AdminEnrollmentRow> {
  const path = `${BASE}/enrollments/${enc(change.id)}`;
  if (change.action === 'cash_paid') return api.post<AdminEnrollmentRow>(`${path}/cash-paid`, { receiptNumber: change.receiptNumber });
  if (change.action === 'rejected') return api.post<AdminEnrollmentRow>(`${path}/review`, { decision: 'rejected', reason: change.reason });
  return api.post<AdminEnrollmentRow>(`${path}/review`, { decision: 'approved' });
}

/** Approving, rejecting or recording a cash payment moves seats: cohorts and the overview are read again too. */
export function useEnrollmentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollmentRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Cancels with the reason: frees the seat and gives a paid fee back; payments are read again too. */
export function useCancelEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<EnrollmentCancelResult>(`${BASE}/enrollments/${enc(id)}/cancel`, { reason } satisfies EnrollmentCancelInput),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

// ---------------------------------------------------------------- attendance

export function useAttendanceSheet(cohortId: string, sessionDate: string) {
  return useQuery({
    queryKey: [...KEY, 'attendance', cohortId, sessionDate],
    queryFn: ({ signal }) => api.get<AttendanceSheet>(`${BASE}/attendance?cohortId=${enc(cohortId)}&sessionDate=${enc(sessionDate)}`, { signal }),
    enabled: Boolean(cohortId && sessionDate),
  });
}

export function useSaveAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AttendanceInput) => api.put<AttendanceSheet>(`${BASE}/attendance`, input),
    onSuccess: (sheet) => queryClient.setQueryData([...KEY, 'attendance', sheet.cohortId, sheet.sessionDate], sheet),
  });
}

// ---------------------------------------------------------------- course content

export function useCourseSessions(courseId: string) {
  return useQuery({
    queryKey: [...KEY, 'content', courseId, 'sessions'],
    queryFn: ({ signal }) => api.get<AdminSessionRow[]>(`${BASE}/courses/${enc(courseId)}/sessions`, { signal }),
    enabled: Boolean(courseId),
  });
}

export function useSaveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SessionInput }) =>
      id ? api.put<AdminSessionRow>(`${BASE}/sessions/${enc(id)}`, input) : api.post<AdminSessionRow>(`${BASE}/sessions`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${BASE}/sessions/${enc(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useCourseAnnouncements(courseId: string) {
  return useQuery({
    queryKey: [...KEY, 'content', courseId, 'announcements'],
    queryFn: ({ signal }) => api.get<AdminAnnouncementRow[]>(`${BASE}/courses/${enc(courseId)}/announcements`, { signal }),
    enabled: Boolean(courseId),
  });
}

export function useAddAnnouncement(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) => api.post<AdminAnnouncementRow>(`${BASE}/courses/${enc(courseId)}/announcements`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'content', courseId] }),
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${BASE}/announcements/${enc(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'content'] }),
  });
}

export const materialsUploadPath = (courseId: string) => `${BASE}/courses/${enc(courseId)}/materials`;

export function useCourseMaterials(courseId: string) {
  return useQuery({
    queryKey: [...KEY, 'content', courseId, 'materials'],
    queryFn: ({ signal }) => api.get<AdminMaterialRow[]>(materialsUploadPath(courseId), { signal }),
    enabled: Boolean(courseId),
  });
}

export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${BASE}/materials/${enc(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'content'] }),
  });
}

// ---------------------------------------------------------------- grading

/** `query`: q, sort, dir, page, pageSize and status (ungraded, graded, all). */
export function useAdminSubmissions(query: string) {
  return useQuery({
    queryKey: [...KEY, 'submissions', query],
    queryFn: ({ signal }) => api.get<AdminSubmissionPage>(`${BASE}/submissions?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGradeSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: GradeInput }) => api.post<AdminSubmissionRow>(`${BASE}/submissions/${enc(id)}/grade`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'submissions'] }),
  });
}
