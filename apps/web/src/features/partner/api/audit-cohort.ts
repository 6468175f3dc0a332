import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerAuditInput, PartnerCohortDto, PartnerCohortList } from '@ops/shared/schemas/partner';
import { api } from '@/lib/api-client.ts';
import { PARTNER_COHORTS_QUERY_KEY } from './get-partner-cohorts.ts';

/** Marks the cohort EBSSA audited with the partner's optional notes; who and when are the server's. */
export function auditCohort({ cohortId, notes }: { cohortId: string; notes: string }): Promise<PartnerCohortDto> {
  const body: PartnerAuditInput = { notes: notes.trim() || null };
  return api.post<PartnerCohortDto>(`/api/partner/cohorts/${encodeURIComponent(cohortId)}/audit`, body);
}

export function useAuditCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: auditCohort,
    onSuccess: (cohort) => {
      queryClient.setQueryData<PartnerCohortList>(PARTNER_COHORTS_QUERY_KEY, (list) =>
        list ? { items: list.items.map((c) => (c.id === cohort.id ? cohort : c)) } : list,
      );
    },
    // A refusal (someone else audited first) still changes what the list should show.
    onSettled: () => queryClient.invalidateQueries({ queryKey: PARTNER_COHORTS_QUERY_KEY }),
  });
}
