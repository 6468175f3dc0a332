import { GUARDS_MAX, GUARDS_MIN } from '@ops/shared/domain/booking-rules';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { teamSizeFromInput } from '../../utils/wizard-form.ts';

interface TeamSizeFieldProps {
  value: number;
  onChange: (teamSize: number) => void;
  error?: string | undefined;
  /** The chosen service's typical team ('Typical: 2-10 guards'); not enforced. */
  hint?: string | undefined;
}

/** Number of guards, 1 to 20: a value below 1 becomes 1; an empty box is 0 and says so. */
export function TeamSizeField({ value, onChange, error, hint }: TeamSizeFieldProps) {
  return (
    <FormField
      id="booking-team-size"
      label="Number of guards"
      required
      error={error}
      hint={hint ? `${hint}. You can book ${GUARDS_MIN} to ${GUARDS_MAX} guards.` : `You can book ${GUARDS_MIN} to ${GUARDS_MAX} guards.`}
    >
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={GUARDS_MIN}
          max={GUARDS_MAX}
          step={1}
          className="max-w-40"
          value={value === 0 ? '' : String(value)}
          onChange={(event) => onChange(teamSizeFromInput(event.target.value))}
        />
      )}
    </FormField>
  );
}
