import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAdminSettings } from '../api/get-admin-settings.ts';
import { RolesCard } from './roles-card.tsx';
import { SettingsForm } from './settings-form.tsx';
import { SystemInfoCard } from './system-info-card.tsx';

/** Settings: branding and system configuration (saved and in force at once), role management, system info. */
export function SettingsView() {
  const settings = useAdminSettings();
  return (
    <div className="grid gap-6">
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The settings could not be loaded. Please reload the page.
        </p>
      ) : (
        <div role="status" aria-label="Loading settings">
          <Skeleton className="h-96 w-full" />
        </div>
      )}
      <RolesCard />
      <SystemInfoCard />
    </div>
  );
}
