import { CourseList } from '@/features/academy/components/course-list.tsx';
import { usePageTitle } from '@/features/academy/components/use-page-title.ts';

/** /courses: the academy's catalogue. */
export function CoursesPage() {
  usePageTitle('Training Courses');
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Training Academy</h1>
        <p className="mt-2 text-muted-foreground">Accredited security training in Nairobi, from your first post to leading protection details.</p>
      </div>
      <CourseList />
    </div>
  );
}
