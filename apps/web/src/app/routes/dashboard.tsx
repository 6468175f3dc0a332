import { useCallback, useState } from 'react';
import { Link, Redirect } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import type { Role } from '@ops/shared/constants';
import { bookingDisplayStatus, PENDING_PAYMENT_LABEL } from '@ops/shared/domain/booking-status';
import type { BookingSummaryDto } from '@ops/shared/schemas/bookings';
import { SignInRequired } from '@/components/sign-in-required.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { CancelPaidBooking } from '@/features/bookings/components/cancel-paid-booking.tsx';
import { CancelUnpaidBooking } from '@/features/bookings/components/cancel-unpaid-booking.tsx';
import { ClientStats } from '@/features/bookings/components/client-stats.tsx';
import { RecentBookings } from '@/features/bookings/components/recent-bookings.tsx';
import { RescheduleBooking } from '@/features/bookings/components/reschedule-booking.tsx';
import { AvailableGuards } from '@/features/guards/components/available-guards.tsx';
import { CompletePaymentDialog } from '@/features/payments/components/complete-payment-dialog.tsx';
import type { PayableBooking } from '@/features/payments/components/payment-panel.tsx';
import { LeaveReviewDialog } from '@/features/reviews/components/leave-review-dialog.tsx';
import { GuardToday } from '@/features/shifts/components/guard-today.tsx';
import { BookingShiftActions } from '@/features/shifts/components/site-code-dialog.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';

/** An admin has no client or guard dashboard: theirs is plainly 'Dashboard', pointing to the console. */
const DASHBOARD_TITLES: Partial<Record<Role, string>> = { client: 'Client Dashboard', guard: 'Guard Dashboard' };

/** /dashboard, /client-dashboard and /guard-dashboard: one screen, shaped by the user's role. */
export function DashboardPage() {
  const { profile, loading } = useAuth();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState<PayableBooking | null>(null);
  const closePayment = useCallback(() => setPaying(null), []);
  // The operator's reschedule policy: with no moves allowed, a paid booking offers no 'Reschedule'.
  const canReschedule = usePublicSettings().reschedulePolicy.maxMoves > 0;

  if (loading) return <PageSpinner />;
  if (!profile) return <SignInRequired description="You need to sign in to view your dashboard." />;
  if (profile.role === 'partner') return <Redirect to="/partner-dashboard" replace />;

  const isGuard = profile.role === 'guard';
  const isClient = profile.role === 'client';

  // A new review changes the booking (no more review), the client's figures and the guard's rating.
  const onReviewed = () => {
    void queryClient.invalidateQueries({ queryKey: ['bookings'] });
    void queryClient.invalidateQueries({ queryKey: ['guards'] });
  };
  const bookingActions = (booking: BookingSummaryDto) => {
    if (!isClient) return null;
    if (booking.status === 'completed') {
      return (
        <>
          {booking.canReview ? <LeaveReviewDialog bookingId={booking.id} guardName={booking.guard?.fullName ?? null} onReviewed={onReviewed} /> : null}
          <BookingShiftActions bookingId={booking.id} reference={booking.reference} canPin={false} />
        </>
      );
    }
    if (booking.status === 'confirmed') {
      return (
        <div className="flex flex-wrap gap-2">
          <BookingShiftActions bookingId={booking.id} reference={booking.reference} />
          {booking.paymentStatus === 'paid' && canReschedule ? <RescheduleBooking booking={booking} /> : null}
          <CancelPaidBooking booking={booking} />
        </div>
      );
    }
    // A booking still waiting for its money (unpaid, checkout started, or failed) can be paid from here.
    if (bookingDisplayStatus(booking.status, booking.paymentStatus) === PENDING_PAYMENT_LABEL) {
      return (
        <div className="flex flex-wrap gap-2">
          <CancelUnpaidBooking booking={booking} />
          <Button variant="accent" size="sm" onClick={() => setPaying({ id: booking.id, reference: booking.reference, price: booking.price })}>
            <CreditCard aria-hidden="true" />
            Complete Payment
          </Button>
        </div>
      );
    }
    return null;
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{DASHBOARD_TITLES[profile.role] ?? 'Dashboard'}</h1>
        <p className="mt-2 text-lg text-muted-foreground">Welcome back, {profile.fullName}</p>
      </div>
      {isGuard ? <GuardToday /> : null}
      {isClient ? <ClientStats /> : null}
      {isClient ? <AvailableGuards canBook /> : null}
      {profile.role === 'admin' ? (
        // Admins have no bookings of their own; every booking is in the admin console.
        <Card>
          <CardHeader className="items-start">
            <CardTitle>Recent Bookings</CardTitle>
            <CardDescription>All bookings on the platform are managed in the admin console.</CardDescription>
            <Button asChild className="mt-2">
              <Link to="/admin">Open Admin Console</Link>
            </Button>
          </CardHeader>
        </Card>
      ) : (
        <RecentBookings audience={isGuard ? 'guard' : 'client'} renderActions={bookingActions} />
      )}
      {isClient ? (
        <CompletePaymentDialog
          booking={paying}
          defaultPhone={profile.phone}
          onClose={closePayment}
          footer={paying ? <CancelUnpaidBooking booking={paying} onCancelled={closePayment} /> : null}
        />
      ) : null}
    </div>
  );
}
