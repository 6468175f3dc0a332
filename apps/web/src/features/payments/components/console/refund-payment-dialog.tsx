import { formatKes } from '@ops/shared/money';
import type { AdminPaymentRow } from '@ops/shared/schemas/admin-payments';
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
    <AlertDialog open={payment !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent>
        {payment ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Refund {formatKes(payment.refundAmount)}?</AlertDialogTitle>
              <AlertDialogDescription>
                {payment.client.fullName} gets back {formatKes(payment.refundAmount)}, 95% of the {formatKes(payment.amount)} paid for booking{' '}
                {payment.bookingReference}, through the payment service. The booking is cancelled and the client is told once the payment service accepts
                the refund.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={busy}>Keep payment</AlertDialogCancel>
              <Button variant="destructive" disabled={busy} onClick={() => onConfirm(payment)}>
                {busy ? 'Refunding...' : `Refund ${formatKes(payment.refundAmount)}`}
              </Button>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
