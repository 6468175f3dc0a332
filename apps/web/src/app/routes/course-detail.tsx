import { useParams } from 'wouter';
import { CourseDetail } from '@/features/academy/components/course-detail.tsx';

/** The course shown at /courses/ (no id). */
const DEFAULT_COURSE_ID = 'cpo';

/** /courses/{courseId}: one course (cpo when no id is given). */
export function CourseDetailPage() {
  const { courseId } = useParams<{ courseId?: string }>();
  const id = courseId || DEFAULT_COURSE_ID;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <CourseDetail key={id} courseId={id} />
    </div>
  );
}
