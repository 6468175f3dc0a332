import { useState } from 'react';
import { UserRoundCog } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useReplaceGuard, useReplacements } from '../../api/shift-board.ts';

/** 'Replace guard': only guards who may be sent and are free then; both guards and the client are told. */
export function ReplaceGuardDialog({
  bookingId,
  reference,
  guard,
}: {
  bookingId: string;
  reference: string;
  guard: { profileId: string; fullName: string };
}) {
  const [open, setOpen] = useState(false);
  const candidates = useReplacements(bookingId, open);
  const replace = useReplaceGuard(bookingId);

  const choose = async (to: { profileId: string; fullName: string }) => {
    try {
      await replace.mutateAsync({ fromGuardProfileId: guard.profileId, toGuardProfileId: to.profileId });
      notifySuccess('Guard replaced', `${to.fullName} takes over from ${guard.fullName} on ${reference}. Both guards and the client have been told.`);
      setOpen(false);
    } catch (error) {
      notifyError(messageFrom(error, 'The guard could not be replaced'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <UserRoundCog aria-hidden="true" />
          Replace guard
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Replace {guard.fullName}</DialogTitle>
          <DialogDescription>Guards who are deployment ready and free for the rest of booking {reference}.</DialogDescription>
        </DialogHeader>
        {candidates.isPending ? <Spinner /> : null}
        {candidates.isError ? <p className="text-sm text-destructive">{messageFrom(candidates.error, 'The guards could not be loaded.')}</p> : null}
        {candidates.data?.items.length === 0 ? <p className="text-sm text-muted-foreground">No guard is free for this booking now.</p> : null}
        <ul className="grid max-h-80 gap-2 overflow-y-auto">
          {candidates.data?.items.map((c) => (
            <li key={c.profileId} className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm">
              <span>
                <span className="font-medium">{c.fullName}</span>
                <span className="block text-xs text-muted-foreground">
                  {c.specialization ?? 'Guard'}, {c.experienceYears} years
                </span>
              </span>
              <Button size="sm" onClick={() => void choose(c)} disabled={replace.isPending}>
                Send {c.fullName.split(' ')[0]}
              </Button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
