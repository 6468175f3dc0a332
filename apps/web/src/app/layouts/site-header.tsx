import { lazy, Suspense, type ComponentProps } from 'react';
import { Bell } from 'lucide-react';
import { TopNav } from '@/components/layout/top-nav.tsx';

// The bell and its list come with the first signed-in page (with the query cache they read
// through), not with the visitor's home page.
const queryProvider = () => import('../query-provider.tsx').then((m) => m.QueryProvider);

const NotificationsBell = lazy(async () => {
  const [QueryProvider, { NotificationsBell: Bell }] = await Promise.all([
    queryProvider(),
    import('@/features/notifications/components/notifications-bell.tsx'),
  ]);
  return {
    default: (props: ComponentProps<typeof Bell>) => (
      <QueryProvider>
        <Bell {...props} />
      </QueryProvider>
    ),
  };
});
const NotificationsDrawerSection = lazy(async () => {
  const [QueryProvider, { NotificationsDrawerSection: Section }] = await Promise.all([
    queryProvider(),
    import('@/features/notifications/components/notifications-drawer-section.tsx'),
  ]);
  return {
    default: (props: ComponentProps<typeof Section>) => (
      <QueryProvider>
        <Section {...props} />
      </QueryProvider>
    ),
  };
});

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
