import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { CircleCheck, CircleX, Clock, RefreshCw, SearchX, Undo2 } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import type { PaymentDto } from '@ops/shared/schemas/payments';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-context.tsx';
import { isPaymentUnsettled, usePaymentStatus } from '../api/get-payment.ts';
import { PAYMENT_FAILED_FALLBACK, REFUNDED_FALLBACK } from './payment-outcome.tsx';
import { PaymentPanel } from './payment-panel.tsx';
import { PaymentResultCard } from './payment-result-card.tsx';

/** The spinner stays at least this long, so a quick answer does not flash past. */
export const MIN_VERIFYING_MS = 2000;

interface PaymentVerificationProps {
  paymentId: string;
  trackingId?: string | null;
  /** A retried payment was confirmed: show that one. */
  onRetryPaid: (payment: PaymentDto) => void;
}

function Receipt({ payment }: { payment: PaymentDto }) {
  return (
    <dl className="mx-auto grid w-full max-w-sm gap-2 rounded-lg bg-muted p-4 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Booking reference</dt>
        <dd className="font-semibold">{payment.bookingReference}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Amount paid</dt>
        <dd className="font-semibold">{formatKes(payment.amount)}</dd>
      </div>
    </dl>
  );
}

/** /booking-success: asks the server until the payment is settled, then says how it went. */
export function PaymentVerification({ paymentId, trackingId, onRetryPaid }: PaymentVerificationProps) {
  const status = usePaymentStatus(paymentId, { trackingId });
  const { profile } = useAuth();
  const [minimumShown, setMinimumShown] = useState(false);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMinimumShown(true), MIN_VERIFYING_MS);
    return () => clearTimeout(timer);
  }, []);

  const { payment, error } = status;
  if (!payment && isApiError(error) && error.status >= 400 && error.status < 500) {
    return (
      <PaymentResultCard
        icon={<SearchX className="size-12 text-muted-foreground" aria-hidden="true" />}
        title="Payment Not Found"
        description="We could not find this payment on your account."
      />
    );
  }
  if (!minimumShown || (!payment && !error) || (payment && isPaymentUnsettled(payment.status) && !status.timedOut)) {
    return <LoadingMessage text="Verifying your payment..." className="min-h-[40vh]" />;
  }
  if (!payment || isPaymentUnsettled(payment.status)) {
    return (
      <PaymentResultCard
        icon={<Clock className="size-12 text-accent-text" aria-hidden="true" />}
        title="We have not received confirmation yet"
        description="If you have paid, it can take a few minutes to reach us. Your booking is held while we wait."
        actions={
          <Button onClick={status.checkAgain} disabled={status.isChecking}>
            <RefreshCw aria-hidden="true" />
            Check again
          </Button>
        }
      />
    );
  }
  if (payment.status === 'paid') {
    return (
      <PaymentResultCard
        icon={<CircleCheck className="size-14 text-success" aria-hidden="true" />}
        title="Payment Successful!"
        description="Thank you. Your booking is confirmed and an SMS confirmation is on its way."
        actions={
          <Button asChild>
            <Link to="/">Home</Link>
          </Button>
        }
      >
        <Receipt payment={payment} />
      </PaymentResultCard>
    );
  }
  if (payment.status === 'failed' && payment.bookingStatus !== 'pending') {
    // Another attempt paid the booking meanwhile, or its hold ran out: nothing is left to retry.
    const paidSince = payment.bookingPaymentStatus === 'paid';
    return (
      <PaymentResultCard
        icon={<CircleX className="size-14 text-muted-foreground" aria-hidden="true" />}
        title="Payment Failed"
        description={payment.failureReason || PAYMENT_FAILED_FALLBACK}
      >
        <p className="text-sm text-muted-foreground">
          {paidSince
            ? `Booking ${payment.bookingReference} has since been paid with another payment.`
            : `Booking ${payment.bookingReference} can no longer be paid. Please make a new booking.`}
        </p>
      </PaymentResultCard>
    );
  }
  if (payment.status === 'failed' && retrying) {
    return (
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Retry Payment</h1>
        </CardHeader>
        <CardContent>
          <PaymentPanel
            booking={{ id: payment.bookingId, reference: payment.bookingReference, price: payment.amount }}
            initialMethod={payment.method}
            defaultPhone={profile?.phone}
            onPaid={onRetryPaid}
            onCancel={() => setRetrying(false)}
          />
        </CardContent>
      </Card>
    );
  }
  if (payment.status === 'failed') {
    return (
      <PaymentResultCard
        icon={<CircleX className="size-14 text-destructive" aria-hidden="true" />}
        title="Payment Failed"
        description={payment.failureReason || PAYMENT_FAILED_FALLBACK}
        actions={<Button onClick={() => setRetrying(true)}>Retry Payment</Button>}
      >
        <p className="text-sm text-muted-foreground">Your booking {payment.bookingReference} shows as Pending Payment until it is paid.</p>
      </PaymentResultCard>
    );
  }
  return (
    <PaymentResultCard
      icon={<Undo2 className="size-12 text-muted-foreground" aria-hidden="true" />}
      title="Payment Refunded"
      description={payment.failureReason || REFUNDED_FALLBACK}
    />
  );
}
