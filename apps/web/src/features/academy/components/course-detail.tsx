import { Link } from 'wouter';
import { SearchX } from 'lucide-react';
import { BackLink } from '@/components/back-link.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { messageFrom } from '@/lib/notify.ts';
import { isCourseNotFound, useCourse } from '../api/courses-detail.ts';
import { CourseOverview } from './course-overview.tsx';
import { CourseSections } from './course-sections.tsx';
import { CourseSideCard } from './course-side-card.tsx';
import { EnrollNowButton } from './enroll-now-button.tsx';
import { usePageTitle } from './use-page-title.ts';

export const COURSE_NOT_FOUND = 'Course Not Found';

const LAYOUT = 'grid gap-6 lg:grid-cols-3 lg:items-start';
const MAIN = 'grid min-w-0 gap-6 lg:col-span-2';
// Sticky beside the content on wide screens; on phones it follows the description in the normal flow.
const SIDE = 'lg:sticky lg:top-20 lg:col-start-3 lg:row-span-2 lg:row-start-1';

function CourseDetailSkeleton() {
  return (
    <div className={LAYOUT} role="status" aria-label="Loading course">
      <div className={MAIN}>
        <div className="grid gap-3">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
        <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-[106px]" />
          ))}
        </div>
      </div>
      <div className={SIDE}>
        <Skeleton className="h-[560px] rounded-xl" />
      </div>
      <div className={MAIN}>
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-96 rounded-xl" />
      </div>
    </div>
  );
}

function BackToCourses() {
  return (
    <Button asChild>
      <Link to="/courses">Back to Courses</Link>
    </Button>
  );
}

/** One course's page: overview, the side card with the fee and cohorts, then the syllabus and the rest. */
export function CourseDetail({ courseId }: { courseId: string }) {
  const course = useCourse(courseId);
  const notFound = course.isError && isCourseNotFound(course.error);
  usePageTitle(course.data?.title ?? (notFound ? COURSE_NOT_FOUND : null));

  if (notFound) {
    return (
      <EmptyState icon={SearchX} title={COURSE_NOT_FOUND} headingLevel="h1" action={<BackToCourses />} className="mx-auto max-w-xl">
        The course you are looking for does not exist or is no longer offered.
      </EmptyState>
    );
  }

  let content;
  if (course.isPending) content = <CourseDetailSkeleton />;
  else if (course.isError) {
    content = (
      <EmptyState
        icon={SearchX}
        title="The course could not be loaded"
        headingLevel="h1"
        action={<Button onClick={() => void course.refetch()}>Try Again</Button>}
      >
        {messageFrom(course.error)}
      </EmptyState>
    );
  } else {
    content = (
      <div className={LAYOUT}>
        <div className={MAIN}>
          <CourseOverview course={course.data} />
        </div>
        <aside className={SIDE} aria-label="Enrolment">
          <CourseSideCard course={course.data} enrollAction={<EnrollNowButton course={course.data} />} />
        </aside>
        <div className={MAIN}>
          <CourseSections course={course.data} />
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <BackLink to="/courses">Back to Courses</BackLink>
      {content}
    </div>
  );
}
