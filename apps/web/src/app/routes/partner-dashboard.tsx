import { Redirect } from 'wouter';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { PartnerDashboard } from '@/features/partner/components/partner-dashboard.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { useSignInPath } from '@/lib/sign-in-path.ts';

/** /partner-dashboard: the accrediting partner's portal. A visitor signs in first; anyone else goes to their dashboard. */
export function PartnerDashboardPage() {
  const { profile, loading } = useAuth();
  const signIn = useSignInPath();
  if (loading) return <PageSpinner />;
  if (!profile) return <Redirect to={signIn} replace />;
  if (profile.role !== 'partner') return <Redirect to="/dashboard" replace />;
  return <PartnerDashboard name={profile.fullName} />;
}
