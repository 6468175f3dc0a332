import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';

interface NumberSettingProps {
  id: string;
  label: string;
  error: string | undefined;
  /** The bounds in words and what the setting does. */
  hint: string;
  bounds: { min: number; max: number };
  step: number;
  /** Whole numbers unless set (a percentage to two decimals). */
  decimal?: boolean;
  registration: UseFormRegisterReturn;
}

/** One of the system configuration's figures: a required number between the server's bounds. */
export function NumberSetting({ id, label, error, hint, bounds, step, decimal = false, registration }: NumberSettingProps) {
  return (
    <FormField id={id} label={label} required error={error} hint={hint}>
      {(c) => <Input {...c} type="number" inputMode={decimal ? 'decimal' : 'numeric'} min={bounds.min} max={bounds.max} step={step} {...registration} />}
    </FormField>
  );
}
