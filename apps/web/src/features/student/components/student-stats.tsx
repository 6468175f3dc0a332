import type { LucideIcon } from 'lucide-react';
import { BookOpen, CalendarClock, FileCheck } from 'lucide-react';
import type { StudentStatsDto } from '@ops/shared/schemas/student';
import { Card, CardContent } from '@/components/ui/card.tsx';

interface Stat {
  key: keyof StudentStatsDto;
  label: string;
  hint?: string;
  icon: LucideIcon;
}

const STATS: readonly Stat[] = [
  { key: 'activeCourses', label: 'Active Courses', icon: BookOpen },
  { key: 'upcomingSessions', label: 'Upcoming Sessions', hint: 'In the next 30 days', icon: CalendarClock },
  { key: 'assessments', label: 'Assessments', icon: FileCheck },
];

/** The student's three figures; a dash until (or unless) they arrive. */
export function StudentStats({ stats }: { stats: StudentStatsDto | undefined }) {
  return (
    <section aria-label="Learning statistics" aria-busy={!stats}>
      <ul className="grid gap-4 sm:grid-cols-3">
        {STATS.map(({ key, label, hint, icon: Icon }) => (
          <li key={key}>
            <Card className="h-full" role="group" aria-labelledby={`student-stat-${key}`}>
              <CardContent className="flex items-start justify-between gap-2 p-4 sm:p-6">
                <div className="grid min-w-0 gap-1">
                  <p id={`student-stat-${key}`} className="text-sm text-muted-foreground">
                    {label}
                  </p>
                  <p className="text-2xl font-bold">{stats ? stats[key] : '—'}</p>
                  {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
                </div>
                <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
