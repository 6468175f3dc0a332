import { useId, useState, type FormEvent } from 'react';
import { XCircle } from 'lucide-react';
import { CANCEL_REASONS, policyText, type CancelReason } from '@ops/shared/domain/cancellation-policy';
import { formatKes } from '@ops/shared/money';
import { CANCEL_NOTE_MAX, CANCEL_NOTE_REQUIRED_MESSAGE } from '@ops/shared/schemas/bookings';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { useCancelBooking, useCancellationPreview, type CancelledBooking } from '../api/cancel-booking.ts';
import { CANCEL_BOOKING, CANCEL_FAILED } from './cancel-unpaid-booking.tsx';

const REASON_MESSAGE = 'Choose why you are cancelling.';

/** What the client reads once the booking is cancelled. */
export function cancelledText(reference: string, done: Pick<CancelledBooking, 'refund' | 'refundPercent'>): string {
  if (done.refund === 0) return `Booking ${reference} is cancelled. Nothing is refunded under the cancellation policy.`;
  return `Booking ${reference} is cancelled. ${formatKes(done.refund)} (${done.refundPercent}%) goes back to you the way you paid; it can take a few days.`;
}

/**
 * 'Cancel booking' for a paid booking: shows what goes back under the operator's policy now, asks
 * why, then cancels. The figure confirmed is sent along, so a refund that fell while the dialog was
 * open (the start came nearer) is shown again rather than taken silently.
 */
export function CancelPaidBooking({ booking }: { booking: { id: string; reference: string } }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  const { cancellationPolicy } = usePublicSettings();
  const preview = useCancellationPreview(booking.id, open);
  const cancel = useCancelBooking();

  const close = () => {
    if (cancel.isPending) return;
    setOpen(false);
    setReason('');
    setNote('');
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      reason: reason === '' ? REASON_MESSAGE : undefined,
      note: reason === 'Other' && note.trim().length < 3 ? CANCEL_NOTE_REQUIRED_MESSAGE : undefined,
    };
    setErrors(problems);
    if (problems.reason || problems.note || reason === '' || !preview.data) return;
    try {
      const done = await cancel.mutateAsync({ id: booking.id, reason, note: note.trim() || undefined, expectedRefund: preview.data.refund });
      close();
      setOpen(false);
      notifySuccess('Booking cancelled', cancelledText(booking.reference, done));
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        setErrors({ reason: error.fields.reason, note: error.fields.note });
        return;
      }
      // The refund may have changed: show the new figure and let the client confirm again.
      void preview.refetch();
      notifyFailure(CANCEL_FAILED, isApiError(error) && error.status > 0 ? error.message : 'Please try again in a moment.');
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <XCircle aria-hidden="true" />
        {CANCEL_BOOKING}
      </Button>
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Cancel booking {booking.reference}?</DialogTitle>
            <DialogDescription>{policyText(cancellationPolicy)}</DialogDescription>
          </DialogHeader>
          <div className="rounded-md border bg-muted/50 p-3 text-sm font-medium" aria-live="polite">
            {preview.isPending ? (
              <span className="flex items-center gap-2 text-muted-foreground">
                <Spinner label="Working out your refund" /> Working out your refund…
              </span>
            ) : preview.data ? (
              preview.data.message
            ) : (
              'Could not work out the refund. Please try again in a moment.'
            )}
          </div>
          <FormField id={`${id}-reason`} label="Why are you cancelling?" error={errors.reason} required>
            {(control) => (
              <NativeSelect {...control} value={reason} onChange={(e) => setReason(e.target.value as CancelReason | '')}>
                <option value="">Choose a reason</option>
                {CANCEL_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id={`${id}-note`} label="Anything we should know?" error={errors.note} required={reason === 'Other'}>
            {(control) => <Textarea {...control} rows={3} maxLength={CANCEL_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />}
          </FormField>
          <p className="text-sm text-muted-foreground">The guards are told at once and their time is freed. This cannot be undone.</p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={cancel.isPending}>
              Keep booking
            </Button>
            <Button type="submit" variant="destructive" disabled={cancel.isPending || !preview.data}>
              {cancel.isPending ? 'Cancelling…' : CANCEL_BOOKING}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
