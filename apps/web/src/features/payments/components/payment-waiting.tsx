import { useEffect, type ReactNode } from 'react';
import { ExternalLink, LoaderCircle, RefreshCw } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import type { PaymentDto } from '@ops/shared/schemas/payments';
import { Button } from '@/components/ui/button.tsx';
import { isPaymentUnsettled, usePaymentStatus } from '../api/get-payment.ts';

interface PaymentWaitingProps {
  payment: PaymentDto;
  /** Called once the server says the payment is settled (paid, failed or refunded). */
  onSettled: (payment: PaymentDto) => void;
  /** Why this is not the payment the client just asked for. */
  note?: string | undefined;
  /** Other ways to pay, offered once confirmation is taking long. */
  retry?: ReactNode;
}

function instruction(payment: PaymentDto): string {
  if (payment.method === 'mpesa' && payment.provider === 'sandbox') {
    return 'Check your phone and enter your M-Pesa PIN. In this test mode, the test checkout page that opened stands in for your phone.';
  }
  if (payment.method === 'mpesa') return 'Check your phone and enter your M-Pesa PIN';
  return 'Complete the payment on the secure checkout page that opened in a new tab.';
}

/** The pending state: what to do now, while the server is asked every few seconds. */
export function PaymentWaiting({ payment, onSettled, note, retry }: PaymentWaitingProps) {
  const status = usePaymentStatus(payment.id);
  const latest = status.payment ?? payment;

  useEffect(() => {
    if (!isPaymentUnsettled(latest.status)) onSettled(latest);
  }, [latest, onSettled]);

  const waiting = (
    <div className="grid justify-items-center gap-4 py-4 text-center" role="status" aria-live="polite">
      <LoaderCircle className="size-10 animate-spin text-primary" aria-hidden="true" />
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">Waiting for payment…</h3>
        <p className="text-sm text-muted-foreground">
          {formatKes(payment.amount)} for booking {payment.bookingReference}
        </p>
      </div>
      {note ? <p className="max-w-sm rounded-lg border border-accent bg-accent/10 p-3 text-sm">{note}</p> : null}
      <p className="max-w-sm text-sm">{instruction(payment)}</p>
      {payment.checkoutUrl ? (
        <Button asChild variant="outline">
          <a href={payment.checkoutUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Open the payment page
          </a>
        </Button>
      ) : null}
      {status.timedOut ? (
        <div className="grid justify-items-center gap-2 rounded-lg border bg-muted p-4">
          <p className="text-sm font-medium">We have not received confirmation yet</p>
          <p className="text-xs text-muted-foreground">If you have paid, it can take a few minutes to reach us.</p>
          <Button variant="outline" size="sm" onClick={status.checkAgain} disabled={status.isChecking}>
            <RefreshCw aria-hidden="true" />
            Check again
          </Button>
        </div>
      ) : null}
    </div>
  );
  if (!status.timedOut || !retry) return waiting;
  return (
    <div className="grid justify-items-center gap-4">
      {waiting}
      <div className="w-full max-w-sm">{retry}</div>
    </div>
  );
}
