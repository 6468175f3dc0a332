import { useEffect, useEffectEvent, useState } from 'react';
import type { NewBookingDto } from '@ops/shared/schemas/bookings';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { notifySuccess } from '@/lib/notify.ts';
import { bookingHeldWhilePaying } from '../../utils/booking-messages.ts';
import type { RenderPayment } from '../../utils/booking-slots.ts';
import { FormBooking } from './form-booking.tsx';

/** After payment the form waits this long, then goes to the booking-success page. */
export const REDIRECT_AFTER_PAYMENT_MS = 2000;

interface FormBookingFlowProps {
  guardId: string | null;
  renderPayment: RenderPayment;
  /** Payment confirmed and the wait is over. */
  onCompleted: (paymentId: string) => void;
  /** 'Cancel' after a failed payment: the booking stays, pending payment. */
  onCancel: () => void;
}

/** /old-booking: the form, then the payment step for the booking it created. */
export function FormBookingFlow({ guardId, renderPayment, onCompleted, onCancel }: FormBookingFlowProps) {
  const [booking, setBooking] = useState<NewBookingDto | null>(null);
  const [paidId, setPaidId] = useState<string | null>(null);

  const finish = useEffectEvent(onCompleted);
  useEffect(() => {
    if (!paidId) return;
    const timer = setTimeout(() => finish(paidId), REDIRECT_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [paidId]);

  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{booking ? 'Complete Payment' : 'Book Security Services'}</h1>
        <CardDescription>{booking ? bookingHeldWhilePaying(booking) : 'Tell us what you need and see the price as you go.'}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {booking ? (
          renderPayment({ booking, onPaid: (payment) => setPaidId(payment.id), onCancel })
        ) : (
          <FormBooking
            guardId={guardId}
            onCreated={(created) => {
              notifySuccess('Booking created! Please complete payment to confirm your booking.');
              setBooking(created);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
