import { useQueryClient } from '@tanstack/react-query';
import type { AssessmentUploadFields, StudentAssessmentDto } from '@ops/shared/schemas/student';
import { useFileUpload } from '@/lib/upload-file.ts';
import { STUDENT_OVERVIEW_QUERY_KEY } from './get-student-overview.ts';

export const SUBMIT_ASSESSMENT_PATH = '/api/student/assessments';

/** Hands in one piece of work with its upload progress; the dashboard reloads once it is in. */
export function useSubmitAssessment() {
  const queryClient = useQueryClient();
  const upload = useFileUpload<StudentAssessmentDto>(SUBMIT_ASSESSMENT_PATH);
  const start = async (file: File, fields: AssessmentUploadFields) => {
    const saved = await upload.start(file, fields);
    if (saved) await queryClient.invalidateQueries({ queryKey: STUDENT_OVERVIEW_QUERY_KEY });
    return saved;
  };
  return { ...upload, start };
}
