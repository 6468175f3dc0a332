import { WIZARD_AREAS } from '@ops/shared/constants';
import type { FieldErrors, WizardArea } from '@ops/shared/domain/booking-rules';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import type { WizardForm } from '../../utils/wizard-form.ts';

interface LocationFieldsProps {
  form: WizardForm;
  errors: FieldErrors;
  onChange: (patch: Partial<WizardForm>) => void;
}

/**
 * The area, the address and notes. When the area is Other, a specific location is required and the
 * address box is disabled and empty (the specific location is what the booking keeps as its address).
 */
export function LocationFields({ form, errors, onChange }: LocationFieldsProps) {
  const other = form.location === 'Other';
  return (
    <div className="grid gap-5">
      <FormField id="booking-location" label="Location" required error={errors.location}>
        {(control) => (
          <NativeSelect {...control} value={form.location} onChange={(e) => onChange({ location: e.target.value as WizardArea })}>
            <option value="" disabled>
              Select a location
            </option>
            {WIZARD_AREAS.map((area) => (
              <option key={area} value={area}>
                {area}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {other ? (
        <FormField id="booking-specific-location" label="Specific location" required error={errors.address} hint="Tell us where the guards should report.">
          {(control) => (
            <Input
              {...control}
              autoComplete="street-address"
              placeholder="e.g. Two Rivers Mall, Limuru Road"
              value={form.address}
              onChange={(e) => onChange({ address: e.target.value })}
            />
          )}
        </FormField>
      ) : null}
      <FormField
        id="booking-address"
        label="Address"
        error={other ? undefined : errors.address}
        hint={other ? 'Not used when the location is Other: give the specific location above.' : 'Optional: street, building or landmark.'}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete={other ? 'off' : 'street-address'}
            placeholder={other ? undefined : 'e.g. 12 Karen Road, Gate 2'}
            disabled={other}
            value={other ? '' : form.address}
            onChange={(e) => onChange({ address: e.target.value })}
          />
        )}
      </FormField>
      <FormField id="booking-notes" label="Notes" error={errors.notes} hint="Optional: anything the guards should know.">
        {(control) => (
          <Textarea {...control} rows={3} placeholder="Special instructions" value={form.notes} onChange={(e) => onChange({ notes: e.target.value })} />
        )}
      </FormField>
    </div>
  );
}
