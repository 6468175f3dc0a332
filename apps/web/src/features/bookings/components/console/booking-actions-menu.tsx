import { CheckCircle2, CircleCheckBig, UserMinus, UserPlus, XCircle } from 'lucide-react';
import type { AdminBookingRow } from '@ops/shared/schemas/admin-bookings';
import { RowActionsMenu, type RowActionItem } from '@/components/console/row-actions-menu.tsx';

export type BookingAction = 'confirm' | 'complete' | 'cancel' | 'assign' | 'unassign';

const ITEMS: Record<BookingAction, RowActionItem> = {
  confirm: { label: 'Confirm', Icon: CheckCircle2 },
  complete: { label: 'Complete', Icon: CircleCheckBig },
  cancel: { label: 'Cancel booking', Icon: XCircle, destructive: true },
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
  return <RowActionsMenu name={booking.reference} actions={actions} items={ITEMS} busy={busy} onAction={onAction} />;
}
