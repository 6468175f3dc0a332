import { CalendarDays, Clock, MapPin, User } from 'lucide-react';
import type { StudentSessionDto } from '@ops/shared/schemas/student';
import { EmptyState } from '@/components/empty-state.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { formatHours } from '../format.ts';

/** The next sessions of the student's courses, soonest first. */
export function ScheduleTab({ sessions }: { sessions: StudentSessionDto[] }) {
  if (sessions.length === 0) return <EmptyState icon={CalendarDays} title="No upcoming sessions scheduled" headingLevel="h3" />;
  return (
    <ul aria-label="Upcoming sessions" className="grid gap-3 sm:max-h-[36rem] sm:overflow-y-auto sm:pr-1" tabIndex={0}>
      {sessions.map((session) => (
        <li key={session.id}>
          <Card role="article" aria-labelledby={`session-${session.id}`}>
            <CardContent className="grid gap-2 p-4 sm:p-6">
              <div>
                <h3 id={`session-${session.id}`} className="font-semibold">
                  {session.title}
                </h3>
                <p className="text-sm text-muted-foreground">{session.courseTitle}</p>
              </div>
              {session.description ? <p className="text-sm">{session.description}</p> : null}
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                <li className="flex items-center gap-1.5">
                  <CalendarDays className="size-4" aria-hidden="true" />
                  <time dateTime={session.startsAt}>{formatDateTime(session.startsAt)}</time>
                </li>
                <li className="flex items-center gap-1.5">
                  <Clock className="size-4" aria-hidden="true" />
                  {formatHours(session.durationHours)}
                </li>
                {session.location ? (
                  <li className="flex items-center gap-1.5">
                    <MapPin className="size-4" aria-hidden="true" />
                    {session.location}
                  </li>
                ) : null}
                {session.instructor ? (
                  <li className="flex items-center gap-1.5">
                    <User className="size-4" aria-hidden="true" />
                    <span>
                      <span className="sr-only">Instructor: </span>
                      {session.instructor}
                    </span>
                  </li>
                ) : null}
              </ul>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
