import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceInput, AttendanceSheet } from '@ops/shared/schemas/admin-attendance';
import { api } from '@/lib/api-client.ts';
import { attendanceSheetQueryKey } from './get-attendance-sheet.ts';
import { TRAINING_BASE } from './training-api.ts';

export function saveAttendance(input: AttendanceInput): Promise<AttendanceSheet> {
  return api.put<AttendanceSheet>(`${TRAINING_BASE}/attendance`, input);
}

/** The saved day is the sheet shown: the answer takes its place, with no second read. */
export function useSaveAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAttendance,
    onSuccess: (sheet) => queryClient.setQueryData(attendanceSheetQueryKey(sheet.cohortId, sheet.sessionDate), sheet),
  });
}
