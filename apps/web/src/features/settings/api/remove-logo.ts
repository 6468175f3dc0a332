import { useMutation } from '@tanstack/react-query';
import type { AdminSettingsDto } from '@ops/shared/schemas/settings';
import { api } from '@/lib/api-client.ts';
import { LOGO_PATH } from './upload-logo.ts';
import { useSettingsSaved } from './settings-saved.ts';

export const removeLogo = () => api.delete<AdminSettingsDto>(LOGO_PATH);

export function useRemoveLogo() {
  const saved = useSettingsSaved();
  return useMutation({ mutationFn: removeLogo, onSuccess: saved });
}
