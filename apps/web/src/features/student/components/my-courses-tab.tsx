import { Link } from 'wouter';
import { BookOpen } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import type { StudentEnrollmentDto } from '@ops/shared/schemas/student';
import { EmptyState } from '@/components/empty-state.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { enrollmentStatusLabel, formatDay } from '../format.ts';

type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline';

const statusVariant = (status: string): BadgeVariant =>
  status === 'active' ? 'default' : status === 'rejected' || status === 'cancelled' ? 'destructive' : status === 'completed' ? 'secondary' : 'outline';

/** Paid, or (a cancelled enrolment's fee given back) Refunded; anything else is still to be paid. */
const paymentLabel = (status: string) => (status === 'paid' ? 'Paid' : status === 'refunded' ? 'Refunded' : 'Payment Pending');

/** Each enrolment, newest first: course, start date, fee, payment and status, and a way back to the course. */
export function MyCoursesTab({ enrollments }: { enrollments: StudentEnrollmentDto[] }) {
  if (enrollments.length === 0) {
    return (
      <EmptyState
        icon={BookOpen}
        title="You have not enrolled in a course yet"
        headingLevel="h3"
        action={
          <Button asChild>
            <Link to="/courses">Browse Courses</Link>
          </Button>
        }
      >
        Choose a course to start your training.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="My courses" className="grid gap-4 md:grid-cols-2">
      {enrollments.map((enrollment) => (
        <li key={enrollment.id}>
          <Card className="h-full" role="article" aria-labelledby={`enrollment-${enrollment.id}`}>
            <CardContent className="grid gap-3 p-4 sm:p-6">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 id={`enrollment-${enrollment.id}`} className="text-lg font-semibold">
                  {enrollment.courseTitle}
                </h3>
                <Badge variant={statusVariant(enrollment.status)}>{enrollmentStatusLabel(enrollment.status)}</Badge>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Start date</dt>
                <dd>{formatDay(enrollment.cohortStartDate)}</dd>
                <dt className="text-muted-foreground">Price</dt>
                <dd>{formatKes(enrollment.coursePrice)}</dd>
                <dt className="text-muted-foreground">Payment</dt>
                <dd>
                  <Badge variant={enrollment.paymentStatus === 'paid' ? 'default' : 'secondary'}>{paymentLabel(enrollment.paymentStatus)}</Badge>
                </dd>
              </dl>
              <Button asChild variant="outline" size="sm" className="justify-self-start">
                <Link to={`/courses/${enrollment.courseId}`} aria-label={`View Course: ${enrollment.courseTitle}`}>
                  View Course
                </Link>
              </Button>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
