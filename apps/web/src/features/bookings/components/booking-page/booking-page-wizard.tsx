import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { BookingSummaryStep } from '../booking-fields/booking-summary-step.tsx';
import { DressCodeField } from '../booking-fields/dress-code-field.tsx';
import { LocationFields } from '../booking-fields/location-fields.tsx';
import { ScheduleFields } from '../booking-fields/schedule-fields.tsx';
import { TeamSizeField } from '../booking-fields/team-size-field.tsx';
import { WizardFooter } from '../booking-wizard/wizard-footer.tsx';
import { WizardProgress } from '../booking-wizard/wizard-progress.tsx';
import { useBookingWizard } from '../../hooks/use-booking-wizard.ts';
import type { RenderGuardPicker, RenderPayment } from '../../utils/booking-slots.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { clampHours, wizardDefaults, type PickedGuard } from '../../utils/wizard-form.ts';
import { PAGE_STEPS } from '../../utils/wizard-steps.ts';

/** After payment the page shows its thanks for this long, then goes to the dashboard. */
export const LEAVE_AFTER_PAYMENT_MS = 1000;

interface BookingPageWizardProps {
  initialGuard: PickedGuard | null;
  renderGuardPicker: RenderGuardPicker;
  renderPayment: RenderPayment;
  onCancel: () => void;
  onCompleted: () => void;
}

/** /booking: Guard Selection (uniform) → Booking Details → Review & Confirm, then payment. */
export function BookingPageWizard({ initialGuard, renderGuardPicker, renderPayment, onCancel, onCompleted }: BookingPageWizardProps) {
  const { defaultBookingDurationHours } = usePublicSettings();
  const initialForm = useCallback(
    () => wizardDefaults({ serviceType: null, guard: initialGuard, duration: clampHours(defaultBookingDurationHours) }),
    [initialGuard, defaultBookingDurationHours],
  );
  const wizard = useBookingWizard(PAGE_STEPS, initialForm);
  const { form, step, index, errors, change, booking } = wizard;
  const [paid, setPaid] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    titleRef.current?.focus();
  }, [index, booking]);

  const finish = useEffectEvent(onCompleted);
  useEffect(() => {
    if (!paid) return;
    const timer = setTimeout(() => finish(), LEAVE_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [paid]);

  let body;
  if (step.id === 'service-selection') {
    body = (
      <div className="grid gap-6">
        {renderGuardPicker({ selected: form.guard, onSelect: (guard) => change({ guard }), error: errors.guardId })}
        <TeamSizeField value={form.teamSize} onChange={(teamSize) => change({ teamSize })} error={errors.teamSize} />
        <DressCodeField value={form.dressCode} onChange={(dressCode) => change({ dressCode })} error={errors.dressCode} />
      </div>
    );
  } else if (step.id === 'datetime-selection') {
    body = (
      <div className="grid gap-6">
        <ScheduleFields form={form} errors={errors} now={wizard.now} onChange={change} />
        <LocationFields form={form} errors={errors} onChange={change} />
      </div>
    );
  } else if (booking) {
    body = renderPayment({ booking, onPaid: () => setPaid(true), onCancel });
  } else {
    body = <BookingSummaryStep wizard={wizard} onBooked={() => undefined} />;
  }

  return (
    <Card>
      <CardHeader className="gap-4 p-4 sm:p-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Book Security Service</h1>
        <WizardProgress steps={PAGE_STEPS} index={index} />
      </CardHeader>
      <CardContent className="grid gap-5 p-4 pt-0 sm:p-6 sm:pt-0">
        <h2 ref={titleRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          {booking ? 'Complete Payment' : step.title}
        </h2>
        {body}
      </CardContent>
      {booking ? null : (
        <CardFooter className="block border-t p-4 sm:px-6">
          <WizardFooter
            onBack={wizard.back}
            canGoBack={index > 0}
            onContinue={step.id === 'booking-summary' ? undefined : wizard.next}
            canContinue={wizard.canContinue}
            onCancel={onCancel}
          />
        </CardFooter>
      )}
    </Card>
  );
}
