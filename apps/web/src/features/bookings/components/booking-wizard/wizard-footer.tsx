import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

interface WizardFooterProps {
  onBack: () => void;
  canGoBack: boolean;
  /** Absent on the summary, which has its own 'Proceed to Payment'. */
  onContinue?: (() => void) | undefined;
  canContinue?: boolean;
  /** /booking can be left from any step. */
  onCancel?: (() => void) | undefined;
}

export function WizardFooter({ onBack, canGoBack, onContinue, canContinue = true, onCancel }: WizardFooterProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex gap-2">
        <Button variant="outline" onClick={onBack} disabled={!canGoBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      {onContinue ? (
        <Button onClick={onContinue} disabled={!canContinue}>
          Continue
          <ArrowRight aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
