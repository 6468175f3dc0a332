import type { ReactNode } from 'react';
import { CircleCheck, CircleX, Undo2 } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import type { PaymentDto } from '@ops/shared/schemas/payments';
import { Button } from '@/components/ui/button.tsx';

export const PAYMENT_FAILED_FALLBACK = 'Payment failed. Please try again.';
export const REFUNDED_FALLBACK = 'The time you chose was no longer free when the payment arrived, so it is being refunded in full.';

interface OutcomeProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** A form of next steps under the message (paying again). */
  next?: ReactNode;
  actions?: ReactNode;
}

function Outcome({ icon, title, children, next, actions }: OutcomeProps) {
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center">
      <div className="grid justify-items-center gap-3" role="status" aria-live="polite">
        {icon}
        <h3 className="text-xl font-semibold">{title}</h3>
        <div className="max-w-sm text-sm text-muted-foreground">{children}</div>
      </div>
      {next ? <div className="mt-2 w-full max-w-sm">{next}</div> : null}
      {actions ? <div className="mt-2 flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">{actions}</div> : null}
    </div>
  );
}

export function PaymentSucceeded({ payment }: { payment: PaymentDto }) {
  return (
    <Outcome icon={<CircleCheck className="size-12 text-success" aria-hidden="true" />} title="Thank you! Payment Successful!">
      <p>
        {formatKes(payment.amount)} received. Booking {payment.bookingReference} is confirmed and an SMS confirmation is on its way.
      </p>
    </Outcome>
  );
}

interface PaymentFailedProps {
  reason: string;
  /** 'Retry Payment': back to choosing how to pay. */
  onRetry?: (() => void) | undefined;
  /** Ways to pay again on the spot instead (an M-Pesa prompt that did not go through). */
  next?: ReactNode;
  onCancel: () => void;
}

export function PaymentFailed({ reason, onRetry, next, onCancel }: PaymentFailedProps) {
  return (
    <Outcome
      icon={<CircleX className="size-12 text-destructive" aria-hidden="true" />}
      title="Payment Failed"
      next={next}
      actions={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          {onRetry ? (
            <Button variant="accent" onClick={onRetry}>
              Retry Payment
            </Button>
          ) : null}
        </>
      }
    >
      <p>{reason}</p>
    </Outcome>
  );
}

export function PaymentRefunded({ reason, onClose }: { reason: string; onClose: () => void }) {
  return (
    <Outcome
      icon={<Undo2 className="size-12 text-muted-foreground" aria-hidden="true" />}
      title="Payment Refunded"
      actions={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p>{reason}</p>
    </Outcome>
  );
}
