import { useMutation } from '@tanstack/react-query';
import type { AdminSettingsDto, SettingsInput } from '@ops/shared/schemas/settings';
import { api } from '@/lib/api-client.ts';
import { SETTINGS_PATH } from './get-admin-settings.ts';
import { useSettingsSaved } from './settings-saved.ts';

export const saveSettings = (input: SettingsInput) => api.put<AdminSettingsDto>(SETTINGS_PATH, input);

export function useSaveSettings() {
  const saved = useSettingsSaved();
  return useMutation({ mutationFn: saveSettings, onSuccess: saved });
}
