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

export const NOT_REFUNDED_NOTE = "The client's payment is not refunded by cancelling; refund it from Payments.";

interface CancelBookingDialogProps {
  /** null: closed. */
  booking: AdminBookingRow | null;
  busy: boolean;
  onConfirm: (booking: AdminBookingRow) => void;
  onClose: () => void;
}

/** Asks before cancelling: the client and the guards are told, and a paid booking's money stays where it is. */
export function CancelBookingDialog({ booking, busy, onConfirm, onClose }: CancelBookingDialogProps) {
  return (
    <AlertDialog open={booking !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        {booking ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Cancel booking {booking.reference}?</AlertDialogTitle>
              <AlertDialogDescription>
                The client and the booking&apos;s guards are told it is off, and the guards&apos; time is freed.
                {booking.paymentStatus === 'paid' ? ` ${NOT_REFUNDED_NOTE}` : ''}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={busy}>Keep booking</AlertDialogCancel>
              <Button variant="destructive" disabled={busy} onClick={() => onConfirm(booking)}>
                {busy ? 'Cancelling...' : 'Cancel booking'}
              </Button>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
