import { canBookGuards } from '@ops/shared/domain/permissions';
import { BackLink } from '@/components/back-link.tsx';
import { SignInRequired } from '@/components/sign-in-required.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { GuardDirectory } from '@/features/guards/components/guard-directory.tsx';
import { useAuth } from '@/lib/auth-context.tsx';

/** /guards: the list of guards, for signed-in users; only clients get the booking buttons. */
export function GuardsPage() {
  const { profile, loading } = useAuth();

  if (loading) return <PageSpinner />;
  if (!profile) {
    return <SignInRequired title="Please Log In" description="You need to log in to browse our security guards." />;
  }

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <BackLink to="/">Back to Home</BackLink>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Security Guards</h1>
        <p className="mt-2 text-muted-foreground">Vetted, professional guards ready to protect what matters to you.</p>
      </div>
      <GuardDirectory canBook={canBookGuards(profile.role)} />
    </div>
  );
}
