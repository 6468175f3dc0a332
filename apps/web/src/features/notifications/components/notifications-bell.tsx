import { useState } from 'react';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';
import { cn } from '@/lib/utils.ts';
import { notificationsLabel, useNotificationsPanel } from '../hooks/use-notifications-panel.ts';
import { NotificationList } from './notification-list.tsx';
import { UnreadBadge } from './unread-badge.tsx';

/** The bell in the top bar: the unread count, and the latest notifications in a popover. */
export function NotificationsBell({ className }: { className?: string }) {
  const panel = useNotificationsPanel();
  const [open, setOpen] = useState(false);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) panel.onOpen();
    else panel.onClose();
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={notificationsLabel(panel.unreadCount)} className={cn('relative', className)}>
          <Bell className="size-5" aria-hidden="true" />
          <UnreadBadge count={panel.unreadCount} className="absolute -top-0.5 -right-0.5" />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications" className="p-0">
        <NotificationList panel={panel} onNavigate={() => onOpenChange(false)} />
      </PopoverContent>
    </Popover>
  );
}
