import { useMutation } from '@tanstack/react-query';
import type { ProfileDto } from '@ops/shared/schemas/profiles';
import { api } from '@/lib/api-client.ts';

/** Phone already normalised (2547XXXXXXXX) or null; companyName only for company accounts. */
export interface UpdateProfileRequest {
  fullName: string;
  phone: string | null;
  companyName?: string | null;
}

export function updateProfile(body: UpdateProfileRequest): Promise<ProfileDto> {
  return api.patch<ProfileDto>('/api/profiles/me', body);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
