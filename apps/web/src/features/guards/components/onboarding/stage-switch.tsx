import { useId } from 'react';
import { ONBOARDING_STAGE_LABELS, type OnboardingStage } from '@ops/shared/domain/officer-onboarding';
import { Label } from '@/components/ui/label.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useUpdateOfficerStage } from '../../api/update-officer-stage.ts';

interface StageSwitchProps {
  profileId: string;
  stage: OnboardingStage;
  checked: boolean;
  disabled?: boolean;
}

/**
 * One onboarding stage. While the change is on its way the switch shows where it is going; when
 * the server refuses (a licence or clearance missing or expired) it goes back and the toast says why.
 */
export function StageSwitch({ profileId, stage, checked, disabled = false }: StageSwitchProps) {
  const id = useId();
  const update = useUpdateOfficerStage(profileId, {
    onSuccess: () => notifySuccess('Onboarding stage updated'),
    onError: (error) => notifyError(`Failed to update: ${messageFrom(error)}`),
  });
  const shown = update.isPending ? update.variables.value : checked;
  const change = (value: boolean) => update.mutate({ stage, value });

  return (
    <div className="flex min-h-10 items-center justify-between gap-3 rounded-md border px-3 py-2">
      <Label htmlFor={id} className="leading-snug font-normal">
        {ONBOARDING_STAGE_LABELS[stage]}
      </Label>
      <Switch id={id} checked={shown} disabled={disabled || update.isPending} onCheckedChange={change} />
    </div>
  );
}
