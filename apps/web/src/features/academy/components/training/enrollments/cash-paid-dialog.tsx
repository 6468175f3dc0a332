import { useId, useState, type FormEvent } from 'react';
import { formatKes } from '@ops/shared/money';
import { TRAINING_TEXTS } from '@ops/shared/schemas/admin-training';
import { RECEIPT_NUMBER_MAX, cashPaidInput, type AdminEnrollmentRow } from '@ops/shared/schemas/admin-enrollments';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useEnrollmentAction } from '../../../api/act-on-enrollment.ts';

/** Records a fee paid in cash at the office, with the receipt's number (which the server keeps unique). */
export function CashPaidDialog({ enrollment, onClose }: { enrollment: AdminEnrollmentRow | null; onClose: () => void }) {
  return (
    <Dialog open={enrollment !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{enrollment ? <CashPaidForm key={enrollment.id} enrollment={enrollment} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function CashPaidForm({ enrollment, onDone }: { enrollment: AdminEnrollmentRow; onDone: () => void }) {
  const id = useId();
  const [receipt, setReceipt] = useState('');
  const [error, setError] = useState<string | undefined>();
  const action = useEnrollmentAction();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = cashPaidInput.safeParse({ receiptNumber: receipt });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    action.mutate(
      { id: enrollment.id, action: 'cash_paid', receiptNumber: parsed.data.receiptNumber },
      {
        onSuccess: () => {
          notifySuccess(TRAINING_TEXTS.paymentRecorded);
          onDone();
        },
        onError: (err) => {
          // A receipt number already recorded stays in the form, marked, to be corrected.
          if (isApiError(err) && err.fields.receiptNumber) setError(err.fields.receiptNumber);
          notifyError(messageFrom(err));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Record cash payment</DialogTitle>
        <DialogDescription>
          {enrollment.studentName} paid {formatKes(enrollment.coursePrice)} for {enrollment.courseTitle} at the office.
        </DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-receipt`} label="Receipt number" required error={error}>
        {(control) => (
          <Input {...control} value={receipt} maxLength={RECEIPT_NUMBER_MAX} autoComplete="off" onChange={(e) => setReceipt(e.target.value)} />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={action.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={action.isPending}>
          {action.isPending ? 'Saving...' : 'Mark paid'}
        </Button>
      </DialogFooter>
    </form>
  );
}
