import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GuardListDto, GuardListParams } from '@ops/shared/schemas/guards';
import { api } from '@/lib/api-client.ts';

/** Any subset of the list's parameters; what is left out the server fills in with its defaults. */
export type GuardListRequest = Partial<GuardListParams>;

/** Only the parameters given are sent; the server checks every one. */
export function guardListSearch(query: GuardListRequest): string {
  const search = new URLSearchParams();
  if (query.specialization) search.set('specialization', query.specialization);
  if (query.available !== undefined) search.set('available', String(query.available));
  if (query.highRisk !== undefined) search.set('highRisk', String(query.highRisk));
  if (query.certified !== undefined) search.set('certified', String(query.certified));
  if (query.sort) search.set('sort', query.sort);
  if (query.page !== undefined) search.set('page', String(query.page));
  if (query.pageSize !== undefined) search.set('pageSize', String(query.pageSize));
  return search.toString();
}

export function getGuards(query: GuardListRequest, signal?: AbortSignal): Promise<GuardListDto> {
  const search = guardListSearch(query);
  return api.get<GuardListDto>(search ? `/api/guards?${search}` : '/api/guards', { signal });
}

export const guardsQueryOptions = (query: GuardListRequest) =>
  queryOptions({
    queryKey: ['guards', 'list', query],
    queryFn: ({ signal }) => getGuards(query, signal),
  });

/** The page shown stays on screen while the next one loads, so paging and filtering don't flash. */
export function useGuards(query: GuardListRequest, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...guardsQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
