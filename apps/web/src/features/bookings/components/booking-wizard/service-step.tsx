import { Crown, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { WIZARD_SERVICE_TYPES, type WizardServiceType } from '@ops/shared/domain/wizard-pricing';
import { cn } from '@/lib/utils.ts';
import { WIZARD_SERVICE_OPTIONS } from '../../utils/wizard-labels.ts';

const ICONS: Record<WizardServiceType, LucideIcon> = { personal: ShieldCheck, team: Users, elite: Crown };

interface ServiceStepProps {
  value: WizardServiceType | null;
  /** Choosing a service moves on at once. */
  onChoose: (serviceType: WizardServiceType) => void;
}

export function ServiceStep({ value, onChoose }: ServiceStepProps) {
  return (
    <ul className="grid gap-3" aria-label="Services">
      {WIZARD_SERVICE_TYPES.map((type) => {
        const option = WIZARD_SERVICE_OPTIONS[type];
        const Icon = ICONS[type];
        return (
          <li key={type}>
            <button
              type="button"
              aria-pressed={value === type}
              onClick={() => onChoose(type)}
              className={cn(
                'flex w-full items-start gap-4 rounded-xl border p-4 text-left transition-colors hover:border-primary hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                value === type && 'border-primary ring-1 ring-primary',
              )}
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="grid min-w-0 gap-1">
                <span className="font-semibold">{option.label}</span>
                <span className="text-sm text-muted-foreground">{option.description}</span>
                <span className="text-xs text-muted-foreground">{option.features.join(' · ')}</span>
                <span className="text-xs font-medium text-accent-text">{option.hint}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
