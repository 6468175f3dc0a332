import type { ReactNode } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';
import type { NotificationsPanel } from '../hooks/use-notifications-panel.ts';
import { NotificationList } from './notification-list.tsx';

interface NotificationsPopoverProps {
  panel: NotificationsPanel;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell button, which the popover anchors to and toggles. */
  trigger: ReactNode;
}

/** The latest notifications under the bell; loaded when the bell is first opened. */
export function NotificationsPopover({ panel, open, onOpenChange, trigger }: NotificationsPopoverProps) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent aria-label="Notifications" className="p-0">
        <NotificationList panel={panel} onNavigate={() => onOpenChange(false)} />
      </PopoverContent>
    </Popover>
  );
}
