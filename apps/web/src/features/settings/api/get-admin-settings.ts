import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSettingsDto } from '@ops/shared/schemas/settings';
import { api } from '@/lib/api-client.ts';

export const SETTINGS_PATH = '/api/admin/settings';

/** The company's name, slogan, colour, logo and booking limits, as the console edits them. */
export function getAdminSettings(signal?: AbortSignal): Promise<AdminSettingsDto> {
  return api.get<AdminSettingsDto>(SETTINGS_PATH, { signal });
}

export const adminSettingsQuery = () => queryOptions({ queryKey: ['admin', 'settings'], queryFn: ({ signal }) => getAdminSettings(signal) });

export const useAdminSettings = () => useQuery(adminSettingsQuery());
