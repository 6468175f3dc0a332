import { useEffect } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { notifyFailure } from '@/lib/notify.ts';
import type { RenderGuardPicker, RenderPayment } from '../../utils/booking-slots.ts';
import type { PickedGuard } from '../../utils/wizard-form.ts';
import { BookingWizard } from './booking-wizard.tsx';

export interface BookingWizardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The guard whose profile opened the wizard: preselected. */
  guard: PickedGuard;
  renderGuardPicker?: RenderGuardPicker | undefined;
  renderPayment: RenderPayment;
  /** After a confirmed payment, once the wizard has closed. */
  onCompleted: (paymentId: string) => void;
}

/**
 * The six-step booking modal. It renders only for a signed-in client: anyone else who opens it
 * is told why and it stays closed. Escape, the close button and the overlay close it; Radix keeps
 * Tab inside while it is open.
 */
export function BookingWizardDialog({ open, onOpenChange, ...wizardProps }: BookingWizardDialogProps) {
  const { profile, loading } = useAuth();
  const isClient = profile?.role === 'client';

  useEffect(() => {
    if (!open || loading || isClient) return;
    if (!profile) notifyFailure('Please sign in', 'You need to sign in to book a security guard.', 'booking-sign-in');
    else notifyFailure('Access denied', 'Only clients can book security guards.', 'booking-access-denied');
    onOpenChange(false);
  }, [open, loading, isClient, profile, onOpenChange]);

  if (!isClient) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[96dvh] max-w-2xl flex-col gap-0 overflow-hidden p-0">
        {/* Radix unmounts the content on close, so the form starts afresh every time it opens. */}
        <BookingWizard {...wizardProps} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
