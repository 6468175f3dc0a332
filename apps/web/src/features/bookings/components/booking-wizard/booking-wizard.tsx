import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { BookingSummaryStep } from '../booking-fields/booking-summary-step.tsx';
import { ScheduleFields } from '../booking-fields/schedule-fields.tsx';
import { useBookingWizard } from '../../hooks/use-booking-wizard.ts';
import type { RenderGuardPicker, RenderPayment } from '../../utils/booking-slots.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { clampHours, wizardDefaults, type PickedGuard } from '../../utils/wizard-form.ts';
import { MODAL_STEPS } from '../../utils/wizard-steps.ts';
import { DetailsStep } from './details-step.tsx';
import { GuardsStep } from './guards-step.tsx';
import { ServiceStep } from './service-step.tsx';
import { WizardFooter } from './wizard-footer.tsx';
import { WizardPaymentStep } from './wizard-payment-step.tsx';
import { WizardProgress } from './wizard-progress.tsx';

/** After payment the wizard shows its thanks for this long, then closes. */
export const CLOSE_AFTER_PAYMENT_MS = 1000;

interface BookingWizardProps {
  guard: PickedGuard;
  renderGuardPicker?: RenderGuardPicker | undefined;
  renderPayment: RenderPayment;
  onCompleted: (paymentId: string) => void;
  onClose: () => void;
}

/** The six steps inside the modal: header with progress, a scrolling body, Back and Continue. */
export function BookingWizard({ guard, renderGuardPicker, renderPayment, onCompleted, onClose }: BookingWizardProps) {
  // Hourly bookings start at the default duration of the settings (within the form's 6–24 hours).
  const { defaultBookingDurationHours } = usePublicSettings();
  const initialForm = useCallback(
    () => wizardDefaults({ guard, duration: clampHours(defaultBookingDurationHours) }),
    [guard, defaultBookingDurationHours],
  );
  const wizard = useBookingWizard(MODAL_STEPS, initialForm);
  const { form, step, index, errors, change } = wizard;
  const [paidId, setPaidId] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  // A new step's heading takes the focus, so a screen reader announces where the client is.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    titleRef.current?.focus();
  }, [index]);

  const finish = useEffectEvent((paymentId: string) => {
    onClose();
    onCompleted(paymentId);
  });
  useEffect(() => {
    if (!paidId) return;
    const timer = setTimeout(() => finish(paidId), CLOSE_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [paidId]);

  let body;
  switch (step.id) {
    case 'service-selection':
      body = (
        <ServiceStep
          value={form.serviceType}
          onChoose={(serviceType) => {
            change({ serviceType });
            wizard.next();
          }}
        />
      );
      break;
    case 'guard-selection':
      body = <GuardsStep form={form} errors={errors} onChange={change} renderGuardPicker={renderGuardPicker} />;
      break;
    case 'datetime-selection':
      body = <ScheduleFields form={form} errors={errors} now={wizard.now} onChange={change} />;
      break;
    case 'location-details':
      body = <DetailsStep form={form} errors={errors} onChange={change} />;
      break;
    case 'booking-summary':
      body = <BookingSummaryStep wizard={wizard} onBooked={wizard.next} />;
      break;
    case 'payment':
      body = wizard.booking ? (
        <WizardPaymentStep
          booking={wizard.booking}
          onGoBack={() => wizard.goTo('datetime-selection')}
          renderPayment={renderPayment}
          onPaid={(payment) => setPaidId(payment.id)}
          onCancel={onClose}
        />
      ) : (
        <BookingSummaryStep wizard={wizard} onBooked={wizard.next} />
      );
      break;
  }

  return (
    <>
      <header className="grid gap-4 border-b p-4 pr-12 sm:p-6 sm:pr-14">
        <div className="grid gap-1">
          <DialogTitle ref={titleRef} tabIndex={-1} className="text-xl focus:outline-none">
            {step.title}
          </DialogTitle>
          <DialogDescription>Booking {form.guard ? `with ${form.guard.name}` : 'any available guard'}</DialogDescription>
        </div>
        <WizardProgress steps={MODAL_STEPS} index={index} />
      </header>
      <div className="max-h-[78vh] min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">{body}</div>
      {step.id === 'payment' ? null : (
        <footer className="border-t p-4 sm:px-6">
          <WizardFooter
            onBack={wizard.back}
            canGoBack={index > 0}
            onContinue={step.id === 'booking-summary' ? undefined : wizard.next}
            canContinue={wizard.canContinue}
          />
        </footer>
      )}
    </>
  );
}
