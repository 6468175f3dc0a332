import { useState } from 'react';
import type { FieldErrors } from '@ops/shared/domain/booking-rules';
import { BOOKING_MESSAGES, HOURLY_MAX_HOURS, HOURLY_MIN_HOURS } from '@ops/shared/domain/booking-rules';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { WizardDurationType } from '@ops/shared/domain/wizard-pricing';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { clampHours, hoursFromInput, type WizardForm } from '../../utils/wizard-form.ts';
import { OptionCards } from './option-cards.tsx';

interface ScheduleFieldsProps {
  form: WizardForm;
  errors: FieldErrors;
  now: Date;
  onChange: (patch: Partial<WizardForm>) => void;
}

const BOOKING_TYPES = [
  { value: 'hourly', label: 'Hourly', description: `${HOURLY_MIN_HOURS} to ${HOURLY_MAX_HOURS} hours` },
  { value: 'daily', label: 'Daily', description: 'Round the clock, priced per day' },
] as const;

/** Booking type, start (and end) date, start time and hours: the schedule of a wizard booking. */
export function ScheduleFields({ form, errors, now, onChange }: ScheduleFieldsProps) {
  const today = nairobiDate(now);
  // The server refuses a start further ahead than the settings allow; the picker stops there too.
  const lastStartDate = addDaysToDate(today, usePublicSettings().maxAdvanceBookingDays);
  const daily = form.durationType === 'daily';
  // A missing pair of daily dates has one message; say it once.
  const endDateError = errors.endDate === errors.date ? undefined : errors.endDate;
  // Hours below the minimum are raised to it on leaving the box; the message stays to say why.
  const [raisedToMinimum, setRaisedToMinimum] = useState(false);
  const hoursHint = raisedToMinimum ? <span role="status">{BOOKING_MESSAGES.hoursMin}</span> : `From ${HOURLY_MIN_HOURS} to ${HOURLY_MAX_HOURS} hours.`;
  return (
    <div className="grid gap-5">
      <OptionCards<WizardDurationType>
        legend="Booking type"
        value={form.durationType}
        options={BOOKING_TYPES}
        onChange={(durationType) => onChange({ durationType })}
        error={errors.durationType}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="booking-date" label={daily ? 'Start date' : 'Date'} required error={errors.date}>
          {(control) => (
            <Input {...control} type="date" min={today} max={lastStartDate} value={form.date} onChange={(e) => onChange({ date: e.target.value })} />
          )}
        </FormField>
        {daily ? (
          <FormField id="booking-end-date" label="End date" required error={endDateError}>
            {(control) => (
              <Input {...control} type="date" min={form.date || today} value={form.endDate} onChange={(e) => onChange({ endDate: e.target.value })} />
            )}
          </FormField>
        ) : null}
        <FormField id="booking-start-time" label="Start time" required error={errors.startTime}>
          {(control) => <Input {...control} type="time" value={form.startTime} onChange={(e) => onChange({ startTime: e.target.value })} />}
        </FormField>
        <FormField
          id="booking-duration"
          label="Duration (hours)"
          required={!daily}
          error={daily ? undefined : errors.duration}
          hint={daily ? 'Daily bookings cover 24 hours a day.' : hoursHint}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={HOURLY_MIN_HOURS}
              max={HOURLY_MAX_HOURS}
              step={1}
              placeholder="Minimum 6 hours"
              disabled={daily}
              value={form.duration === 0 ? '' : String(form.duration)}
              onChange={(e) => {
                setRaisedToMinimum(false);
                onChange({ duration: hoursFromInput(e.target.value) });
              }}
              onBlur={() => {
                if (daily || clampHours(form.duration) === form.duration) return;
                setRaisedToMinimum(form.duration < HOURLY_MIN_HOURS);
                onChange({ duration: clampHours(form.duration) });
              }}
            />
          )}
        </FormField>
      </div>
    </div>
  );
}
