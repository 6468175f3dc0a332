import type { AdminBookingRow } from '@ops/shared/schemas/admin-bookings';
import { ConfirmDialog } from '@/components/console/confirm-dialog.tsx';

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
    <ConfirmDialog
      target={booking}
      busy={busy}
      destructive
      title={(b) => <>Cancel booking {b.reference}?</>}
      description={(b) => (
        <>
          The client and the booking&apos;s guards are told it is off, and the guards&apos; time is freed.
          {b.paymentStatus === 'paid' ? ` ${NOT_REFUNDED_NOTE}` : ''}
        </>
      )}
      keep="Keep booking"
      confirm={() => 'Cancel booking'}
      busyText="Cancelling..."
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
