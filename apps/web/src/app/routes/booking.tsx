import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { BackLink } from '@/components/back-link.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { BookingPageWizard } from '@/features/bookings/components/booking-page/booking-page-wizard.tsx';
import { GuardUnavailable } from '@/features/bookings/components/booking-page/guard-unavailable.tsx';
import { guardQueryOptions } from '@/features/guards/api/get-guard.ts';
import { useAuth } from '@/lib/auth-context.tsx';
import { useClientAccess } from '@/lib/use-client-access.ts';
import { paymentSlot, renderGuardPicker } from '../booking-slots.tsx';

function BookingWizardPage({ guardId }: { guardId: string | null }) {
  const [, navigate] = useLocation();
  const { profile } = useAuth();
  // The guard of ?guardId= is preselected; an unknown one leaves the choice open.
  const guard = useQuery({ ...guardQueryOptions(guardId ?? ''), enabled: Boolean(guardId) });
  const renderPayment = useMemo(() => paymentSlot({ defaultPhone: profile?.phone, wording: 'initiate' }), [profile?.phone]);
  const initialGuard = useMemo(() => (guard.data ? { id: guard.data.id, name: guard.data.displayName } : null), [guard.data]);

  if (guardId && guard.isPending) return <LoadingMessage text="Loading guard..." />;
  // Said before the form: the server would refuse the booking once it was filled in.
  if (guard.data && !guard.data.availability) return <GuardUnavailable guardName={guard.data.displayName} />;
  return (
    <BookingPageWizard
      initialGuard={initialGuard}
      renderGuardPicker={renderGuardPicker}
      renderPayment={renderPayment}
      onCancel={() => navigate('/guards')}
      onCompleted={() => navigate('/dashboard')}
    />
  );
}

/** /booking: the three-step wizard; ?guardId= preselects a guard. Clients only. */
export function BookingPage() {
  const access = useClientAccess();
  const [params] = useSearchParams();

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to="/guards">Back to Guards</BackLink>
      {access === 'allowed' ? <BookingWizardPage guardId={params.get('guardId')} /> : <PageSpinner />}
    </div>
  );
}
