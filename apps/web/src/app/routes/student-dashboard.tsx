import { Redirect } from 'wouter';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { StudentDashboard } from '@/features/student/components/student-dashboard.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { useSignInPath } from '@/lib/sign-in-path.ts';

/** /student-dashboard: the signed-in student's courses, schedule, materials, announcements and assessments. A visitor signs in first and comes back. */
export function StudentDashboardPage() {
  const { profile, loading } = useAuth();
  const signIn = useSignInPath();
  if (loading) return <PageSpinner />;
  if (!profile) return <Redirect to={signIn} replace />;
  return <StudentDashboard fallbackName={profile.fullName} />;
}
