import { useQuery } from '@tanstack/react-query';
import type { ShiftReportDto } from '@ops/shared/schemas/shifts';
import { api } from '@/lib/api-client.ts';

export const reportPdfPath = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/report.pdf`;

export function useShiftReport(bookingId: string) {
  return useQuery({
    queryKey: ['shifts', 'report', bookingId],
    queryFn: ({ signal }) => api.get<ShiftReportDto>(`/api/bookings/${encodeURIComponent(bookingId)}/report`, { signal }),
  });
}
