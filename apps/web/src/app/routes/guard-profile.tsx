import { useParams } from 'wouter';
import { canBookGuards } from '@ops/shared/domain/permissions';
import { GuardProfile } from '@/features/guards/components/guard-profile.tsx';
import type { GuardViewer } from '@/features/guards/components/guard-rates-card.tsx';
import { GuardReviews } from '@/features/reviews/components/guard-reviews.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { BookGuardButton } from './book-guard-button.tsx';

/** /guard/:id and /guards/:id: one guard's profile, their reviews, rates and the way to book them. */
export function GuardProfilePage() {
  const { id = '' } = useParams();
  const { profile, loading } = useAuth();

  let viewer: GuardViewer | null = null;
  if (!loading) viewer = !profile ? 'guest' : canBookGuards(profile.role) ? 'client' : 'other';

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <GuardProfile
        key={id}
        id={id}
        viewer={viewer}
        reviews={<GuardReviews guardId={id} />}
        renderBookAction={(guard) => <BookGuardButton guard={guard} />}
      />
    </div>
  );
}
