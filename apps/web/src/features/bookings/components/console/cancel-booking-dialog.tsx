import { useId, useState, type FormEvent } from 'react';
import { formatKes } from '@ops/shared/money';
import {
  ADMIN_REFUND_REASON_MAX,
  adminRefundReasonRequired,
  type AdminBookingRow,
  type AdminCancellationPreview,
} from '@ops/shared/schemas/admin-bookings';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useAdminCancelBooking, useAdminCancellationPreview } from '../../api/cancel-admin-booking.ts';

export const CANCEL_FAILED = 'Failed to cancel booking';

type Choice = 'policy' | 'other';
interface Errors {
  refund?: string;
  reason?: string;
}

const noticeText = (minutes: number) => {
  if (minutes <= 0) return 'after its start';
  const hours = Math.floor(minutes / 60);
  return hours >= 1 ? `${hours} hour${hours === 1 ? '' : 's'} before its start` : `${minutes} minute${minutes === 1 ? '' : 's'} before its start`;
};

/** What the policy gives back now, in the dialog's words. */
export function policyLine(p: AdminCancellationPreview): string {
  const paid = `Paid ${formatKes(p.amountPaid)}; cancelling now is ${noticeText(p.minutesBeforeStart)}.`;
  return p.policyRefund > 0
    ? `${paid} Under the cancellation policy the client gets ${formatKes(p.policyRefund)} back (${p.percent}%).`
    : `${paid} Under the cancellation policy nothing is refunded at this point.`;
}

/** The whole-KES figure typed, or NaN. */
const amountOf = (text: string) => (/^\d{1,8}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * Cancels a booking from the console, deciding a paid booking's refund in the same step: the
 * policy's share, or another amount up to what was paid with a reason (kept on the audit trail).
 * The client and the guards are told; the refund goes through the provider.
 */
export function CancelBookingDialog({ booking, onClose }: { booking: AdminBookingRow | null; onClose: () => void }) {
  const cancel = useAdminCancelBooking();
  const close = () => {
    if (!cancel.isPending) onClose();
  };
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        {/* A new form for each booking: nothing typed for one carries over to the next. */}
        {booking ? <CancelForm key={booking.id} booking={booking} cancel={cancel} onClose={onClose} close={close} /> : null}
      </DialogContent>
    </Dialog>
  );
}

interface CancelFormProps {
  booking: AdminBookingRow;
  cancel: ReturnType<typeof useAdminCancelBooking>;
  onClose: () => void;
  close: () => void;
}

function CancelForm({ booking, cancel, onClose, close }: CancelFormProps) {
  const id = useId();
  const preview = useAdminCancellationPreview(booking.id);
  const [choice, setChoice] = useState<Choice>('policy');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const quote = preview.data;
  const refundable = quote?.paid === true && quote.refundRefusal === null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!quote) return;
    let refund = 0;
    if (refundable && choice === 'policy') refund = quote.policyRefund;
    if (refundable && choice === 'other') {
      refund = amountOf(amount);
      const problems: Errors = {
        refund: Number.isNaN(refund)
          ? 'Enter the refund in whole KES.'
          : refund > quote.amountPaid
            ? `The refund cannot be more than the ${formatKes(quote.amountPaid)} paid.`
            : undefined,
        reason: refund !== quote.policyRefund && reason.trim() === '' ? adminRefundReasonRequired(formatKes(quote.policyRefund)) : undefined,
      };
      setErrors(problems);
      if (problems.refund || problems.reason) return;
    }
    try {
      await cancel.mutateAsync({ id: booking.id, refund, reason: choice === 'other' ? reason.trim() || undefined : undefined });
      notifySuccess(
        'Booking cancelled successfully',
        refund > 0 ? `${formatKes(refund)} goes back to the client through the payment provider.` : 'Nothing is refunded.',
      );
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 400 && Object.keys(error.fields).length > 0) {
        setErrors({ refund: error.fields.refund, reason: error.fields.reason });
        return;
      }
      void preview.refetch();
      notifyFailure(CANCEL_FAILED, isApiError(error) && error.status > 0 ? error.message : 'Please try again in a moment.');
    }
  };

  const confirmText = () => {
    if (!refundable) return 'Cancel booking';
    const refund = choice === 'policy' ? quote.policyRefund : amountOf(amount);
    // Another amount not typed yet: the button does not promise a figure.
    if (Number.isNaN(refund)) return 'Cancel and refund';
    return refund > 0 ? `Cancel and refund ${formatKes(refund)}` : 'Cancel without refund';
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Cancel booking {booking.reference}?</DialogTitle>
        <DialogDescription>The client and the booking&apos;s guards are told it is off, and the guards&apos; time is freed.</DialogDescription>
      </DialogHeader>
      <div className="rounded-md border bg-muted/50 p-3 text-sm" aria-live="polite">
        {preview.isPending ? (
          <span className="flex items-center gap-2 text-muted-foreground">
            <Spinner label="Working out the refund" /> Working out the refund…
          </span>
        ) : !quote ? (
          'Could not work out the refund. Please try again in a moment.'
        ) : !quote.paid ? (
          'Nothing was paid, so nothing is refunded.'
        ) : (
          <>
            {policyLine(quote)}
            {quote.refundRefusal ? <span className="mt-1 block font-medium">{quote.refundRefusal}</span> : null}
          </>
        )}
      </div>
      {refundable ? (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Refund</legend>
          <RadioGroup value={choice} onValueChange={(v) => setChoice(v as Choice)} aria-label="Refund">
            <div className="flex items-center gap-2">
              <RadioGroupItem value="policy" id={`${id}-policy`} />
              <Label htmlFor={`${id}-policy`}>
                {quote.policyRefund > 0 ? `${formatKes(quote.policyRefund)} under the policy` : 'No refund, as the policy says'}
              </Label>
            </div>
            <div className="flex items-center gap-2">
              <RadioGroupItem value="other" id={`${id}-other`} />
              <Label htmlFor={`${id}-other`}>Another amount</Label>
            </div>
          </RadioGroup>
          {choice === 'other' ? (
            <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
              <FormField id={`${id}-amount`} label="Refund (KES)" error={errors.refund} required>
                {(control) => <Input {...control} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />}
              </FormField>
              <FormField id={`${id}-reason`} label="Why this amount?" error={errors.reason} required>
                {(control) => (
                  <Textarea {...control} rows={2} maxLength={ADMIN_REFUND_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
                )}
              </FormField>
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={close} disabled={cancel.isPending}>
          Keep booking
        </Button>
        <Button type="submit" variant="destructive" disabled={cancel.isPending || !quote}>
          {cancel.isPending ? 'Cancelling...' : confirmText()}
        </Button>
      </DialogFooter>
    </form>
  );
}
