import type { AdminBookingRow } from '@ops/shared/schemas/admin-bookings';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
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
    <AlertDialog open={booking !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        {booking ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Complete booking {booking.reference}?</AlertDialogTitle>
              <AlertDialogDescription>
                {booking.serviceLabel} for {booking.client.companyName ?? booking.client.fullName} in {booking.area}, ending{' '}
                {formatNairobiDateTime(booking.endTime)}, with {booking.guards.length} of {booking.teamSize} guard{booking.teamSize === 1 ? '' : 's'}.{' '}
                {COMPLETE_CANNOT_BE_UNDONE}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={busy}>Not yet</AlertDialogCancel>
              <Button disabled={busy} onClick={() => onConfirm(booking)}>
                {busy ? 'Completing...' : 'Complete booking'}
              </Button>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
