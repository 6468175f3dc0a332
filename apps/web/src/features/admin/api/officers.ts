import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminOfficerPage, OfficerRejectInput, OfficerRow, OfficerStageInput } from '@ops/shared/schemas/admin';
import { api } from '@/lib/api-client.ts';

const officerPath = (profileId: string) => `/api/admin/officers/${encodeURIComponent(profileId)}`;

/**
 * One page of a tab's officers, with every tab's count under the same search. `query` is the list's
 * query string (tab, q, sort, dir, page, pageSize) as the console keeps it in the address.
 */
export function getOfficers(query: string, signal?: AbortSignal): Promise<AdminOfficerPage> {
  return api.get<AdminOfficerPage>(`/api/admin/officers?${query}`, { signal });
}

export const officersQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'officers', query],
    queryFn: ({ signal }) => getOfficers(query, signal),
    // The tab labels and rows stay while the next page or tab loads.
    placeholderData: keepPreviousData,
  });

export function useOfficers(query: string) {
  return useQuery(officersQueryOptions(query));
}

/*
 * An officer's change moves tab counts, the Guards table, the profile dialog and the overview's
 * figures: everything under 'admin' is refreshed. The mutation stays pending until the lists the
 * screen shows have reloaded, so a switch does not flick back for a moment.
 */
const refreshConsole = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['admin'] });

/**
 * What the screen says about the outcome. Given to the hook rather than to mutate(): the officer
 * may have left the list (another tab) by the time the lists reload, and the toast must still show.
 */
export interface OfficerActionCallbacks {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
}

export function updateOfficerStage(profileId: string, input: OfficerStageInput): Promise<OfficerRow> {
  return api.patch<OfficerRow>(`${officerPath(profileId)}/stages`, input);
}

export function useUpdateOfficerStage(profileId: string, { onSuccess, onError }: OfficerActionCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfficerStageInput) => updateOfficerStage(profileId, input),
    onSuccess: () => {
      onSuccess?.();
      return refreshConsole(queryClient);
    },
    onError,
  });
}

export function approveOfficer(profileId: string): Promise<OfficerRow> {
  return api.post<OfficerRow>(`${officerPath(profileId)}/approve`);
}

export function useApproveOfficer({ onSuccess, onError }: OfficerActionCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) => approveOfficer(profileId),
    onSuccess: () => {
      onSuccess?.();
      return refreshConsole(queryClient);
    },
    onError,
  });
}

export function rejectOfficer(profileId: string, input: OfficerRejectInput): Promise<OfficerRow> {
  return api.post<OfficerRow>(`${officerPath(profileId)}/reject`, input);
}

export function useRejectOfficer({ onSuccess, onError }: OfficerActionCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, reason }: { profileId: string; reason: string }) => rejectOfficer(profileId, { reason }),
    onSuccess: () => {
      onSuccess?.();
      return refreshConsole(queryClient);
    },
    onError,
  });
}
