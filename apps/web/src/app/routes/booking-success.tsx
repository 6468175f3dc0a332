import { Link, useLocation, useSearchParams } from 'wouter';
import { SearchX } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { SignInRequired } from '@/components/sign-in-required.tsx';
import { Button } from '@/components/ui/button.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { PaymentVerification } from '@/features/payments/components/payment-verification.tsx';
import { useAuth } from '@/lib/auth-context.tsx';

/** The provider's own id in the return address (IntaSend's tracking_id); anything else is ignored. */
const TRACKING_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** /booking-success?payment=<id>: where the checkout page sends the client back; verifies with the server. */
export function BookingSuccessPage() {
  const { profile, loading } = useAuth();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const paymentId = params.get('payment');
  const trackingId = params.get('tracking_id');

  let content;
  if (loading) {
    content = <LoadingMessage text="Verifying your payment..." className="min-h-[40vh]" />;
  } else if (!profile) {
    return <SignInRequired description="Please sign in to see the payment for your booking." />;
  } else if (!paymentId) {
    content = (
      <EmptyState
        icon={SearchX}
        title="No payment to verify"
        headingLevel="h1"
        action={
          <Button asChild>
            <Link to="/dashboard">View My Bookings</Link>
          </Button>
        }
      >
        Your bookings and their payments are on your dashboard.
      </EmptyState>
    );
  } else {
    content = (
      <PaymentVerification
        key={paymentId}
        paymentId={paymentId}
        trackingId={trackingId && TRACKING_ID.test(trackingId) ? trackingId : null}
        onRetryPaid={(payment) => navigate(`/booking-success?payment=${encodeURIComponent(payment.id)}`, { replace: true })}
      />
    );
  }
  return <div className="mx-auto max-w-xl px-4 py-8 sm:py-16">{content}</div>;
}
