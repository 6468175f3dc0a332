import { Navigate } from 'react-router';
import { SignInRequired } from '@/components/sign-in-required.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth-context.tsx';

/** /dashboard, /client-dashboard and /guard-dashboard: one screen, titled by the user's role. */
export function DashboardPage() {
  const { profile, loading } = useAuth();

  if (loading) return <PageSpinner />;
  if (!profile) return <SignInRequired description="You need to sign in to view your dashboard." />;
  if (profile.role === 'partner') return <Navigate to="/partner-dashboard" replace />;

  const title = profile.role === 'guard' ? 'Guard Dashboard' : 'Client Dashboard';
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-lg text-muted-foreground">Welcome back, {profile.fullName}</p>
    </div>
  );
}
