import { Megaphone } from 'lucide-react';
import { broadcastConfirmQuestion, type BroadcastInput, type BroadcastRecipients } from '@ops/shared/schemas/admin-broadcasts';
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
import { useBroadcastRecipientCount } from '../../api/get-broadcast-recipient-count.ts';
import { RECIPIENT_LABELS, TYPE_LABELS } from './broadcast-presets.ts';

interface BroadcastConfirmDialogProps {
  /** The broadcast to ask about; null: closed. */
  broadcast: (BroadcastInput & { recipients: BroadcastRecipients }) | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** Asks before a broadcast goes out, naming how many people will receive it (counted by the server now). */
export function BroadcastConfirmDialog({ broadcast, busy, onConfirm, onClose }: BroadcastConfirmDialogProps) {
  const count = useBroadcastRecipientCount(broadcast?.recipients ?? null);
  const n = count.data?.recipientCount;
  return (
    <AlertDialog open={broadcast !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent>
        {broadcast ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{n === undefined ? 'Send this notification?' : broadcastConfirmQuestion(n)}</AlertDialogTitle>
              <AlertDialogDescription>
                {count.isError
                  ? 'Could not count the recipients. Close this and try again.'
                  : n === undefined
                    ? 'Counting the recipients…'
                    : `${RECIPIENT_LABELS[broadcast.recipients]} get this ${TYPE_LABELS[broadcast.type].toLowerCase()} notification on their bell (blocked accounts are left out). It cannot be taken back.`}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <blockquote className="max-h-40 overflow-y-auto rounded-md border bg-muted/40 px-3 py-2 text-sm break-words whitespace-pre-line">
              {broadcast.message}
            </blockquote>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
              <Button disabled={busy || n === undefined} onClick={onConfirm}>
                <Megaphone aria-hidden="true" />
                {busy ? 'Sending…' : n === undefined ? 'Send' : `Send to ${people(n)}`}
              </Button>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
