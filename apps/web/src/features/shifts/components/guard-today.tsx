import { useState } from 'react';
import { useSearch } from 'wouter';
import { CalendarClock, LogIn, LogOut, MapPin, Phone, UserRound } from 'lucide-react';
import { formatKenyanPhone } from '@ops/shared/phone';
import type { GuardShiftDto } from '@ops/shared/schemas/shifts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDate, formatTime } from '@/lib/format-date.ts';
import { isApiError } from '@/lib/api-client.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useCheckIn, useCheckOut, useGuardDay } from '../api/guard-day.ts';
import { currentPosition } from '../utils/position.ts';
import { ReportIncidentButton } from './incident-form.tsx';
import { ShiftStateBadge, VerifiedText } from './shift-state-badge.tsx';

/** The guard's dashboard opens here: today's and tomorrow's shifts, with check-in and check-out. */
export function GuardToday() {
  const day = useGuardDay();
  const search = new URLSearchParams(useSearch());
  // Scanning the QR code at the post lands here with the booking and its site code.
  const scanned = { bookingId: search.get('checkin'), code: search.get('code') ?? '' };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Today</CardTitle>
        <CardDescription>Your shifts today and tomorrow. Check in when you arrive at the post and check out when you leave.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {day.isPending ? <Spinner /> : null}
        {day.isError ? <p className="text-sm text-destructive">{messageFrom(day.error, 'Your shifts could not be loaded.')}</p> : null}
        {day.data?.shifts.length === 0 ? <p className="text-sm text-muted-foreground">No shifts today or tomorrow.</p> : null}
        {day.data && scanned.bookingId && !day.data.shifts.some((s) => s.bookingId === scanned.bookingId) ? (
          <p role="status" className="text-sm text-destructive">
            The code you scanned is for a booking that is not one of your shifts today or tomorrow. Check with the operator.
          </p>
        ) : null}
        {day.data?.shifts.map((shift) => (
          <ShiftCard key={`${shift.bookingId}-${shift.shiftIndex}`} shift={shift} code={scanned.bookingId === shift.bookingId ? scanned.code : ''} />
        ))}
      </CardContent>
    </Card>
  );
}

function ShiftCard({ shift, code: scannedCode }: { shift: GuardShiftDto; code: string }) {
  const [code, setCode] = useState(scannedCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const checkIn = useCheckIn();
  const checkOut = useCheckOut();
  const checkedIn = shift.check.checkedInAt !== null;

  const press = async (what: 'in' | 'out') => {
    setLocating(true);
    const position = await currentPosition();
    setLocating(false);
    try {
      if (what === 'in') {
        const done = await checkIn.mutateAsync({
          bookingId: shift.bookingId,
          body: { ...(code.trim() ? { siteCode: code.trim() } : {}), ...(position ?? {}) },
        });
        notifySuccess('Checked in', done.verified ? 'Verified at site.' : 'Not verified at the site: the operator has been told.');
      } else {
        await checkOut.mutateAsync({ bookingId: shift.bookingId, body: position ?? {} });
        notifySuccess('Checked out', 'Thank you. Your shift is recorded.');
      }
    } catch (error) {
      // A wrong site code is said under the field, so the guard can retype it.
      if (isApiError(error) && error.status === 400 && error.fields.siteCode) setCodeError(error.fields.siteCode);
      else notifyError(messageFrom(error, what === 'in' ? 'Check-in failed' : 'Check-out failed'));
    }
  };
  const busy = locating || checkIn.isPending || checkOut.isPending;

  return (
    <article aria-label={`Shift ${shift.reference}`} className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">{shift.service}</h3>
          <p className="text-xs text-muted-foreground">{shift.reference}</p>
        </div>
        <ShiftStateBadge state={shift.state} />
      </div>
      <dl className="grid gap-2 text-sm">
        <div className="flex items-start gap-2">
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <dt className="sr-only">When</dt>
          <dd>
            {formatDate(shift.start)}, {formatTime(shift.start)}–{formatTime(shift.end)}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <dt className="sr-only">Where</dt>
          <dd className="break-words">{shift.address ? `${shift.address}, ${shift.area}` : shift.area}</dd>
        </div>
        {shift.client ? (
          <div className="flex items-start gap-2">
            <UserRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <dt className="sr-only">Client</dt>
            <dd>
              {shift.client.companyName ?? shift.client.fullName}
              {shift.client.phone ? (
                <a className="ml-2 inline-flex items-center gap-1 text-primary underline" href={`tel:+${shift.client.phone}`}>
                  <Phone className="size-3" aria-hidden="true" />
                  {formatKenyanPhone(shift.client.phone)}
                </a>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {checkedIn ? (
        <p className="text-sm">
          Checked in at {formatTime(shift.check.checkedInAt!)}: <VerifiedText verified={shift.check.verified} />
          {shift.check.checkedOutAt ? `. Checked out at ${formatTime(shift.check.checkedOutAt)}.` : null}
        </p>
      ) : (
        <div className="grid gap-2 sm:max-w-xs">
          <label htmlFor={`code-${shift.bookingId}-${shift.shiftIndex}`} className="text-sm font-medium">
            Site code (on the card at the post)
          </label>
          <Input
            id={`code-${shift.bookingId}-${shift.shiftIndex}`}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setCodeError(null);
            }}
            aria-invalid={codeError !== null}
            aria-describedby={codeError ? `code-error-${shift.bookingId}-${shift.shiftIndex}` : undefined}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={20}
            placeholder={shift.sitePinned ? 'Or check in at the site with your location' : 'e.g. K7P4QX'}
          />
          {codeError ? (
            <p id={`code-error-${shift.bookingId}-${shift.shiftIndex}`} className="text-sm text-destructive">
              {codeError}
            </p>
          ) : null}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {!checkedIn ? (
          <Button onClick={() => void press('in')} disabled={busy || shift.checkInRefusal !== null}>
            <LogIn aria-hidden="true" />
            Check in
          </Button>
        ) : null}
        {shift.canCheckOut ? (
          <Button variant="accent" onClick={() => void press('out')} disabled={busy}>
            <LogOut aria-hidden="true" />
            Check out
          </Button>
        ) : null}
        {checkedIn ? <ReportIncidentButton bookingId={shift.bookingId} /> : null}
      </div>
      {!checkedIn && shift.checkInRefusal ? <p className="text-sm text-muted-foreground">{shift.checkInRefusal}</p> : null}
      {locating ? <p className="text-sm text-muted-foreground">Finding your location…</p> : null}
    </article>
  );
}
