import { useId } from 'react';
import { Link } from 'wouter';
import { Clock } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import type { CourseCardDto } from '@ops/shared/schemas/courses';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { weeksText } from './course-format.ts';

/** Card height on every screen, so the skeleton and the card take the same room. */
const CARD_CLASS = 'flex min-h-80 flex-col';

export function CourseCard({ course }: { course: CourseCardDto }) {
  const headingId = useId();
  return (
    <Card className={CARD_CLASS} role="article" aria-labelledby={headingId}>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{course.level}</Badge>
          <span className="text-xs font-medium text-muted-foreground">{course.accreditation}</span>
        </div>
        <h2 id={headingId} className="text-xl leading-tight font-semibold">
          {course.title}
        </h2>
        <p className="text-sm text-muted-foreground">{course.tagline}</p>
      </CardHeader>
      <CardContent className="mt-auto grid gap-2">
        <p className="flex items-center gap-2 text-sm">
          <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
          <span>
            <span className="sr-only">Duration: </span>
            {weeksText(course.durationWeeks)}
          </span>
        </p>
        <p className="text-2xl font-bold">
          <span className="sr-only">Course fee: </span>
          {formatKes(course.price)}
        </p>
      </CardContent>
      <CardFooter>
        <Button asChild className="w-full" aria-describedby={headingId}>
          <Link to={`/courses/${encodeURIComponent(course.id)}`}>View Course</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/** A card-sized placeholder while the catalogue loads. */
export function CourseCardSkeleton() {
  return (
    <div className={`${CARD_CLASS} gap-4 rounded-xl border p-6`} aria-hidden="true">
      <Skeleton className="h-5 w-24" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-12 w-full" />
      <div className="mt-auto grid gap-3">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-8 w-32" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}
