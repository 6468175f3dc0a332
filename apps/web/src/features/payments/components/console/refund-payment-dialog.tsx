import { formatKes } from '@ops/shared/money';
import type { AdminPaymentRow } from '@ops/shared/schemas/admin-payments';
import { ConfirmDialog } from '@/components/console/confirm-dialog.tsx';

interface RefundPaymentDialogProps {
  /** null: closed. */
  payment: AdminPaymentRow | null;
  busy: boolean;
  onConfirm: (payment: AdminPaymentRow) => void;
  onClose: () => void;
}

/** Asks before giving money back, with the exact amount: 95% of what was paid, rounded down. */
export function RefundPaymentDialog({ payment, busy, onConfirm, onClose }: RefundPaymentDialogProps) {
  return (
    <ConfirmDialog
      target={payment}
      busy={busy}
      holdWhileBusy
      destructive
      title={(p) => <>Refund {formatKes(p.refundAmount)}?</>}
      description={(p) => (
        <>
          {p.client.fullName} gets back {formatKes(p.refundAmount)}, 95% of the {formatKes(p.amount)} paid for booking {p.bookingReference}, through the
          payment service. The booking is cancelled and the client is told once the payment service accepts the refund.
        </>
      )}
      keep="Keep payment"
      confirm={(p) => `Refund ${formatKes(p.refundAmount)}`}
      busyText="Refunding..."
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
