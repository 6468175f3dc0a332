import { useEffect, useMemo } from 'react';
import { ArrowRight, Info } from 'lucide-react';
import type { NewBookingDto } from '@ops/shared/schemas/bookings';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useCreateBooking } from '../../api/create-booking.ts';
import { useBookingQuote } from '../../api/get-booking-quote.ts';
import type { BookingWizardState } from '../../hooks/use-booking-wizard.ts';
import { BOOKING_CREATED_TITLE, BOOKING_FAILED, BOOKING_FAILED_TITLE, bookingCreatedDetail } from '../../utils/booking-messages.ts';
import { toWizardBookingInput } from '../../utils/wizard-form.ts';
import { BookingReview } from './booking-review.tsx';
import { QuoteSummary } from './quote-summary.tsx';

interface BookingSummaryStepProps {
  wizard: Pick<BookingWizardState, 'form' | 'serverErrors' | 'showServerErrors' | 'setBooking'>;
  /** The booking was created (pending, unpaid): go on to pay it. */
  onBooked: (booking: NewBookingDto) => void;
}

/**
 * The review: every choice, the price the server quoted, the terms, and 'Proceed to Payment',
 * which creates the booking at that price.
 */
export function BookingSummaryStep({ wizard, onBooked }: BookingSummaryStepProps) {
  const { form, showServerErrors, serverErrors } = wizard;
  const body = useMemo(() => toWizardBookingInput(form), [form]);
  const quote = useBookingQuote(body);
  const createBooking = useCreateBooking();

  // A quote refused for a field (a past time, a busy guard) sends the client to that field.
  useEffect(() => {
    if (quote.error) showServerErrors(quote.error);
  }, [quote.error, showServerErrors]);

  const proceed = async () => {
    if (!quote.data) return;
    try {
      const booking = await createBooking.mutateAsync(toWizardBookingInput(form, quote.data.price));
      notifySuccess(BOOKING_CREATED_TITLE, bookingCreatedDetail(booking), `booked-${booking.id}`);
      wizard.setBooking(booking);
      onBooked(booking);
    } catch (error) {
      if (isApiError(error) && error.status === 409) notifyFailure(BOOKING_FAILED_TITLE, error.message);
      if (!showServerErrors(error)) notifyFailure(BOOKING_FAILED_TITLE, BOOKING_FAILED);
      // The price changed since it was shown: show the new one.
      if (isApiError(error) && error.fields.totalCost) void quote.refetch();
    }
  };

  const fieldError = quote.error && isApiError(quote.error) && (quote.error.status === 400 || quote.error.status === 409);
  return (
    <div className="grid gap-5">
      <BookingReview form={form} />
      {serverErrors.totalCost ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {serverErrors.totalCost}
        </p>
      ) : null}
      <QuoteSummary
        quote={quote.data}
        loading={quote.isFetching && !quote.data}
        failed={quote.isError && !fieldError}
        onRetry={() => void quote.refetch()}
        teamSize={form.teamSize}
        durationType={form.durationType}
      />
      <p className="flex gap-2 rounded-lg border p-3 text-xs text-muted-foreground">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          By proceeding you agree to our terms of service. Payment is required to confirm your booking, and you will receive an SMS confirmation once it is
          paid.
        </span>
      </p>
      <Button
        variant="accent"
        size="lg"
        className="w-full sm:ml-auto sm:w-auto"
        disabled={!quote.data || quote.isFetching || createBooking.isPending}
        onClick={() => void proceed()}
      >
        {createBooking.isPending ? <Spinner label="Creating your booking" className="size-4 text-current" /> : null}
        Proceed to Payment
        <ArrowRight aria-hidden="true" />
      </Button>
    </div>
  );
}
