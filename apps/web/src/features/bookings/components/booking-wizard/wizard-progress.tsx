import { Check } from 'lucide-react';
import { cn } from '@/lib/utils.ts';
import type { WizardStep } from '../../utils/wizard-steps.ts';

interface WizardProgressProps {
  steps: readonly WizardStep[];
  index: number;
}

/** 'Step 2 of 6', a progress bar and the numbered steps (names from the small-tablet width up). */
export function WizardProgress({ steps, index }: WizardProgressProps) {
  const step = steps[index];
  const percent = Math.round(((index + 1) / steps.length) * 100);
  return (
    <div className="grid gap-3">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        Step {index + 1} of {steps.length}
        <span className="normal-case"> · {step?.label}</span>
      </p>
      <div
        role="progressbar"
        aria-label="Booking progress"
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={index + 1}
        aria-valuetext={`Step ${index + 1} of ${steps.length}: ${step?.label ?? ''}`}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <ol className="flex justify-between gap-1" aria-label="Steps">
        {steps.map((s, i) => (
          <li key={s.id} aria-current={i === index ? 'step' : undefined} className="flex min-w-0 flex-1 flex-col items-center gap-1">
            <span
              className={cn(
                'flex size-7 items-center justify-center rounded-full border text-xs font-semibold',
                i < index && 'border-primary bg-primary text-primary-foreground',
                i === index && 'border-accent bg-accent text-accent-foreground',
                i > index && 'text-muted-foreground',
              )}
            >
              {i < index ? <Check className="size-3.5" aria-hidden="true" /> : i + 1}
              {i < index ? <span className="sr-only">{i + 1}</span> : null}
            </span>
            <span className={cn('hidden truncate text-[0.7rem] sm:block', i === index ? 'font-semibold' : 'text-muted-foreground')}>{s.label}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
