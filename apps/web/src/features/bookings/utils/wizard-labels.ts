import type { DressCode } from '@ops/shared/constants';
import type { WizardServiceType } from '@ops/shared/domain/wizard-pricing';

export interface ServiceOption {
  label: string;
  description: string;
  features: readonly string[];
  /** Not enforced: the guards box allows 1 to 20. */
  hint: string;
}

export const WIZARD_SERVICE_OPTIONS: Readonly<Record<WizardServiceType, ServiceOption>> = {
  personal: {
    label: 'Personal Guard',
    description: 'An individual professional guard',
    features: ['Professional training', 'Background verified', 'Flexible hours'],
    hint: 'Typical: 1 guard',
  },
  team: {
    label: 'Security Team',
    description: 'Multiple guards for events or large properties',
    features: ['Multiple guards', 'Team coordination', 'Event security'],
    hint: 'Typical: 2-10 guards',
  },
  elite: {
    label: 'Elite Protection',
    description: 'Premium security with advanced training',
    features: ['Advanced training', 'VIP protection', '24/7 availability'],
    hint: 'Typical: 1-5 guards',
  },
};

export const DRESS_CODE_OPTIONS: Readonly<Record<DressCode, { label: string; description: string }>> = {
  business_suit: { label: 'Business Suit', description: 'Corporate and formal events' },
  tactical_uniform: { label: 'Tactical Uniform', description: 'High-visibility presence' },
};
