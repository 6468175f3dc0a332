import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { cancellationRefund, ENROLLMENT_REFUND_PERCENT } from '@ops/shared/domain/enrollment-status';
import { formatKes } from '@ops/shared/money';
import { ENROLLMENT_REASON_MESSAGE, ENROLLMENT_REASON_MAX, type AdminEnrollmentRow } from '@ops/shared/schemas/admin-enrollments';
import { ConfirmDialog } from '@/components/console/confirm-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';

/** What cancelling gives back, in the admin's words, before they confirm. */
export function cancelRefundText(e: AdminEnrollmentRow): string {
  const refund = cancellationRefund(e);
  if (refund.how === 'none') return 'Nothing was paid, so nothing is refunded.';
  const share = `${formatKes(refund.amount)} (${ENROLLMENT_REFUND_PERCENT}% of the ${formatKes(refund.of)} paid)`;
  if (refund.how === 'office')
    return `${share} is to be given back in cash at the office; it is recorded as a refund of the cash payment, which Payments shows.`;
  return `${share} is refunded through the payment service to the M-Pesa number or card that paid.`;
}

const checkReason = (reason: string) =>
  !reason.trim()
    ? ENROLLMENT_REASON_MESSAGE
    : reason.trim().length > ENROLLMENT_REASON_MAX
      ? `The reason must be at most ${ENROLLMENT_REASON_MAX} characters`
      : null;

interface ReasonFormProps {
  title: string;
  description: ReactNode;
  keep: string;
  confirm: string;
  busyText: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** A move the student reads the reason of: the reason is required, and the dialog stays while it is sent. */
function ReasonForm({ title, description, keep, confirm, busyText, busy, onConfirm, onClose }: ReasonFormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkReason(reason);
    setError(problem ?? undefined);
    if (!problem) onConfirm(reason.trim());
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription asChild>
              <div className="grid gap-2">{description}</div>
            </DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-reason`} label="Reason (the student reads it)" error={error} required>
            {(control) => <Textarea {...control} rows={3} maxLength={ENROLLMENT_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {keep}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? busyText : confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A move's dialog: open while `enrollment` is set, held open while the move is `busy`. */
interface MoveDialogProps<Extra extends unknown[]> {
  enrollment: AdminEnrollmentRow | null;
  busy: boolean;
  onConfirm: (e: AdminEnrollmentRow, ...extra: Extra) => void;
  onClose: () => void;
}

/** Asks before approving: the seat is kept and the student told (for cash, to pay by the deadline). */
export function ApproveEnrollmentDialog({ enrollment, busy, onConfirm, onClose }: MoveDialogProps<[]>) {
  return (
    <ConfirmDialog
      target={enrollment}
      busy={busy}
      holdWhileBusy
      title={(e) => <>Approve {e.studentName}&apos;s enrollment?</>}
      description={(e) => (
        <>
          {e.studentName} keeps the seat in {e.courseTitle} and is told it was approved.
          {e.paymentStatus === 'pending_cash'
            ? ` The fee of ${formatKes(e.coursePrice)} is still to be paid at the office by its deadline, or the seat is released.`
            : ''}
        </>
      )}
      keep="Not now"
      confirm={() => 'Approve'}
      busyText="Approving..."
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/** Rejecting needs the reason the student reads; the seat is released. */
export function RejectEnrollmentDialog({ enrollment, busy, onConfirm, onClose }: MoveDialogProps<[reason: string]>) {
  if (!enrollment) return null;
  return (
    <ReasonForm
      key={enrollment.id}
      title={`Reject ${enrollment.studentName}'s enrollment?`}
      description={
        <p>
          The seat in {enrollment.courseTitle} is released, and {enrollment.studentName} is told why, on the bell and by e-mail.
        </p>
      }
      keep="Keep pending"
      confirm="Reject enrollment"
      busyText="Rejecting..."
      busy={busy}
      onConfirm={(reason) => onConfirm(enrollment, reason)}
      onClose={onClose}
    />
  );
}

/** Cancelling needs a reason and says, before it is confirmed, what is given back. */
export function CancelEnrollmentDialog({ enrollment, busy, onConfirm, onClose }: MoveDialogProps<[reason: string]>) {
  if (!enrollment) return null;
  return (
    <ReasonForm
      key={enrollment.id}
      title={`Cancel ${enrollment.studentName}'s enrollment?`}
      description={
        <>
          <p className="font-medium text-foreground">{cancelRefundText(enrollment)}</p>
          <p>
            The seat in {enrollment.courseTitle} is released, and {enrollment.studentName} is told why, on the bell and by e-mail. This cannot be undone.
          </p>
        </>
      }
      keep="Keep enrollment"
      confirm="Cancel enrollment"
      busyText="Cancelling..."
      busy={busy}
      onConfirm={(reason) => onConfirm(enrollment, reason)}
      onClose={onClose}
    />
  );
}
