import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { BookingWizardDialog } from '@/features/bookings/components/booking-wizard/booking-wizard-dialog.tsx';
import type { PickedGuard } from '@/features/bookings/utils/wizard-form.ts';
import { useAuth } from '@/lib/auth-context.tsx';
import { paymentSlot, renderGuardPicker } from '../booking-slots.tsx';

interface GuardBookingWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  guard: PickedGuard;
}

/** The six-step wizard with the guard list and the payment panel; its own chunk, loaded on first open. */
export function GuardBookingWizard({ open, onOpenChange, guard }: GuardBookingWizardProps) {
  const [, navigate] = useLocation();
  const { profile } = useAuth();
  const renderPayment = useMemo(() => paymentSlot({ defaultPhone: profile?.phone }), [profile?.phone]);
  return (
    <BookingWizardDialog
      open={open}
      onOpenChange={onOpenChange}
      guard={guard}
      renderGuardPicker={renderGuardPicker}
      renderPayment={renderPayment}
      onCompleted={(paymentId) => navigate(`/booking-success?payment=${encodeURIComponent(paymentId)}`)}
    />
  );
}
