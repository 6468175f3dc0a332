import { ArrowLeft, TriangleAlert } from 'lucide-react';
import { HOURLY_MIN_HOURS } from '@ops/shared/domain/booking-rules';
import type { NewBookingDto } from '@ops/shared/schemas/bookings';
import { Button } from '@/components/ui/button.tsx';
import type { PaymentSlotProps, RenderPayment } from '../../utils/booking-slots.ts';

interface WizardPaymentStepProps {
  booking: NewBookingDto;
  onGoBack: () => void;
  renderPayment: RenderPayment;
  onPaid: PaymentSlotProps['onPaid'];
  onCancel: () => void;
}

/** The last step: pay the booking (hours covered: the server's), unless it is shorter than the minimum. */
export function WizardPaymentStep({ booking, onGoBack, renderPayment, onPaid, onCancel }: WizardPaymentStepProps) {
  if (booking.durationHours < HOURLY_MIN_HOURS) {
    return (
      <div className="grid justify-items-center gap-3 py-4 text-center" role="alert">
        <TriangleAlert className="size-10 text-accent-text" aria-hidden="true" />
        <h3 className="text-lg font-semibold">Minimum Booking Required</h3>
        <p className="max-w-sm text-sm text-muted-foreground">
          Bookings are for at least {HOURLY_MIN_HOURS} hours. Please go back and change the duration.
        </p>
        <Button variant="outline" onClick={onGoBack}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
      </div>
    );
  }
  return <>{renderPayment({ booking, onPaid, onCancel })}</>;
}
