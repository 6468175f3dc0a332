import { lazy, Suspense } from 'react';
import { Bell } from 'lucide-react';
import { TopNav } from '@/components/layout/top-nav.tsx';

// The bell and its list come with the first signed-in page, not with the visitor's home page.
const NotificationsBell = lazy(() =>
  import('@/features/notifications/components/notifications-bell.tsx').then((m) => ({ default: m.NotificationsBell })),
);
const NotificationsDrawerSection = lazy(() =>
  import('@/features/notifications/components/notifications-drawer-section.tsx').then((m) => ({
    default: m.NotificationsDrawerSection,
  })),
);

const bellClass = 'text-white/85 hover:bg-white/10 hover:text-white focus-visible:outline-white';

/** The top bar with the notifications feature plugged in (the layout components don't know features). */
export function SiteHeader() {
  return (
    <TopNav
      notificationsBell={
        <Suspense
          fallback={
            <span className={`inline-flex size-10 items-center justify-center ${bellClass}`} aria-hidden="true">
              <Bell className="size-5" />
            </span>
          }
        >
          <NotificationsBell className={bellClass} />
        </Suspense>
      }
      drawerNotifications={({ closeDrawer, itemClassName }) => (
        <Suspense fallback={null}>
          <NotificationsDrawerSection onNavigate={closeDrawer} className={itemClassName} />
        </Suspense>
      )}
    />
  );
}
