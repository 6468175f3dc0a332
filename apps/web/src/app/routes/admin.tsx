import { Redirect } from 'wouter';
import { can } from '@ops/shared/domain/permissions';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { AdminConsole } from '@/features/admin/components/admin-console.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { useSignInPath } from '@/lib/sign-in-path.ts';

/**
 * /admin and /admin-dashboard: the console, for admins only. A visitor signs in and comes back to
 * the same view; a guard goes to their dashboard, anyone else to the client dashboard.
 */
export function AdminPage() {
  const { profile, loading } = useAuth();
  const signIn = useSignInPath();
  if (loading) return <PageSpinner />;
  if (!profile) return <Redirect to={signIn} replace />;
  if (!can(profile.role, 'console.view')) {
    return <Redirect to={profile.role === 'guard' ? '/guard-dashboard' : '/client-dashboard'} replace />;
  }
  return <AdminConsole profile={profile} />;
}
