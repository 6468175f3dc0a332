import { useCallback, useMemo, useState } from 'react';
import type { FieldErrors } from '@ops/shared/domain/booking-rules';
import type { NewBookingDto } from '@ops/shared/schemas/bookings';
import { isApiError } from '@/lib/api-client.ts';
import { changeWizardForm, wizardFieldErrors, type WizardForm } from '../utils/wizard-form.ts';
import { stepIndexOfField, type WizardStep } from '../utils/wizard-steps.ts';
import { useNow } from './use-now.ts';

/**
 * One wizard over the shared form model: where it is, the form, every message (the rules' and
 * the server's), and the booking once it is created. Both wizards use it with their own steps.
 */
export function useBookingWizard<S extends WizardStep>(steps: readonly S[], initialForm: () => WizardForm) {
  const [form, setForm] = useState(initialForm);
  const [index, setIndex] = useState(0);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [booking, setBooking] = useState<NewBookingDto | null>(null);
  const now = useNow();

  const ruleErrors = useMemo(() => wizardFieldErrors(form, now), [form, now]);
  const errors = useMemo(() => ({ ...ruleErrors, ...serverErrors }), [ruleErrors, serverErrors]);
  const step = steps[Math.min(index, steps.length - 1)] as S;
  // The rules decide whether the client may go on; the server's messages only inform (a busy
  // guard is cured by another guard or another time, so it must not lock the client in place).
  const canContinue = !step.fields.some((field) => ruleErrors[field]);

  const change = useCallback((patch: Partial<WizardForm>) => {
    setForm((current) => changeWizardForm(current, patch));
    // Any change may cure what the server said (a busy guard: the guard or the time); it checks again at the summary.
    setServerErrors({});
  }, []);

  /**
   * Puts a refused quote's or booking's messages (400 fields, 409 guard busy) on their fields and
   * goes to the first step that shows one. False when the error carries no such message.
   */
  const showServerErrors = useCallback(
    (error: unknown): boolean => {
      if (!isApiError(error) || (error.status !== 400 && error.status !== 409)) return false;
      const fields = Object.keys(error.fields).length > 0 ? error.fields : error.status === 409 ? { guardId: error.message } : {};
      const names = Object.keys(fields);
      if (names.length === 0) return false;
      setServerErrors(fields);
      setIndex(Math.min(...names.map((name) => stepIndexOfField(steps, name))));
      return true;
    },
    [steps],
  );

  const reset = useCallback(() => {
    setForm(initialForm());
    setIndex(0);
    setServerErrors({});
    setBooking(null);
  }, [initialForm]);

  return {
    form,
    step,
    index,
    errors,
    canContinue,
    serverErrors,
    booking,
    now,
    change,
    next: () => setIndex((i) => Math.min(i + 1, steps.length - 1)),
    back: () => setIndex((i) => Math.max(i - 1, 0)),
    goTo: (id: S['id']) =>
      setIndex(
        Math.max(
          0,
          steps.findIndex((s) => s.id === id),
        ),
      ),
    setBooking,
    showServerErrors,
    reset,
  };
}

export type BookingWizardState = ReturnType<typeof useBookingWizard>;
