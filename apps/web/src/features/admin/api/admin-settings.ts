import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettingsDto, PublicSettingsDto, SettingsInput, SystemInfoDto } from '@ops/shared/schemas/settings';
import { api } from '@/lib/api-client.ts';
import { loadPublicSettings, setPublicSettings } from '@/lib/public-settings.ts';
import { uploadFile } from '@/lib/upload-file.ts';

export const SETTINGS_PATH = '/api/admin/settings';
export const LOGO_PATH = '/api/admin/settings/logo';

export const adminSettingsQuery = () =>
  queryOptions({ queryKey: ['admin', 'settings'], queryFn: ({ signal }) => api.get<AdminSettingsDto>(SETTINGS_PATH, { signal }) });

export const systemInfoQuery = () =>
  queryOptions({
    queryKey: ['admin', 'system-info'],
    queryFn: ({ signal }) => api.get<SystemInfoDto>('/api/admin/system-info', { signal }),
    staleTime: 5 * 60_000,
  });

export const useAdminSettings = () => useQuery(adminSettingsQuery());
export const useSystemInfo = () => useQuery(systemInfoQuery());

export const saveSettings = (input: SettingsInput) => api.put<AdminSettingsDto>(SETTINGS_PATH, input);
export const removeLogo = () => api.delete<AdminSettingsDto>(LOGO_PATH);
export const uploadLogo = (file: File) => uploadFile<AdminSettingsDto>({ path: LOGO_PATH, file });

const toPublic = (s: AdminSettingsDto): PublicSettingsDto => ({
  companyName: s.companyName,
  slogan: s.slogan,
  primaryColor: s.primaryColor,
  logoUrl: s.logoUrl,
  maxAdvanceBookingDays: s.maxAdvanceBookingDays,
  defaultBookingDurationHours: s.defaultBookingDurationHours,
});

/**
 * Saved settings are in force at once: the console's copy takes the answer, and the site's header,
 * footer, colour and booking forms take the public part of it (then read it again, past any cache).
 */
function useSettingsSaved() {
  const queryClient = useQueryClient();
  return (saved: AdminSettingsDto) => {
    queryClient.setQueryData(adminSettingsQuery().queryKey, saved);
    setPublicSettings(toPublic(saved));
    void loadPublicSettings(true);
  };
}

export function useSaveSettings() {
  const saved = useSettingsSaved();
  return useMutation({ mutationFn: saveSettings, onSuccess: saved });
}

export function useUploadLogo() {
  const saved = useSettingsSaved();
  return useMutation({ mutationFn: uploadLogo, onSuccess: saved });
}

export function useRemoveLogo() {
  const saved = useSettingsSaved();
  return useMutation({ mutationFn: removeLogo, onSuccess: saved });
}
