import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  label: string;
  confirm: string;
  busyText: string;
  destructive?: boolean;
  pending: boolean;
  /** The message for a reason that does not do, or null when it does. */
  check: (reason: string) => string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** A dialog that asks for a written reason before an action the audit trail must explain. */
export function ReasonDialog({ open, title, description, label, confirm, busyText, destructive, pending, check, onConfirm, onClose }: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = check(reason);
    setError(problem ?? undefined);
    if (!problem) onConfirm(reason.trim());
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && close()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <FormField id={id} label={label} error={error} required>
            {(control) => <Textarea {...control} rows={4} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
              {pending ? busyText : confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
