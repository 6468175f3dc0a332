import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import type { ShiftReportDto } from '@ops/shared/schemas/shifts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { formatDate, formatDateTime, formatTime } from '@/lib/format-date.ts';
import { reportPdfPath } from '../api/shift-report.ts';
import { IncidentList } from './incident-list.tsx';
import { VerifiedText } from './shift-state-badge.tsx';

const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;

/** The client's proof of the work: who was there, when, verified or not, and what happened. */
/** `actions`: what the page adds beside the PDF (the review, composed by the route). */
export function ShiftReport({ report, actions }: { report: ShiftReportDto; actions?: ReactNode }) {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Shift report: {report.reference}</CardTitle>
          <CardDescription>
            {report.service}, {report.address ? `${report.address}, ` : ''}
            {report.area}. Booked {formatDateTime(report.start)} to {formatDateTime(report.end)}.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="text-lg font-semibold">
            {hours(report.hoursCovered)} covered of {hours(report.hoursBooked)} booked
          </p>
          <p className="text-sm text-muted-foreground">
            {report.completion ? `${report.completion.label} on ${formatDateTime(report.completion.at)}.` : 'The booking is still under way.'}
          </p>
          {actions}
          {report.canDownloadPdf ? (
            <Button asChild variant="outline" className="justify-self-start">
              <a href={reportPdfPath(report.bookingId)} download>
                <Download aria-hidden="true" />
                Download PDF
              </a>
            </Button>
          ) : null}
        </CardContent>
      </Card>
      {report.guards.map((guard) => (
        <Card key={guard.profileId}>
          <CardHeader>
            <CardTitle>{guard.fullName}</CardTitle>
            <CardDescription>{hours(guard.hoursCovered)} on post</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm" aria-label={`${guard.fullName}: shifts`}>
              {guard.shifts.map((s) => (
                <li key={s.shiftIndex} className="grid gap-1 rounded-md border p-3 sm:grid-cols-[1fr_auto]">
                  <span>
                    {formatDate(s.start)}, {formatTime(s.start)}–{formatTime(s.end)}
                  </span>
                  <span>
                    {s.check.checkedInAt ? (
                      <>
                        In {formatTime(s.check.checkedInAt)}, out {s.check.checkedOutAt ? formatTime(s.check.checkedOutAt) : 'not recorded'} ·{' '}
                        <VerifiedText verified={s.check.verified} />
                      </>
                    ) : s.upcoming ? (
                      <span className="text-muted-foreground">Not started yet</span>
                    ) : (
                      <span className="text-destructive">No check-in</span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
      <Card>
        <CardHeader>
          <CardTitle>Incidents</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <IncidentList incidents={report.incidents} />
        </CardContent>
      </Card>
    </div>
  );
}
