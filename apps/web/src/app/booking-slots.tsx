/**
 * The booking screens (bookings area) take the guard list and the payment from other areas as
 * render slots; these fill them. Pages import from here, so each area stays on its own.
 */
import { CancelUnpaidBooking } from '@/features/bookings/components/cancel-unpaid-booking.tsx';
import type { RenderGuardPicker, RenderPayment } from '@/features/bookings/utils/booking-slots.ts';
import { GuardPicker } from '@/features/guards/components/guard-picker.tsx';
import { PaymentPanel, type PaymentPanelProps } from '@/features/payments/components/payment-panel.tsx';

export const renderGuardPicker: RenderGuardPicker = (props) => <GuardPicker {...props} />;

type PaymentOptions = Pick<PaymentPanelProps, 'cardLabel' | 'initialMethod' | 'defaultPhone' | 'wording'>;

/** The payment panel for a new booking, with 'Cancel booking' under it; defaultPhone is the client's profile phone. */
export function paymentSlot(options: PaymentOptions): RenderPayment {
  return function BookingPayment({ booking, onPaid, onCancel }) {
    return (
      <PaymentPanel
        booking={booking}
        onPaid={onPaid}
        onCancel={onCancel}
        footer={<CancelUnpaidBooking booking={booking} onCancelled={onCancel} />}
        {...options}
      />
    );
  };
}
