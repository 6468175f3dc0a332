import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { officerRejectInput, REJECTION_REASON_MAX } from '@ops/shared/schemas/admin';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useRejectOfficer } from '../../api/reject-officer.ts';

export interface RejectTarget {
  profileId: string;
  fullName: string;
}

interface RejectOfficerDialogProps {
  /** null: closed. */
  officer: RejectTarget | null;
  onClose: () => void;
}

/** Rejecting needs a reason (the guard is told it); Confirm waits until one is typed. */
export function RejectOfficerDialog({ officer, onClose }: RejectOfficerDialogProps) {
  return (
    <Dialog open={officer !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {/* A fresh form for each officer: no reason carries over from the last one. */}
        {officer ? <RejectForm key={officer.profileId} officer={officer} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RejectForm({ officer, onDone }: { officer: RejectTarget; onDone: () => void }) {
  const reasonId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reject = useRejectOfficer({
    onSuccess: () => {
      notifySuccess('Officer rejected');
      onDone();
    },
    onError: (failure) => notifyError(`Failed to reject: ${messageFrom(failure)}`),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = officerRejectInput.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    reject.mutate({ profileId: officer.profileId, reason: parsed.data.reason });
  };

  // Enter sends, as in the other console dialogs; Shift+Enter starts a new line.
  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Reject {officer.fullName}</DialogTitle>
        <DialogDescription>The officer is told this reason.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={reasonId}>Rejection reason</Label>
        <Textarea
          id={reasonId}
          value={reason}
          maxLength={REJECTION_REASON_MAX}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
          onKeyDown={sendOnEnter}
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={reason.trim() === '' || reject.isPending}>
          Confirm
        </Button>
      </DialogFooter>
    </form>
  );
}
