import { GraduationCap } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { messageFrom } from '@/lib/notify.ts';
import { useCourses } from '../api/courses.ts';
import { CourseCard, CourseCardSkeleton } from './course-card.tsx';

const GRID = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-4';

/** The catalogue's cards, in the academy's order. */
export function CourseList() {
  const courses = useCourses();

  if (courses.isPending) {
    return (
      <div className={GRID} role="status" aria-label="Loading courses">
        {[0, 1, 2, 3].map((i) => (
          <CourseCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (courses.isError) {
    return (
      <EmptyState icon={GraduationCap} title="Courses could not be loaded" action={<Button onClick={() => void courses.refetch()}>Try Again</Button>}>
        {messageFrom(courses.error)}
      </EmptyState>
    );
  }
  if (courses.data.length === 0) {
    return <EmptyState icon={GraduationCap} title="No courses are open right now" />;
  }
  return (
    <ul className={GRID} aria-label="Courses">
      {courses.data.map((course) => (
        <li key={course.id} className="grid">
          <CourseCard course={course} />
        </li>
      ))}
    </ul>
  );
}
