import type { ReactNode } from 'react';
import { Award, CalendarDays, Clock, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { CourseDetailDto } from '@ops/shared/schemas/courses';
import { Badge } from '@/components/ui/badge.tsx';
import { formatCourseDay, weeksText } from './course-format.ts';

function InfoTile({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  // A definition list's groups hold only their term and value, so the icon sits inside the term.
  return (
    <div className="grid gap-1 rounded-xl border bg-card p-4">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {label}
      </dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** Level, accreditation, title, tagline and description, then the four info tiles. */
export function CourseOverview({ course }: { course: CourseDetailDto }) {
  return (
    <section aria-labelledby="course-title" className="grid gap-6">
      <div className="grid gap-3">
        <div className="flex flex-wrap gap-2">
          <Badge>{course.level}</Badge>
          <Badge variant="outline">{course.accreditation}</Badge>
        </div>
        <h1 id="course-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {course.title}
        </h1>
        <p className="text-lg text-muted-foreground">{course.tagline}</p>
        <p className="leading-relaxed">{course.description}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <InfoTile icon={Clock} label="Duration">
          {weeksText(course.durationWeeks)}
        </InfoTile>
        <InfoTile icon={Award} label="Accreditation">
          {course.accreditation}
        </InfoTile>
        <InfoTile icon={Users} label="Class Size">
          Max {course.maxStudents} Students
        </InfoTile>
        <InfoTile icon={CalendarDays} label="Next Start">
          {course.nextStart ? formatCourseDay(course.nextStart) : 'To be announced'}
        </InfoTile>
      </dl>
    </section>
  );
}
