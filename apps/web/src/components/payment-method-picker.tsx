import type { LucideIcon } from 'lucide-react';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { cn } from '@/lib/utils.ts';

export interface PaymentMethodOption<V extends string> {
  value: V;
  label: string;
  /** How this method is paid, or why it is not offered. */
  hint: string;
  icon: LucideIcon;
  /** Shown greyed and not choosable; the hint says why. */
  disabled?: boolean;
}

interface PaymentMethodPickerProps<V extends string> {
  /** The start of each option's id. */
  id: string;
  options: readonly PaymentMethodOption<V>[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  className?: string;
  /** Set when the form checks the choice: whether it is wrong, and the id of the words saying why. */
  invalid?: boolean;
  errorId?: string | undefined;
}

/**
 * The ways to pay, as cards with a radio each (icon, name, and a line on how it is paid), for the
 * booking's payment and the course fee alike. Each option's line describes its radio.
 */
export function PaymentMethodPicker<V extends string>({ id, options, value, onChange, className, invalid, errorId }: PaymentMethodPickerProps<V>) {
  return (
    <RadioGroup value={value ?? ''} onValueChange={(v) => onChange(v as V)} aria-invalid={invalid} aria-describedby={errorId} className={className}>
      {options.map((option) => (
        <label
          key={option.value}
          htmlFor={`${id}-${option.value}`}
          className={cn(
            'flex items-start gap-3 rounded-lg border p-4',
            option.disabled ? 'cursor-not-allowed bg-muted/50 text-muted-foreground' : 'cursor-pointer hover:bg-muted',
            value === option.value && 'border-primary ring-1 ring-primary',
          )}
        >
          <RadioGroupItem
            id={`${id}-${option.value}`}
            value={option.value}
            disabled={option.disabled}
            aria-describedby={`${id}-${option.value}-hint`}
            className="mt-0.5"
          />
          <span className="grid gap-1">
            <span className="flex items-center gap-2 font-medium">
              <option.icon className="size-4" aria-hidden="true" />
              {option.label}
            </span>
            <span id={`${id}-${option.value}-hint`} className="text-xs text-muted-foreground">
              {option.hint}
            </span>
          </span>
        </label>
      ))}
    </RadioGroup>
  );
}
