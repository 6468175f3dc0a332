import type { FieldErrors, FormBookingType, FormShiftType } from '@ops/shared/domain/booking-rules';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { OptionCards } from '../booking-fields/option-cards.tsx';
import type { FormBookingState } from '../../utils/form-booking.ts';

const BOOKING_TYPES = [
  { value: 'hourly', label: 'Hourly', description: 'From a start to an end time' },
  { value: 'daily', label: 'Daily', description: 'Day, night or custom shifts' },
  { value: 'monthly', label: 'Monthly', description: '30 days, round the clock' },
] as const;

const SHIFTS = [
  { value: 'day', label: 'Day shift', description: '6AM – 6PM' },
  { value: 'night', label: 'Night shift', description: '6PM – 6AM' },
  { value: 'custom', label: 'Custom', description: '24 hours a day from your start time' },
] as const;

interface FormScheduleFieldsProps {
  state: FormBookingState;
  errors: FieldErrors;
  now: Date;
  onChange: (patch: Partial<FormBookingState>) => void;
}

/** Booking type, dates (end date for daily and monthly), shift (daily) and times (hourly, custom). */
export function FormScheduleFields({ state, errors, now, onChange }: FormScheduleFieldsProps) {
  const today = nairobiDate(now);
  // The server refuses a start further ahead than the settings allow; the picker stops there too.
  const lastStartDate = addDaysToDate(today, usePublicSettings().maxAdvanceBookingDays);
  const { bookingType, shiftType } = state;
  const endDateError = errors.endDate === errors.startDate ? undefined : errors.endDate;
  return (
    <div className="grid gap-5">
      <OptionCards<FormBookingType>
        legend="Booking type"
        required
        value={bookingType}
        options={BOOKING_TYPES}
        onChange={(next) => onChange({ bookingType: next })}
        error={errors.bookingType}
        className="sm:grid-cols-3"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="form-start-date" label="Start date" required error={errors.startDate}>
          {(c) => (
            <Input {...c} type="date" min={today} max={lastStartDate} value={state.startDate} onChange={(e) => onChange({ startDate: e.target.value })} />
          )}
        </FormField>
        {bookingType !== 'hourly' ? (
          <FormField
            id="form-end-date"
            label="End date"
            required={bookingType === 'daily'}
            error={endDateError}
            hint={bookingType === 'monthly' ? 'A monthly booking runs 30 days from the start date.' : undefined}
          >
            {(c) => (
              <Input {...c} type="date" min={state.startDate || today} value={state.endDate} onChange={(e) => onChange({ endDate: e.target.value })} />
            )}
          </FormField>
        ) : null}
      </div>
      {bookingType === 'daily' ? (
        <OptionCards<FormShiftType>
          legend="Shift type"
          required
          value={shiftType}
          options={SHIFTS}
          onChange={(next) => onChange({ shiftType: next })}
          error={errors.shiftType}
          className="sm:grid-cols-3"
        />
      ) : null}
      {bookingType === 'hourly' || (bookingType === 'daily' && shiftType === 'custom') ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="form-start-time" label="Start time" required error={errors.startTime}>
            {(c) => <Input {...c} type="time" value={state.startTime} onChange={(e) => onChange({ startTime: e.target.value })} />}
          </FormField>
          {bookingType === 'hourly' ? (
            <FormField
              id="form-end-time"
              label="End time"
              required
              error={errors.endTime}
              hint="At least 6 hours after the start; past midnight ends the next day."
            >
              {(c) => <Input {...c} type="time" value={state.endTime} onChange={(e) => onChange({ endTime: e.target.value })} />}
            </FormField>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
