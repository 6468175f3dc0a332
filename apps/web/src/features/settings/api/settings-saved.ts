import { useQueryClient } from '@tanstack/react-query';
import { policyOfSettings, reschedulePolicyOfSettings, type AdminSettingsDto, type PublicSettingsDto } from '@ops/shared/schemas/settings';
import { loadPublicSettings, setPublicSettings } from '@/lib/public-settings.ts';
import { adminSettingsQuery } from './get-admin-settings.ts';

const toPublic = (s: AdminSettingsDto): PublicSettingsDto => ({
  companyName: s.companyName,
  slogan: s.slogan,
  primaryColor: s.primaryColor,
  logoUrl: s.logoUrl,
  maxAdvanceBookingDays: s.maxAdvanceBookingDays,
  defaultBookingDurationHours: s.defaultBookingDurationHours,
  cancellationPolicy: policyOfSettings(s),
  reschedulePolicy: reschedulePolicyOfSettings(s),
});

/**
 * Saved settings are in force at once: the console's copy takes the answer, and the site's header,
 * footer, colour and booking forms take the public part of it (then read it again, past any cache).
 */
export function useSettingsSaved() {
  const queryClient = useQueryClient();
  return (saved: AdminSettingsDto) => {
    queryClient.setQueryData(adminSettingsQuery().queryKey, saved);
    setPublicSettings(toPublic(saved));
    void loadPublicSettings(true);
  };
}
