import { lazy, Suspense, useState } from 'react';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';
import { notificationsLabel, useNotificationsPanel } from '../hooks/use-notifications-panel.ts';
import { UnreadBadge } from './unread-badge.tsx';

const loadPopover = () => import('./notifications-popover.tsx');
const NotificationsPopover = lazy(() => loadPopover().then((m) => ({ default: m.NotificationsPopover })));

/**
 * The bell in the top bar: the unread count, and the latest notifications in a popover. The
 * popover's code is fetched when a pointer or focus comes to the bell, and it is first shown
 * when the bell is pressed; until then the bell is a plain button.
 */
export function NotificationsBell({ className }: { className?: string }) {
  const panel = useNotificationsPanel();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadPopover();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) panel.onOpen();
    else panel.onClose();
  };

  const bell = (
    <Button
      variant="ghost"
      size="icon"
      aria-label={notificationsLabel(panel.unreadCount)}
      aria-haspopup="dialog"
      aria-expanded={wanted ? undefined : false}
      className={cn('relative', className)}
      onPointerEnter={preload}
      onTouchStart={preload}
      onFocus={preload}
      onClick={
        wanted
          ? undefined
          : () => {
              setWanted(true);
              onOpenChange(true);
            }
      }
    >
      <Bell className="size-5" aria-hidden="true" />
      <UnreadBadge count={panel.unreadCount} className="absolute -top-0.5 -right-0.5" />
    </Button>
  );

  if (!wanted) return bell;
  return (
    <Suspense fallback={bell}>
      <NotificationsPopover panel={panel} open={open} onOpenChange={onOpenChange} trigger={bell} />
    </Suspense>
  );
}
