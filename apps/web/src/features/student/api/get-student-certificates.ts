import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentCertificateDto } from '@ops/shared/schemas/certificates';
import { api } from '@/lib/api-client.ts';

/** The signed-in student's certificates, newest first. */
export function getStudentCertificates(signal?: AbortSignal): Promise<StudentCertificateDto[]> {
  return api.get<StudentCertificateDto[]>('/api/student/certificates', { signal });
}

export const studentCertificatesQueryOptions = () =>
  queryOptions({
    queryKey: ['student', 'certificates'],
    queryFn: ({ signal }) => getStudentCertificates(signal),
  });

export function useStudentCertificates() {
  return useQuery(studentCertificatesQueryOptions());
}
