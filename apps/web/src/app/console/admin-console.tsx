import type { ProfileDto } from '@ops/shared/schemas/profiles';
import { ActivityView } from '@/features/admin/components/activity/activity-view.tsx';
import { AdminOverview } from '@/features/admin/components/overview/admin-overview.tsx';
import { BookingsView } from '@/features/bookings/components/console/bookings-view.tsx';
import { ClientsView } from '@/features/clients/components/clients-view.tsx';
import { GuardsView } from '@/features/guards/components/console/guards-view.tsx';
import { OfficerOnboarding } from '@/features/guards/components/onboarding/officer-onboarding.tsx';
import { BroadcastView } from '@/features/notifications/components/broadcasts/broadcast-view.tsx';
import { PaymentsView } from '@/features/payments/components/console/payments-view.tsx';
import { SettingsView } from '@/features/settings/components/settings-view.tsx';
import { TodayBoard } from '@/features/shifts/components/console/today-board.tsx';
import { viewLabel } from './admin-nav.ts';
import { AdminShell } from './admin-shell.tsx';
import { TrainingView } from './training-view.tsx';
import { useConsoleView, type ConsoleView } from './use-console-view.ts';

function ViewContent({ view }: { view: ConsoleView }) {
  switch (view) {
    case 'overview':
      return <AdminOverview />;
    case 'onboarding':
      return <OfficerOnboarding />;
    case 'guards':
      return <GuardsView />;
    case 'activity':
      return <ActivityView />;
    case 'clients':
      return <ClientsView />;
    case 'today':
      return <TodayBoard />;
    case 'bookings':
      return <BookingsView />;
    case 'payments':
      return <PaymentsView />;
    case 'notifications':
      return <BroadcastView />;
    case 'settings':
      return <SettingsView />;
    case 'training':
      return <TrainingView />;
  }
}

/** The admin console: one page whose view, search, filters and page live in the address. */
export function AdminConsole({ profile }: { profile: ProfileDto }) {
  const [view, setView] = useConsoleView();
  return (
    <AdminShell profile={profile} view={view} onViewChange={setView}>
      {/* Officer Onboarding titles itself (with its tab counts). */}
      {view === 'onboarding' ? null : <h2 className="text-xl font-semibold">{viewLabel(view)}</h2>}
      {/* A new view starts fresh: its own search box, dialogs and scroll. */}
      <ViewContent key={view} view={view} />
    </AdminShell>
  );
}
