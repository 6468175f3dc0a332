import { useEffect, useState, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { PaymentPanel, type PayableBooking } from './payment-panel.tsx';

/** After payment the dialog shows its thanks for this long, then closes. */
export const CLOSE_AFTER_PAYMENT_MS = 1000;

interface CompletePaymentDialogProps {
  /** The booking to pay; null: closed. Kept by the page, so a refreshed list cannot close it early. */
  booking: PayableBooking | null;
  defaultPhone?: string | null | undefined;
  onClose: () => void;
  /** Shown under the choice of payment (the dashboard's 'Cancel booking'). */
  footer?: ReactNode;
}

function CompletePayment({ booking, defaultPhone, onClose, footer }: CompletePaymentDialogProps & { booking: PayableBooking }) {
  const [paid, setPaid] = useState(false);
  useEffect(() => {
    if (!paid) return;
    const timer = setTimeout(onClose, CLOSE_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [paid, onClose]);

  return (
    <>
      <DialogHeader>
        <DialogTitle>Complete Payment</DialogTitle>
        <DialogDescription>Your booking is confirmed once it is paid.</DialogDescription>
      </DialogHeader>
      <PaymentPanel booking={booking} defaultPhone={defaultPhone} onPaid={() => setPaid(true)} onCancel={onClose} footer={footer} />
    </>
  );
}

/** 'Complete Payment' for a booking still waiting for its payment: the payment step on its own. */
export function CompletePaymentDialog({ booking, defaultPhone, onClose, footer }: CompletePaymentDialogProps) {
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[96dvh] max-w-lg">
        {booking ? <CompletePayment key={booking.id} booking={booking} defaultPhone={defaultPhone} onClose={onClose} footer={footer} /> : null}
      </DialogContent>
    </Dialog>
  );
}
