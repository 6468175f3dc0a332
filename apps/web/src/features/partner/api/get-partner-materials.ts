import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnerMaterialList } from '@ops/shared/schemas/partner';
import { api } from '@/lib/api-client.ts';

export const PARTNER_MATERIALS_QUERY_KEY = ['partner', 'materials'] as const;

export function getPartnerMaterials(signal?: AbortSignal): Promise<PartnerMaterialList> {
  return api.get<PartnerMaterialList>('/api/partner/materials', { signal });
}

export const partnerMaterialsQueryOptions = () =>
  queryOptions({
    queryKey: PARTNER_MATERIALS_QUERY_KEY,
    queryFn: ({ signal }) => getPartnerMaterials(signal),
  });

export function usePartnerMaterials() {
  return useQuery(partnerMaterialsQueryOptions());
}
