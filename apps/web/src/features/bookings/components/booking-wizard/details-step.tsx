import type { FieldErrors } from '@ops/shared/domain/booking-rules';
import { DressCodeField } from '../booking-fields/dress-code-field.tsx';
import { LocationFields } from '../booking-fields/location-fields.tsx';
import type { WizardForm } from '../../utils/wizard-form.ts';

interface DetailsStepProps {
  form: WizardForm;
  errors: FieldErrors;
  onChange: (patch: Partial<WizardForm>) => void;
}

export function DetailsStep({ form, errors, onChange }: DetailsStepProps) {
  return (
    <div className="grid gap-6">
      <LocationFields form={form} errors={errors} onChange={onChange} />
      <DressCodeField value={form.dressCode} onChange={(dressCode) => onChange({ dressCode })} error={errors.dressCode} />
    </div>
  );
}
