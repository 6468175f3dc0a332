import { useState, type FormEvent } from 'react';
import { ArrowRight } from 'lucide-react';
import { FORM_AREAS } from '@ops/shared/constants';
import type { FieldErrors, FormArea } from '@ops/shared/domain/booking-rules';
import { FORM_HOURLY_RATES, FORM_SERVICE_TYPES, type FormServiceType } from '@ops/shared/domain/form-pricing';
import { formatKes } from '@ops/shared/money';
import type { NewBookingDto } from '@ops/shared/schemas/bookings';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { notifyFailure } from '@/lib/notify.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { useCreateFormBooking } from '../../api/create-form-booking.ts';
import { useNow } from '../../hooks/use-now.ts';
import { SERVICE_TYPE_LABELS } from '../../utils/booking-display.ts';
import { BOOKING_FAILED, BOOKING_FAILED_TITLE } from '../../utils/booking-messages.ts';
import {
  canProceed,
  changeFormBooking,
  formBookingDefaults,
  formBookingErrors,
  guardsFromInput,
  guardsOf,
  liveFormQuote,
  toFormBookingInput,
} from '../../utils/form-booking.ts';
import { OptionCards } from '../booking-fields/option-cards.tsx';
import { FormBookingQuote } from './form-booking-quote.tsx';
import { FormScheduleFields } from './form-schedule-fields.tsx';

const SERVICES = FORM_SERVICE_TYPES.map((value) => ({
  value,
  label: SERVICE_TYPE_LABELS[value],
  description: `${formatKes(FORM_HOURLY_RATES[value])}/hour`,
}));

/** The single-page booking form: fill in, see the price, create the booking (pending, unpaid). */
export function FormBooking({ guardId, onCreated }: { guardId: string | null; onCreated: (booking: NewBookingDto) => void }) {
  const { defaultBookingDurationHours } = usePublicSettings();
  const [state, setState] = useState(() => formBookingDefaults(defaultBookingDurationHours));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const createBooking = useCreateFormBooking();
  const now = useNow();

  const ruleErrors = formBookingErrors(state, now);
  const errors: FieldErrors = submitted ? { ...ruleErrors, ...serverErrors } : serverErrors;
  const quote = liveFormQuote(state, ruleErrors);
  const change = (patch: Partial<typeof state>) => {
    setState((current) => changeFormBooking(current, patch));
    setServerErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(ruleErrors).length > 0) return;
    try {
      onCreated(await createBooking.mutateAsync(toFormBookingInput(state, guardId)));
    } catch (error) {
      const fields = isApiError(error) && error.status === 400 ? error.fields : {};
      if (Object.keys(fields).length > 0) setServerErrors(fields);
      else notifyFailure(BOOKING_FAILED_TITLE, isApiError(error) && error.status === 409 ? error.message : BOOKING_FAILED);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-6">
      <OptionCards<FormServiceType>
        legend="Service type"
        required
        value={state.serviceType}
        options={SERVICES}
        onChange={(serviceType) => change({ serviceType })}
        error={errors.serviceType}
        className="sm:grid-cols-2 lg:grid-cols-3"
      />
      <FormScheduleFields state={state} errors={errors} now={now} onChange={change} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="form-location" label="Location" required error={errors.location}>
          {(c) => (
            <NativeSelect {...c} value={state.location} onChange={(e) => change({ location: e.target.value as FormArea })}>
              <option value="" disabled>
                Select a location
              </option>
              {FORM_AREAS.map((area) => (
                <option key={area} value={area}>
                  {area}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="form-guards" label="Number of guards" required error={errors.guards} hint="From 1 to 20 guards.">
          {(c) => (
            <Input
              {...c}
              type="number"
              inputMode="numeric"
              min={1}
              max={20}
              step={1}
              value={state.guards === 0 ? '' : state.guards}
              onChange={(e) => change({ guards: guardsFromInput(e.target.value) })}
              onBlur={() => change({ guards: guardsOf(state) })}
            />
          )}
        </FormField>
      </div>
      <FormField id="form-notes" label="Notes" error={errors.notes} hint="Optional: anything the guards should know.">
        {(c) => <Textarea {...c} rows={3} value={state.notes} onChange={(e) => change({ notes: e.target.value })} />}
      </FormField>
      <FormBookingQuote quote={quote} />
      <Button type="submit" variant="accent" size="lg" className="w-full sm:ml-auto sm:w-auto" disabled={!canProceed(state) || createBooking.isPending}>
        {createBooking.isPending ? <Spinner label="Creating your booking" className="size-4 text-current" /> : null}
        Proceed to Payment
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}
