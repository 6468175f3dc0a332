import { useId, useState, type FormEvent } from 'react';
import { BLOCK_REASON_MAX, DEFAULT_BLOCK_REASON, type AdminClientRow } from '@ops/shared/schemas/admin-clients';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { messageFrom, notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useSetClientBlocked } from '../api/set-client-blocked.ts';

export const CLIENT_BLOCKED = 'Client blocked';
export const CLIENT_UNBLOCKED = 'Client unblocked';
export const CLIENT_STATUS_FAILED = 'Failed to update client status';

export interface ClientStatusTarget {
  client: Pick<AdminClientRow, 'profileId' | 'fullName'>;
  action: 'block' | 'unblock';
}

interface ClientStatusDialogProps {
  /** null: closed. */
  target: ClientStatusTarget | null;
  onClose: () => void;
}

/** Asks before blocking (with an optional reason) or unblocking a client; stays open while the server answers. */
export function ClientStatusDialog({ target, onClose }: ClientStatusDialogProps) {
  return (
    <AlertDialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        {/* A fresh form for each client: no reason carries over from the last one. */}
        {target ? <StatusForm key={`${target.client.profileId}-${target.action}`} target={target} onDone={onClose} /> : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}

function StatusForm({ target, onDone }: { target: ClientStatusTarget; onDone: () => void }) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const change = useSetClientBlocked();
  const { client, action } = target;
  const blocking = action === 'block';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = blocking
      ? { profileId: client.profileId, block: true as const, reason: reason.trim() || undefined }
      : { profileId: client.profileId, block: false as const };
    change.mutate(request, {
      onSuccess: () => {
        notifySuccess(blocking ? CLIENT_BLOCKED : CLIENT_UNBLOCKED);
        onDone();
      },
      onError: (error) => notifyFailure(CLIENT_STATUS_FAILED, messageFrom(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <AlertDialogHeader>
        <AlertDialogTitle>
          {blocking ? 'Block' : 'Unblock'} {client.fullName}?
        </AlertDialogTitle>
        <AlertDialogDescription>
          {blocking
            ? 'They are signed out everywhere at once and cannot sign in until unblocked. Their unpaid bookings are cancelled.'
            : 'They can sign in and book again.'}
        </AlertDialogDescription>
      </AlertDialogHeader>
      {blocking ? (
        <div className="grid gap-2">
          <Label htmlFor={reasonId}>Reason (optional)</Label>
          <Textarea
            id={reasonId}
            value={reason}
            maxLength={BLOCK_REASON_MAX}
            placeholder={DEFAULT_BLOCK_REASON}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      ) : null}
      <AlertDialogFooter>
        <AlertDialogCancel disabled={change.isPending}>Cancel</AlertDialogCancel>
        <Button type="submit" variant={blocking ? 'destructive' : 'default'} disabled={change.isPending}>
          {change.isPending ? 'Please wait...' : blocking ? 'Block client' : 'Unblock client'}
        </Button>
      </AlertDialogFooter>
    </form>
  );
}
