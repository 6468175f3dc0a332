import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { UpdateGuardProfileData, UpdateGuardProfileInput } from '@ops/shared/schemas/guards';
import { Label } from '@/components/ui/label.tsx';
import { Switch } from '@/components/ui/switch.tsx';

interface SwitchFieldProps {
  control: Control<UpdateGuardProfileInput, unknown, UpdateGuardProfileData>;
  name: 'highRiskCertified' | 'availability';
  label: string;
  description: string;
}

export function SwitchField({ control, name, label, description }: SwitchFieldProps) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
          <div className="grid gap-1">
            <Label htmlFor={id}>{label}</Label>
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              {description}
            </p>
          </div>
          <Switch
            id={id}
            ref={field.ref}
            onBlur={field.onBlur}
            checked={field.value ?? false}
            onCheckedChange={field.onChange}
            aria-describedby={`${id}-description`}
          />
        </div>
      )}
    />
  );
}
