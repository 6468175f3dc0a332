import { Link, useLocation } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { SignInRequired } from '@/components/sign-in-required.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { GuardDocumentsCard } from '@/features/profiles/components/guard-documents-card.tsx';
import { GuardProfileCard } from '@/features/profiles/components/guard-profile-card.tsx';
import { PersonalInformationCard } from '@/features/profiles/components/personal-information-card.tsx';
import { YourDataCard } from '@/features/profiles/components/your-data-card.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { notifySuccess } from '@/lib/notify.ts';

export function ProfilePage() {
  const { profile, loading, refreshProfile } = useAuth();
  const [, navigate] = useLocation();

  if (loading) return <PageSpinner />;
  if (!profile) return <SignInRequired description="You need to sign in to view your profile." />;

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to="/dashboard"
        className="inline-flex w-fit items-center gap-2 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Dashboard
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">Profile Settings</h1>
      <PersonalInformationCard profile={profile} onSaved={refreshProfile} />
      {profile.role === 'guard' ? <GuardProfileCard /> : null}
      {profile.role === 'guard' ? <GuardDocumentsCard /> : null}
      <YourDataCard
        isGuard={profile.role === 'guard'}
        onDeleted={async () => {
          notifySuccess('Account deleted', 'Your account and personal data have been deleted.');
          // The server ended the session: reading it again signs the app out and forgets cached data.
          await refreshProfile();
          navigate('/');
        }}
      />
    </div>
  );
}
