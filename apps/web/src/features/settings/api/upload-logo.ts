import { useMutation } from '@tanstack/react-query';
import type { AdminSettingsDto } from '@ops/shared/schemas/settings';
import { uploadFile } from '@/lib/upload-file.ts';
import { useSettingsSaved } from './settings-saved.ts';

export const LOGO_PATH = '/api/admin/settings/logo';

export const uploadLogo = (file: File) => uploadFile<AdminSettingsDto>({ path: LOGO_PATH, file });

export function useUploadLogo() {
  const saved = useSettingsSaved();
  return useMutation({ mutationFn: uploadLogo, onSuccess: saved });
}
