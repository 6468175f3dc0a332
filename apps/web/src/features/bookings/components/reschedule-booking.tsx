import { useId, useState, type FormEvent } from 'react';
import { CalendarClock } from 'lucide-react';
import { isIsoDate, isTimeOfDay, nairobiDate, nairobiTimeOfDay } from '@ops/shared/domain/nairobi-time';
import { rescheduleNoticeText } from '@ops/shared/domain/reschedule-policy';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useRescheduleBooking, useRescheduleOptions } from '../api/reschedule-booking.ts';

export const RESCHEDULE = 'Reschedule';
export const RESCHEDULE_FAILED = 'Could not move the booking';

interface Errors {
  date?: string;
  startTime?: string;
}

const movesText = (n: number) => (n === 1 ? '1 move left' : `${n} moves left`);

/**
 * 'Reschedule' for a paid booking: a new date and start time (the length, guards and price stay),
 * checked with the server as they are chosen, so a guard who cannot work then is named before
 * anything moves. The client keeps the old time, or moves anyway and the OPS office finds another guard.
 */
export function RescheduleBooking({ booking }: { booking: { id: string; reference: string; startTime: string } }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const start = new Date(booking.startTime);
  const [date, setDate] = useState(nairobiDate(start));
  const [time, setTime] = useState(nairobiTimeOfDay(start));
  const [restaff, setRestaff] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const chosen = isIsoDate(date) && isTimeOfDay(time) && (date !== nairobiDate(start) || time !== nairobiTimeOfDay(start));
  const options = useRescheduleOptions(booking.id, open, chosen ? { date, startTime: time } : null);
  const move = useRescheduleBooking();

  const close = () => {
    if (move.isPending) return;
    setOpen(false);
    setDate(nairobiDate(start));
    setTime(nairobiTimeOfDay(start));
    setRestaff(false);
    setErrors({});
  };

  const check = options.data?.check ?? null;
  const checkError = isApiError(options.error) && options.error.status === 400 ? options.error.fields : null;
  const unavailable = chosen && check ? check.unavailable : [];
  const refusal = options.data?.refusal ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setErrors({ startTime: 'Choose a new date or start time.' });
      return;
    }
    try {
      const moved = await move.mutateAsync({ id: booking.id, date, startTime: time, restaff: unavailable.length > 0 ? restaff : undefined });
      close();
      const off = moved.guardsTakenOff.length > 0 ? ` The OPS office will put another guard on in place of ${moved.guardsTakenOff.join(', ')}.` : '';
      notifySuccess('Booking moved', `Booking ${moved.reference} now starts ${formatDateTime(moved.startTime)}.${off}`);
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        setErrors({ date: error.fields.date, startTime: error.fields.startTime });
        return;
      }
      void options.refetch();
      notifyFailure(RESCHEDULE_FAILED, isApiError(error) && error.status > 0 ? error.message : 'Please try again in a moment.');
    }
  };

  const shown = { date: errors.date ?? checkError?.date, startTime: errors.startTime ?? checkError?.startTime };
  const blocked = unavailable.length > 0 && !restaff;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <CalendarClock aria-hidden="true" />
        {RESCHEDULE}
      </Button>
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Reschedule booking {booking.reference}</DialogTitle>
            <DialogDescription>
              Now {formatDateTime(booking.startTime)}. Choose a new start: the length, the guards and the price stay the same.
            </DialogDescription>
          </DialogHeader>
          {options.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner label="Checking" /> Checking…
            </p>
          ) : refusal ? (
            <p className="rounded-md border bg-muted/50 p-3 text-sm font-medium">{refusal}</p>
          ) : (
            <>
              {options.data ? (
                <p className="text-sm text-muted-foreground">
                  {rescheduleNoticeText(options.data.noticeHours)}; this one has {movesText(options.data.movesLeft)}.
                </p>
              ) : null}
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField id={`${id}-date`} label="New date" error={shown.date} required>
                  {(control) => <Input {...control} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
                </FormField>
                <FormField id={`${id}-time`} label="New start time" error={shown.startTime} required>
                  {(control) => <Input {...control} type="time" value={time} onChange={(e) => setTime(e.target.value)} />}
                </FormField>
              </div>
              <div aria-live="polite" className="text-sm">
                {chosen && check && unavailable.length === 0 ? <p className="text-muted-foreground">Your guards can work then.</p> : null}
                {unavailable.length > 0 ? (
                  <div className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3">
                    <ul className="grid gap-1">
                      {unavailable.map((g) => (
                        <li key={g.profileId}>{g.reason}</li>
                      ))}
                    </ul>
                    <div className="flex items-start gap-2">
                      <Checkbox id={`${id}-restaff`} checked={restaff} onCheckedChange={(v) => setRestaff(v === true)} />
                      <Label htmlFor={`${id}-restaff`} className="leading-snug font-normal">
                        Move it anyway: the OPS office will find {unavailable.length === 1 ? 'another guard' : 'other guards'}.
                      </Label>
                    </div>
                  </div>
                ) : null}
              </div>
            </>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={move.isPending}>
              Keep the current time
            </Button>
            {refusal ? null : (
              <Button type="submit" disabled={move.isPending || options.isPending || blocked}>
                {move.isPending ? 'Moving…' : 'Move booking'}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
