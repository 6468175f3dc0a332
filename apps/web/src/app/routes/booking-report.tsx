import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { SignInRequired } from '@/components/sign-in-required.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { LeaveReviewDialog } from '@/features/reviews/components/leave-review-dialog.tsx';
import { useShiftReport } from '@/features/shifts/api/shift-report.ts';
import { ShiftReport } from '@/features/shifts/components/shift-report.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { messageFrom } from '@/lib/notify.ts';

/** /bookings/:id/report: the client's shift report (admins may read it too). */
export function BookingReportPage() {
  const { profile, loading } = useAuth();
  if (loading) return <PageSpinner />;
  if (!profile) return <SignInRequired description="You need to sign in to read this shift report." />;
  if (profile.role !== 'client' && profile.role !== 'admin')
    return (
      <div className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">Shift report</h1>
        <p className="text-muted-foreground">A shift report is for the booking's client and the operator.</p>
        <Button asChild variant="outline" className="justify-self-center">
          <Link to="/dashboard">Back to the dashboard</Link>
        </Button>
      </div>
    );
  return <ReportBody />;
}

function ReportBody() {
  const { id = '' } = useParams<{ id: string }>();
  const report = useShiftReport(id);
  const queryClient = useQueryClient();
  // The review is one press away once the booking is complete; afterwards the report reads again.
  const review = report.data?.canReview ? (
    <LeaveReviewDialog
      bookingId={report.data.bookingId}
      guardName={report.data.guards[0]?.fullName ?? null}
      onReviewed={() => {
        void queryClient.invalidateQueries({ queryKey: ['shifts', 'report', id] });
        void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      }}
    />
  ) : null;
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to={`/dashboard?booking=${encodeURIComponent(id)}`}>
          <ArrowLeft aria-hidden="true" />
          Back to the dashboard
        </Link>
      </Button>
      {report.isPending ? <PageSpinner /> : null}
      {report.isError ? <p className="text-destructive">{messageFrom(report.error, 'The shift report could not be loaded.')}</p> : null}
      {report.data ? <ShiftReport report={report.data} actions={review} /> : null}
    </div>
  );
}
