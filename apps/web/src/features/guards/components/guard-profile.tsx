import type { ReactNode } from 'react';
import { RefreshCw, SearchX } from 'lucide-react';
import { BackLink } from '@/components/back-link.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { SignInRequired } from '@/components/sign-in-required.tsx';
import { Button } from '@/components/ui/button.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useGuard } from '../api/get-guard.ts';
import { GuardAbout } from './guard-about.tsx';
import { GuardProfileHeader } from './guard-profile-header.tsx';
import { GuardRatesCard, type GuardViewer, type RenderBookAction } from './guard-rates-card.tsx';

interface GuardProfileProps {
  id: string;
  /** Null while the session is still being read. */
  viewer: GuardViewer | null;
  /** The Client Reviews card, shown once the guard is known to exist. */
  reviews: ReactNode;
  /** 'Book This Guard' for a client, when the guard is available. */
  renderBookAction?: RenderBookAction | undefined;
}

const statusOf = (error: unknown) => (isApiError(error) ? error.status : 0);
/** 404, or 400 for an id that cannot be a guard's (the server checks its form): either way, no such guard. */
const isNotFound = (status: number) => status === 404 || status === 400;

/** The guard profile page's content: the guard, their reviews and rates, and who may book. */
export function GuardProfile({ id, viewer, reviews, renderBookAction }: GuardProfileProps) {
  const guard = useGuard(id);
  const status = statusOf(guard.error);
  useErrorToast(guard.error, 'Failed to load guard profile', !isNotFound(status) && status !== 401);

  if (status === 401) {
    return <SignInRequired title="Please Log In" description="Please log in to book this guard." />;
  }

  let content: ReactNode;
  if (guard.isPending) {
    content = <LoadingMessage text="Loading guard profile..." className="min-h-[40vh]" />;
  } else if (isNotFound(status)) {
    content = (
      <EmptyState icon={SearchX} title="Guard Not Found" headingLevel="h1">
        The guard profile you are looking for does not exist or is not available.
      </EmptyState>
    );
  } else if (!guard.data) {
    content = (
      <EmptyState
        icon={SearchX}
        title="Could not load this guard"
        headingLevel="h1"
        action={
          <Button variant="outline" onClick={() => void guard.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        }
      />
    );
  } else {
    // On a phone the rates and the booking button come right after the guard, not after every review.
    content = (
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="lg:col-span-2">
          <GuardProfileHeader guard={guard.data} />
        </div>
        <div className="lg:sticky lg:top-20 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <GuardRatesCard guard={guard.data} viewer={viewer} renderBookAction={renderBookAction} />
        </div>
        <div className="grid gap-6 lg:col-span-2">
          <GuardAbout guard={guard.data} />
          {reviews}
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <BackLink to="/guards">Back to Guards</BackLink>
      {content}
    </div>
  );
}
