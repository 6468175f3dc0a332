import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CANCELLATION_SETTINGS } from '@ops/shared/domain/cancellation-policy';
import type { SettingsInput } from '@ops/shared/schemas/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { NumberSetting } from './number-setting.tsx';

export const CANCELLATION_FIELDS = ['cancelFullNoticeHours', 'cancelFullPercent', 'cancelPartialNoticeHours', 'cancelPartialPercent'] as const;

const C = CANCELLATION_SETTINGS;
const number = { valueAsNumber: true } as const;

/** The notice policy for a client cancelling a paid booking: what goes back with how much notice (decision 030). */
export function CancellationSettingsCard({ register, errors }: { register: UseFormRegister<SettingsInput>; errors: FieldErrors<SettingsInput> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cancellation policy</CardTitle>
        <CardDescription>
          What a client gets back when they cancel a paid booking. Clients read it before paying and on their bookings; a change applies to cancellations
          from then on.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <NumberSetting
          id="settings-cancel-full-notice"
          label="Longer notice (hours before the start)"
          error={errors.cancelFullNoticeHours?.message}
          hint={`${C.fullRefundNoticeHours.min} to ${C.fullRefundNoticeHours.max} hours. Cancelling with more notice than this gets the refund with the longer notice.`}
          bounds={C.fullRefundNoticeHours}
          step={1}
          registration={register('cancelFullNoticeHours', number)}
        />
        <NumberSetting
          id="settings-cancel-full-percent"
          label="Refund with the longer notice (%)"
          error={errors.cancelFullPercent?.message}
          hint="Of the price paid, rounded down to whole KES."
          bounds={C.fullRefundPercent}
          step={1}
          registration={register('cancelFullPercent', number)}
        />
        <NumberSetting
          id="settings-cancel-partial-notice"
          label="Shorter notice (hours before the start)"
          error={errors.cancelPartialNoticeHours?.message}
          hint="Fewer hours than the longer notice. Cancelling later than this, or after the start, gets nothing back."
          bounds={C.partialRefundNoticeHours}
          step={1}
          registration={register('cancelPartialNoticeHours', number)}
        />
        <NumberSetting
          id="settings-cancel-partial-percent"
          label="Refund with the shorter notice (%)"
          error={errors.cancelPartialPercent?.message}
          hint="No more than the refund with the longer notice."
          bounds={C.partialRefundPercent}
          step={1}
          registration={register('cancelPartialPercent', number)}
        />
      </CardContent>
    </Card>
  );
}
