import { useEffect, type ReactNode } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import type { EnrollmentDto } from '@ops/shared/schemas/enrollments';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/utils.ts';
import { openCheckout, useEnrollment } from '../api/enroll.ts';
import {
  CASH_SUCCESS,
  CHECK_PHONE,
  day,
  ENROLL_DIALOG_FAILED,
  INTASEND_SUCCESS,
  PAID_MESSAGE,
  REDIRECT_DELAY_MS,
  type Outcome,
} from './enrollment-outcome.ts';

/** What the dialog says once the enrolment is sent: the cash steps, the wait for M-Pesa, or the move to the payment page. */
export function EnrollResult({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  useEffect(() => {
    if (outcome.kind !== 'redirect' || outcome.enrollment.next.kind !== 'checkout') return;
    const url = outcome.enrollment.next.url;
    const timer = setTimeout(() => openCheckout(url), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  if (outcome.kind === 'failed') return <Result ok={false} message={outcome.message} onClose={onClose} />;
  if (outcome.kind === 'redirect') return <Result ok message={INTASEND_SUCCESS} onClose={onClose} />;
  if (outcome.kind === 'phone') return <WaitingForPhone enrollment={outcome.enrollment} onClose={onClose} />;
  const deadline = outcome.enrollment.paymentDeadline;
  return (
    <Result ok message={CASH_SUCCESS} onClose={onClose}>
      <div className="rounded-lg border p-4 text-sm">
        <p className="font-medium">Next steps</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-muted-foreground">
          <li>Check your email for the enrollment confirmation.</li>
          <li>Visit our office in Nairobi, Kenya to pay {formatKes(outcome.enrollment.coursePrice)} in cash.</li>
          <li>Bring your enrollment confirmation email.</li>
          {deadline ? <li>Pay by {day(deadline)} to keep your seat.</li> : null}
        </ol>
      </div>
    </Result>
  );
}

/** An M-Pesa prompt was sent: the dialog waits for the server to see the money arrive. */
function WaitingForPhone({ enrollment, onClose }: { enrollment: EnrollmentDto; onClose: () => void }) {
  const { data } = useEnrollment(enrollment.id);
  const current = data ?? enrollment;
  if (current.paymentStatus === 'paid') return <Result ok message={PAID_MESSAGE} onClose={onClose} />;
  if (current.status !== 'pending_payment')
    return <Result ok={false} message={current.payment?.failureReason ?? ENROLL_DIALOG_FAILED} onClose={onClose} />;
  return (
    <div className="grid gap-4">
      <p role="status" className="flex items-center gap-3 rounded-lg bg-muted p-4 text-sm">
        <Spinner label="Waiting for the payment" className="size-5" />
        {CHECK_PHONE}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </div>
  );
}

function Result({ ok, message, onClose, children }: { ok: boolean; message: string; onClose: () => void; children?: ReactNode }) {
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <div className="grid gap-4">
      <p role={ok ? 'status' : 'alert'} className={cn('flex items-start gap-3 text-sm font-medium', ok ? 'text-success' : 'text-destructive')}>
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        {message}
      </p>
      {children}
      <DialogFooter>
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </div>
  );
}
