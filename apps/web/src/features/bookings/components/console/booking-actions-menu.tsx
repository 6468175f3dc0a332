import { CheckCircle2, CircleCheckBig, MoreHorizontal, UserMinus, UserPlus, XCircle } from 'lucide-react';
import type { AdminBookingRow } from '@ops/shared/schemas/admin-bookings';
import { Button } from '@/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu.tsx';

export type BookingAction = 'confirm' | 'complete' | 'cancel' | 'assign' | 'unassign';

const ITEMS: Record<BookingAction, { label: string; Icon: typeof CheckCircle2 }> = {
  confirm: { label: 'Confirm', Icon: CheckCircle2 },
  complete: { label: 'Complete', Icon: CircleCheckBig },
  cancel: { label: 'Cancel booking', Icon: XCircle },
  assign: { label: 'Assign guards', Icon: UserPlus },
  unassign: { label: 'Remove a guard', Icon: UserMinus },
};

interface BookingActionsMenuProps {
  booking: Pick<AdminBookingRow, 'reference'>;
  /** Only what the server would allow; none: no menu. */
  actions: BookingAction[];
  busy: boolean;
  onAction: (action: BookingAction) => void;
}

/** A booking's actions in one menu, so a narrow table keeps one small button per row. */
export function BookingActionsMenu({ booking, actions, busy, onAction }: BookingActionsMenuProps) {
  if (actions.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={busy} aria-label={`Actions for ${booking.reference}`}>
          <MoreHorizontal aria-hidden="true" />
          Actions
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map((action) => {
          const { label, Icon } = ITEMS[action];
          return (
            <DropdownMenuItem key={action} onSelect={() => onAction(action)} className={action === 'cancel' ? 'text-destructive' : undefined}>
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
