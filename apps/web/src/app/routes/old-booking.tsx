import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { FormBookingFlow } from '@/features/bookings/components/booking-form/form-booking-flow.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { useClientAccess } from '@/lib/use-client-access.ts';
import { paymentSlot } from '../booking-slots.tsx';

/** /old-booking: the single-page booking form (optional ?guardId=). Clients only. */
export function OldBookingPage() {
  const access = useClientAccess();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const { profile } = useAuth();
  const renderPayment = useMemo(
    () => paymentSlot({ defaultPhone: profile?.phone, cardLabel: 'Card/Bank', initialMethod: null, wording: 'initiate' }),
    [profile?.phone],
  );

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {access === 'allowed' ? (
        <FormBookingFlow
          guardId={params.get('guardId')}
          renderPayment={renderPayment}
          onCompleted={(paymentId) => navigate(`/booking-success?payment=${encodeURIComponent(paymentId)}`)}
          onCancel={() => navigate('/dashboard')}
        />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}
