import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnGuardProfileDto, UpdateGuardProfileData } from '@ops/shared/schemas/guards';
import { api } from '@/lib/api-client.ts';
import { OWN_GUARD_PROFILE_QUERY_KEY } from './get-own-guard-profile.ts';

/** Rates go as typed with their currency; the server stores whole KES (USD × 145). */
export function updateOwnGuardProfile(body: UpdateGuardProfileData): Promise<OwnGuardProfileDto> {
  return api.put<OwnGuardProfileDto>('/api/guards/me/profile', body);
}

export function useUpdateOwnGuardProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwnGuardProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(OWN_GUARD_PROFILE_QUERY_KEY, saved);
    },
  });
}
