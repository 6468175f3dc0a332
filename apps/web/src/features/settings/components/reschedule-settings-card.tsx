import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { RESCHEDULE_SETTINGS } from '@ops/shared/domain/reschedule-policy';
import type { SettingsInput } from '@ops/shared/schemas/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { NumberSetting } from './number-setting.tsx';

export const RESCHEDULE_FIELDS = ['rescheduleNoticeHours', 'rescheduleMaxMoves'] as const;

const R = RESCHEDULE_SETTINGS;
const number = { valueAsNumber: true } as const;

/** When a client may move a paid booking to a new start (decision 030). */
export function RescheduleSettingsCard({ register, errors }: { register: UseFormRegister<SettingsInput>; errors: FieldErrors<SettingsInput> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reschedule policy</CardTitle>
        <CardDescription>
          When a client can move a paid booking to a new start; the length, the guards and the price stay the same. A change applies to bookings already
          made too, from the next move on.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <NumberSetting
          id="settings-reschedule-notice"
          label="Reschedule notice (hours)"
          error={errors.rescheduleNoticeHours?.message}
          hint={`${R.noticeHours.min} to ${R.noticeHours.max} hours. A booking can be moved until this long before its start; 0 allows it up to the start.`}
          bounds={R.noticeHours}
          step={1}
          registration={register('rescheduleNoticeHours', number)}
        />
        <NumberSetting
          id="settings-reschedule-moves"
          label="Moves per booking"
          error={errors.rescheduleMaxMoves?.message}
          hint={`${R.maxMoves.min} to ${R.maxMoves.max}. How many times a client can move one booking; 0 means clients cannot reschedule.`}
          bounds={R.maxMoves}
          step={1}
          registration={register('rescheduleMaxMoves', number)}
        />
      </CardContent>
    </Card>
  );
}
