import { Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { GraduationCap } from 'lucide-react';
import type { CourseDetailDto } from '@ops/shared/schemas/courses';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { notifyInfo } from '@/lib/notify.ts';
import { LazyEnrollDialog, loadEnrollDialog } from './lazy-enroll-dialog.tsx';

export const SIGN_IN_TO_ENROLL = 'Please sign in to enroll in this course';

/** The sign-in page that brings the visitor back to this course (a same-site path, read by the auth page). */
export const enrollSignInPath = (courseId: string): string => `/auth?redirect=/courses/${encodeURIComponent(courseId)}`;

/**
 * 'Enroll Now': a visitor is asked to sign in and sent there, coming back here afterwards; someone
 * signed in gets the enrolment dialog, fetched the first time it is wanted.
 */
export function EnrollNowButton({ course }: { course: CourseDetailDto }) {
  const { user, loading } = useAuth();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const preload = () => {
    if (user) void loadEnrollDialog();
  };

  const enroll = () => {
    if (!user) {
      notifyInfo(SIGN_IN_TO_ENROLL, undefined, 'enroll-sign-in');
      navigate(enrollSignInPath(course.id));
      return;
    }
    setWanted(true);
    setOpen(true);
  };

  return (
    <>
      <Button variant="accent" size="lg" className="w-full" disabled={loading} onMouseEnter={preload} onFocus={preload} onClick={enroll}>
        <GraduationCap aria-hidden="true" />
        Enroll Now
      </Button>
      {wanted && user ? (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50">
              <Spinner label="Opening the enrolment form" className="size-8 text-white" />
            </div>
          }
        >
          <LazyEnrollDialog course={course} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
