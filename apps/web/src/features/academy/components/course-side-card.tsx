import type { ReactNode } from 'react';
import { CalendarDays, Check, MapPin } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import type { CourseDetailDto, UpcomingCohortDto } from '@ops/shared/schemas/courses';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { formatCourseDay, OPEN_FOR_ENROLLMENT, spotsLeftWarning, weeksText } from './course-format.ts';

/** 'What's Included' (specification §2.2), with the course's own length. */
export const whatsIncluded = (durationWeeks: number): string[] => [
  `${weeksText(durationWeeks)} of intensive training`,
  'Official certification',
  'Materials and equipment',
  'Practical scenario assessments',
  'Job placement assistance',
  'Access to the professional network',
];

function CohortItem({ cohort }: { cohort: UpcomingCohortDto }) {
  const warning = spotsLeftWarning(cohort);
  return (
    <li className="grid gap-1.5 rounded-lg border p-3 text-sm">
      <Badge className="w-fit" variant={cohort.statusLabel === OPEN_FOR_ENROLLMENT ? 'accent' : 'secondary'}>
        {cohort.statusLabel}
      </Badge>
      <p className="flex items-center gap-2">
        <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
        <span>
          <span className="sr-only">Starts </span>
          {formatCourseDay(cohort.startDate)}
        </span>
      </p>
      {cohort.location ? (
        <p className="flex items-center gap-2">
          <MapPin className="size-4 text-muted-foreground" aria-hidden="true" />
          <span>{cohort.location}</span>
        </p>
      ) : null}
      {warning ? <p className="font-semibold text-destructive">{warning}</p> : null}
    </li>
  );
}

/** The course's side card: fee, the enrol action, upcoming cohorts and what the fee covers. */
export function CourseSideCard({ course, enrollAction }: { course: CourseDetailDto; enrollAction: ReactNode }) {
  return (
    <Card>
      <CardContent className="grid gap-5 pt-6">
        <div>
          <p className="text-sm text-muted-foreground">Course Fee</p>
          <p className="text-3xl font-bold">{formatKes(course.price)}</p>
        </div>
        {enrollAction}
        <hr className="border-border" />
        <section aria-labelledby="course-cohorts" className="grid gap-3">
          <h2 id="course-cohorts" className="font-semibold">
            Upcoming Cohorts
          </h2>
          {course.upcomingCohorts.length > 0 ? (
            <ul className="grid gap-2" aria-label="Upcoming Cohorts">
              {course.upcomingCohorts.map((cohort) => (
                <CohortItem key={cohort.id} cohort={cohort} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No upcoming cohorts scheduled yet.</p>
          )}
        </section>
        <hr className="border-border" />
        <section aria-labelledby="course-included" className="grid gap-3">
          <h2 id="course-included" className="font-semibold">
            What&apos;s Included
          </h2>
          <ul className="grid gap-2 text-sm" aria-label="What's Included">
            {whatsIncluded(course.durationWeeks).map((item) => (
              <li key={item} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
