import { useEffect, useId, useState } from 'react';
import { formatKes } from '@ops/shared/money';
import type { AdminBookingRow, BookingCandidate } from '@ops/shared/schemas/admin-bookings';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { messageFrom, notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { formatDay, formatNairobiDateTime } from '@/lib/format-console-date.ts';
import { useBookingCandidates } from '../../api/get-booking-candidates.ts';
import { useStaffBooking } from '../../api/staff-booking.ts';

export const GUARDS_ASSIGNED = 'Guards assigned';
export const ASSIGN_FAILED = 'Failed to assign guards';
const SEARCH_DELAY_MS = 300;

interface AssignGuardsDialogProps {
  /** null: closed. */
  booking: AdminBookingRow | null;
  onClose: () => void;
}

/** Puts guards on a booking that lacks them, chosen from those the server offers (approved, available, credentialed, free). */
export function AssignGuardsDialog({ booking, onClose }: AssignGuardsDialogProps) {
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        {/* A fresh choice for each booking. */}
        {booking ? <AssignForm key={booking.id} booking={booking} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function AssignForm({ booking, onDone }: { booking: AdminBookingRow; onDone: () => void }) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    const timer = setTimeout(() => setQ(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const candidates = useBookingCandidates(booking.id, q);
  const staff = useStaffBooking();
  const needed = candidates.data?.needed ?? Math.max(0, booking.teamSize - booking.guards.length);

  const toggle = (id: string, on: boolean) => setChosen((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const submit = () =>
    staff.mutate(
      { id: booking.id, guardProfileIds: chosen },
      {
        onSuccess: () => {
          notifySuccess(GUARDS_ASSIGNED, `${plural(chosen.length, 'guard')} on booking ${booking.reference}.`);
          onDone();
        },
        onError: (error) => notifyFailure(ASSIGN_FAILED, messageFrom(error)),
      },
    );

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Assign guards to {booking.reference}</DialogTitle>
        <DialogDescription>
          {formatNairobiDateTime(booking.startTime)} · {booking.area}. Needs {plural(needed, 'more guard')}. Only approved, available guards with valid
          credentials who are free then are offered.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>Search guards</Label>
        <Input id={searchId} type="search" placeholder="Guard's name" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <CandidateList candidates={candidates.data?.items} error={candidates.error} chosen={chosen} full={chosen.length >= needed} onToggle={toggle} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={staff.isPending}>
          Close
        </Button>
        <Button onClick={submit} disabled={chosen.length === 0 || staff.isPending}>
          {staff.isPending ? 'Assigning...' : chosen.length > 0 ? `Assign ${plural(chosen.length, 'guard')}` : 'Assign guards'}
        </Button>
      </DialogFooter>
    </div>
  );
}

interface CandidateListProps {
  candidates: BookingCandidate[] | undefined;
  error: unknown;
  chosen: string[];
  /** As many chosen as the booking needs: the rest cannot be ticked. */
  full: boolean;
  onToggle: (id: string, on: boolean) => void;
}

function CandidateList({ candidates, error, chosen, full, onToggle }: CandidateListProps) {
  if (!candidates && error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {messageFrom(error)}
      </p>
    );
  if (!candidates) {
    return (
      <div role="status" aria-label="Loading guards" className="grid gap-2">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (candidates.length === 0) return <p className="text-sm text-muted-foreground">No guard is free for this booking. Try another name.</p>;
  return (
    <ul aria-label="Guards free for this booking" className="grid max-h-72 gap-1 overflow-y-auto">
      {candidates.map((c) => {
        const id = `candidate-${c.profileId}`;
        const on = chosen.includes(c.profileId);
        return (
          <li key={c.profileId} className="flex items-center gap-3 rounded-md border p-2">
            <Checkbox id={id} checked={on} disabled={!on && full} onCheckedChange={(value) => onToggle(c.profileId, value === true)} />
            <Label htmlFor={id} className="grid flex-1 gap-0.5 font-normal">
              <span className="font-medium">{c.fullName}</span>
              <span className="text-xs text-muted-foreground">
                {c.rateHourly !== null ? `${formatKes(c.rateHourly)}/hr` : 'No rate set'} · Credentials valid until {formatDay(c.credentialsValidUntil)}
                {c.specialization ? ` · ${c.specialization}` : ''}
              </span>
            </Label>
          </li>
        );
      })}
    </ul>
  );
}
