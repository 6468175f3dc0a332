import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceSheet } from '@ops/shared/schemas/admin-attendance';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE, TRAINING_KEY } from './training-api.ts';

export const attendanceSheetQueryKey = (cohortId: string, sessionDate: string) => [...TRAINING_KEY, 'attendance', cohortId, sessionDate] as const;

/** A cohort's students on one day, each with their mark and their rate over the cohort. */
export function getAttendanceSheet(cohortId: string, sessionDate: string, signal?: AbortSignal): Promise<AttendanceSheet> {
  const enc = encodeURIComponent;
  return api.get<AttendanceSheet>(`${TRAINING_BASE}/attendance?cohortId=${enc(cohortId)}&sessionDate=${enc(sessionDate)}`, { signal });
}

export const attendanceSheetQueryOptions = (cohortId: string, sessionDate: string) =>
  queryOptions({
    queryKey: attendanceSheetQueryKey(cohortId, sessionDate),
    queryFn: ({ signal }) => getAttendanceSheet(cohortId, sessionDate, signal),
  });

/** Nothing is read until both a cohort and a day are chosen. */
export function useAttendanceSheet(cohortId: string, sessionDate: string) {
  return useQuery({ ...attendanceSheetQueryOptions(cohortId, sessionDate), enabled: Boolean(cohortId && sessionDate) });
}
