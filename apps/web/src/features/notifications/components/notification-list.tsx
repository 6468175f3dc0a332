import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BellOff, CheckCheck } from 'lucide-react';
import type { NotificationDto } from '@ops/shared/schemas/notifications';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatRelativeTime } from '@/lib/format-date.ts';
import { cn } from '@/lib/utils.ts';
import type { NotificationsPanel } from '../hooks/use-notifications-panel.ts';

interface NotificationListProps {
  panel: NotificationsPanel;
  /** Called after following a notification's link (to close the popover or drawer). */
  onNavigate?: () => void;
  title?: ReactNode;
}

function ItemBody({ notification }: { notification: NotificationDto }) {
  return (
    <>
      <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', notification.read ? 'bg-transparent' : 'bg-accent')} aria-hidden="true" />
      <span className="grid min-w-0 gap-0.5">
        {notification.read ? null : <span className="sr-only">Unread: </span>}
        <span className={cn('text-sm break-words', !notification.read && 'font-semibold')}>{notification.message}</span>
        <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
          {formatRelativeTime(notification.createdAt)}
        </time>
      </span>
    </>
  );
}

export function NotificationList({ panel, onNavigate, title }: NotificationListProps) {
  const { notifications } = panel;
  const itemClass = 'flex w-full gap-3 px-4 py-3 text-left';

  let body: ReactNode;
  if (notifications.isPending) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner label="Loading notifications" />
      </div>
    );
  } else if (notifications.isError) {
    body = <p className="px-4 py-8 text-center text-sm text-muted-foreground">Notifications could not be loaded.</p>;
  } else if (notifications.data.items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
        <BellOff className="size-6" aria-hidden="true" />
        <p>No notifications yet</p>
      </div>
    );
  } else {
    body = (
      <ul aria-label="Latest notifications" className="max-h-96 divide-y overflow-y-auto">
        {notifications.data.items.map((notification) => (
          <li key={notification.id}>
            {notification.link?.startsWith('/') ? (
              <Link
                to={notification.link}
                className={cn(itemClass, 'hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring')}
                onClick={() => {
                  panel.onSelect(notification);
                  onNavigate?.();
                }}
              >
                <ItemBody notification={notification} />
              </Link>
            ) : (
              <div className={itemClass}>
                <ItemBody notification={notification} />
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="grid">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2">
        {title ?? <h2 className="font-semibold">Notifications</h2>}
        <Button variant="ghost" size="sm" disabled={!panel.canMarkAllRead || panel.markingAllRead} onClick={panel.markAllRead}>
          <CheckCheck aria-hidden="true" />
          Mark all read
        </Button>
      </div>
      {body}
    </div>
  );
}
