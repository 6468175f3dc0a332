import { useId, useState } from 'react';
import { Bell, ChevronDown } from 'lucide-react';
import { cn } from '@/lib/utils.ts';
import { notificationsLabel, useNotificationsPanel } from '../hooks/use-notifications-panel.ts';
import { NotificationList } from './notification-list.tsx';
import { UnreadBadge } from './unread-badge.tsx';

interface NotificationsDrawerSectionProps {
  /** Closes the drawer after a notification's link was followed. */
  onNavigate: () => void;
  className?: string;
}

/** In the mobile drawer the list opens in place: no popover on top of a drawer on a small screen. */
export function NotificationsDrawerSection({ onNavigate, className }: NotificationsDrawerSectionProps) {
  const panel = useNotificationsPanel();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();

  const toggle = () => {
    const next = !expanded;
    setExpanded(next);
    if (next) panel.onOpen();
    else panel.onClose();
  };

  return (
    <div className="grid">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-label={notificationsLabel(panel.unreadCount)}
        onClick={toggle}
        className={className}
      >
        <Bell className="size-5 text-muted-foreground" aria-hidden="true" />
        Notifications
        <UnreadBadge count={panel.unreadCount} />
        <ChevronDown className={cn('ml-auto size-4 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
      </button>
      {expanded ? (
        <div id={listId} className="mt-1 rounded-md border">
          <NotificationList panel={panel} onNavigate={onNavigate} title={<span className="sr-only">Notifications</span>} />
        </div>
      ) : null}
    </div>
  );
}
