import type { AdminBookingRow } from '@ops/shared/schemas/admin-bookings';
import { ConfirmDialog } from '@/components/console/confirm-dialog.tsx';
import { formatNairobiDateTime } from '@/lib/format-console-date.ts';

export const COMPLETE_CANNOT_BE_UNDONE =
  'Completing cannot be undone: the booking counts as done in the revenue, the client may review the guard, and its payment can no longer be refunded.';

interface CompleteBookingDialogProps {
  /** null: closed. */
  booking: AdminBookingRow | null;
  busy: boolean;
  onConfirm: (booking: AdminBookingRow) => void;
  onClose: () => void;
}

/** Asks before completing: naming the booking, when it ends and its guards, since the move cannot be undone. */
export function CompleteBookingDialog({ booking, busy, onConfirm, onClose }: CompleteBookingDialogProps) {
  return (
    <ConfirmDialog
      target={booking}
      busy={busy}
      title={(b) => <>Complete booking {b.reference}?</>}
      description={(b) => (
        <>
          {b.serviceLabel} for {b.client.companyName ?? b.client.fullName} in {b.area}, ending {formatNairobiDateTime(b.endTime)}, with {b.guards.length}{' '}
          of {b.teamSize} guard{b.teamSize === 1 ? '' : 's'}. {COMPLETE_CANNOT_BE_UNDONE}
        </>
      )}
      keep="Not yet"
      confirm={() => 'Complete booking'}
      busyText="Completing..."
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
