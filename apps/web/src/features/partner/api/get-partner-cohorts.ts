import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnerCohortList } from '@ops/shared/schemas/partner';
import { api } from '@/lib/api-client.ts';

export const PARTNER_COHORTS_QUERY_KEY = ['partner', 'cohorts'] as const;

/** Every cohort with the evidence a reviewer needs, latest start first. */
export function getPartnerCohorts(signal?: AbortSignal): Promise<PartnerCohortList> {
  return api.get<PartnerCohortList>('/api/partner/cohorts', { signal });
}

export const partnerCohortsQueryOptions = () =>
  queryOptions({
    queryKey: PARTNER_COHORTS_QUERY_KEY,
    queryFn: ({ signal }) => getPartnerCohorts(signal),
  });

export function usePartnerCohorts() {
  return useQuery(partnerCohortsQueryOptions());
}
