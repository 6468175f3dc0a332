import { useState } from 'react';
import { XCircle } from 'lucide-react';
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
import { isApiError } from '@/lib/api-client.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';

export const CANCEL_BOOKING = 'Cancel booking';
export const CANCEL_FAILED = 'Could not cancel the booking';
const CANCEL_FALLBACK = 'Please try again in a moment.';

interface CancelUnpaidBookingProps {
  booking: { id: string; reference: string };
  /** After the booking is cancelled (the list is read again either way). */
  onCancelled?: () => void;
}

/** 'Cancel booking' for a booking still waiting for payment: asks first, then releases the guard's time. */
export function CancelUnpaidBooking({ booking, onCancelled }: CancelUnpaidBookingProps) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelBooking();
  const confirm = async () => {
    try {
      await cancel.mutateAsync({ id: booking.id });
      setOpen(false);
      notifySuccess('Booking cancelled', `Booking ${booking.reference} is cancelled and the guard's time is free again. Nothing was charged.`);
      onCancelled?.();
    } catch (error) {
      setOpen(false);
      notifyFailure(CANCEL_FAILED, isApiError(error) && error.status > 0 ? error.message : CANCEL_FALLBACK);
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <XCircle aria-hidden="true" />
        {CANCEL_BOOKING}
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel booking {booking.reference}?</AlertDialogTitle>
          <AlertDialogDescription>
            The guard&apos;s time is released at once and nothing is charged. If a payment for it still goes through, the money is sent back to you.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep booking</AlertDialogCancel>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => void confirm()}>
            {cancel.isPending ? 'Cancelling…' : CANCEL_BOOKING}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
