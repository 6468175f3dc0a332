import type { FieldErrors } from '@ops/shared/domain/booking-rules';
import { FieldError } from '@/components/ui/form-field.tsx';
import { TeamSizeField } from '../booking-fields/team-size-field.tsx';
import type { RenderGuardPicker } from '../../utils/booking-slots.ts';
import type { WizardForm } from '../../utils/wizard-form.ts';
import { WIZARD_SERVICE_OPTIONS } from '../../utils/wizard-labels.ts';

interface GuardsStepProps {
  form: WizardForm;
  errors: FieldErrors;
  onChange: (patch: Partial<WizardForm>) => void;
  renderGuardPicker?: RenderGuardPicker | undefined;
}

/** Number of guards and the guard: the one chosen on the profile, or another. */
export function GuardsStep({ form, errors, onChange, renderGuardPicker }: GuardsStepProps) {
  return (
    <div className="grid gap-6">
      <TeamSizeField
        value={form.teamSize}
        onChange={(teamSize) => onChange({ teamSize })}
        error={errors.teamSize}
        hint={form.serviceType ? WIZARD_SERVICE_OPTIONS[form.serviceType].hint : undefined}
      />
      {renderGuardPicker ? (
        renderGuardPicker({ selected: form.guard, onSelect: (guard) => onChange({ guard }), error: errors.guardId })
      ) : (
        <div className="grid gap-1 text-sm">
          <p className="font-medium">Guard</p>
          <p>{form.guard?.name ?? 'Any available guard'}</p>
          <FieldError message={errors.guardId} />
        </div>
      )}
    </div>
  );
}
