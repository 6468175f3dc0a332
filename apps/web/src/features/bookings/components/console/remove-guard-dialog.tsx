import { useId, useState } from 'react';
import type { AdminBookingRow } from '@ops/shared/schemas/admin-bookings';
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
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { messageFrom, notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { formatNairobiDateTime } from '@/lib/format-console-date.ts';
import { useUnstaffBooking } from '../../api/unstaff-booking.ts';

export const GUARD_REMOVED = 'Guard removed';
export const REMOVE_FAILED = 'Failed to remove guard';

interface RemoveGuardDialogProps {
  /** null: closed. */
  booking: AdminBookingRow | null;
  onClose: () => void;
}

/**
 * Takes a guard the console put on a booking off it again, after asking: the guard is told, their
 * time is freed and the booking needs a guard again. A guard the client chose is not offered.
 */
export function RemoveGuardDialog({ booking, onClose }: RemoveGuardDialogProps) {
  return (
    <AlertDialog open={booking !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>{booking ? <RemoveGuardForm key={booking.id} booking={booking} onDone={onClose} /> : null}</AlertDialogContent>
    </AlertDialog>
  );
}

function RemoveGuardForm({ booking, onDone }: { booking: AdminBookingRow; onDone: () => void }) {
  const id = useId();
  const removable = booking.guards.filter((g) => g.staffedByConsole);
  const chosenByClient = booking.guards.filter((g) => !g.staffedByConsole);
  const [guardId, setGuardId] = useState<string | null>(removable.length === 1 ? removable[0]!.profileId : null);
  const unstaff = useUnstaffBooking();
  const guard = removable.find((g) => g.profileId === guardId);

  const remove = () => {
    if (!guard) return;
    unstaff.mutate(
      { id: booking.id, guardProfileId: guard.profileId },
      {
        onSuccess: () => {
          notifySuccess(GUARD_REMOVED, `${guard.fullName} is off ${booking.reference}.`);
          onDone();
        },
        onError: (error) => notifyFailure(REMOVE_FAILED, messageFrom(error)),
      },
    );
  };

  return (
    <>
      <AlertDialogHeader>
        <AlertDialogTitle>Remove a guard from {booking.reference}?</AlertDialogTitle>
        <AlertDialogDescription>
          {formatNairobiDateTime(booking.startTime)} · {booking.area}. The guard is told they are off the job and their time is freed; the client is told a
          new guard will follow, and the booking needs a guard again.
        </AlertDialogDescription>
      </AlertDialogHeader>
      <RadioGroup value={guardId ?? ''} onValueChange={setGuardId} aria-label="Guard to remove" className="gap-2">
        {removable.map((g) => (
          <div key={g.profileId} className="flex items-center gap-3 rounded-md border p-3">
            <RadioGroupItem value={g.profileId} id={`${id}-${g.profileId}`} />
            <Label htmlFor={`${id}-${g.profileId}`} className="font-normal">
              {g.fullName}
            </Label>
          </div>
        ))}
      </RadioGroup>
      {chosenByClient.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          {chosenByClient.map((g) => g.fullName).join(', ')} {chosenByClient.length === 1 ? 'was' : 'were'} chosen by the client and
          {chosenByClient.length === 1 ? ' stays' : ' stay'} on the booking.
        </p>
      ) : null}
      <AlertDialogFooter>
        <AlertDialogCancel disabled={unstaff.isPending}>Keep guards</AlertDialogCancel>
        <Button variant="destructive" disabled={!guard || unstaff.isPending} onClick={remove}>
          {unstaff.isPending ? 'Removing...' : guard ? `Remove ${guard.fullName}` : 'Remove guard'}
        </Button>
      </AlertDialogFooter>
    </>
  );
}
