import { canBookGuards } from '@ops/shared/domain/permissions';
import { Hero } from '@/features/home/components/hero.tsx';
import { WelcomePanel } from '@/features/home/components/welcome-panel.tsx';
import { WhyChooseUs } from '@/features/home/components/why-choose-us.tsx';
import { useAuth } from '@/lib/auth-context.tsx';

export function HomePage() {
  const { profile } = useAuth();
  return (
    <>
      <Hero canBook={canBookGuards(profile?.role)} />
      {profile ? <WelcomePanel role={profile.role} /> : null}
      <WhyChooseUs />
    </>
  );
}
