import { Redirect } from 'wouter';
import type { Role } from '@ops/shared/constants';
import { can } from '@ops/shared/domain/permissions';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { useSignInPath } from '@/lib/sign-in-path.ts';
import { AdminConsole } from '../console/admin-console.tsx';

/**
 * Where someone who may not open the console is sent (§2.1): a guard to the guard dashboard, a
 * client to the client dashboard, and a partner straight to the partner portal, where the client
 * dashboard would send them on anyway (decision 020). An admin may always open it.
 */
const HOME_OF: Record<Role, string> = {
  guard: '/guard-dashboard',
  client: '/client-dashboard',
  partner: '/partner-dashboard',
  admin: '/dashboard',
};

/**
 * /admin and /admin-dashboard: the console, for admins only. A visitor signs in and comes back to
 * the same view; anyone else goes to their own home (HOME_OF).
 */
export function AdminPage() {
  const { profile, loading } = useAuth();
  const signIn = useSignInPath();
  if (loading) return <PageSpinner />;
  if (!profile) return <Redirect to={signIn} replace />;
  if (!can(profile.role, 'console.view')) return <Redirect to={HOME_OF[profile.role]} replace />;
  return <AdminConsole profile={profile} />;
}
