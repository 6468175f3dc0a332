import { useId, type ReactNode } from 'react';
import { FieldError } from '@/components/ui/form-field.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { cn } from '@/lib/utils.ts';

export interface CardOption<V extends string> {
  value: V;
  label: string;
  description?: ReactNode;
}

interface OptionCardsProps<V extends string> {
  legend: string;
  value: V | null;
  options: readonly CardOption<V>[];
  onChange: (value: V) => void;
  error?: string | undefined;
  required?: boolean;
  className?: string;
}

/** A radio group drawn as cards: the whole card is the label, the arrow keys move between them. */
export function OptionCards<V extends string>({ legend, value, options, onChange, error, required, className }: OptionCardsProps<V>) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="grid gap-2">
      <p id={`${id}-legend`} className="text-sm leading-none font-medium">
        {legend}
        {required ? (
          <span className="text-destructive" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </p>
      <RadioGroup
        value={value ?? ''}
        onValueChange={(next) => onChange(next as V)}
        aria-labelledby={`${id}-legend`}
        aria-describedby={errorId}
        aria-required={required}
        className={cn('grid gap-3 sm:grid-cols-2', className)}
      >
        {options.map((option) => (
          <label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 hover:bg-muted sm:p-4',
              value === option.value && 'border-primary ring-1 ring-primary',
            )}
          >
            <RadioGroupItem id={`${id}-${option.value}`} value={option.value} className="mt-0.5" />
            <span className="grid gap-1">
              <span className="font-medium">{option.label}</span>
              {option.description ? <span className="text-xs text-muted-foreground">{option.description}</span> : null}
            </span>
          </label>
        ))}
      </RadioGroup>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
