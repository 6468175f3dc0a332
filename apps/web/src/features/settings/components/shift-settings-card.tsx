import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SHIFT_SETTINGS } from '@ops/shared/domain/shift-rules';
import type { SettingsInput } from '@ops/shared/schemas/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NumberSetting } from './number-setting.tsx';

export const SHIFT_FIELDS = [
  'reminderFirstLeadHours',
  'reminderSecondLeadHours',
  'checkInOpensMinutes',
  'siteRadiusMeters',
  'lateGraceMinutes',
  'completionGraceMinutes',
  'dutyPhone',
] as const;

const S = SHIFT_SETTINGS;
const number = { valueAsNumber: true } as const;

/** How the platform runs a shift: reminders, check-in, lateness, completion, and who hears of trouble. */
export function ShiftSettingsCard({ register, errors }: { register: UseFormRegister<SettingsInput>; errors: FieldErrors<SettingsInput> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shifts</CardTitle>
        <CardDescription>Reminders before a booking, check-in at the post, late alerts and completion without an admin.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <NumberSetting
          id="settings-reminder-first"
          label="First reminder (hours before)"
          error={errors.reminderFirstLeadHours?.message}
          hint={`${S.reminderFirstLeadHours.min} to ${S.reminderFirstLeadHours.max} hours; SMS and e-mail to the client and the guards.`}
          bounds={S.reminderFirstLeadHours}
          step={1}
          registration={register('reminderFirstLeadHours', number)}
        />
        <NumberSetting
          id="settings-reminder-second"
          label="Second reminder (hours before)"
          error={errors.reminderSecondLeadHours?.message}
          hint={`${S.reminderSecondLeadHours.min} to ${S.reminderSecondLeadHours.max} hours, fewer than the first.`}
          bounds={S.reminderSecondLeadHours}
          step={1}
          registration={register('reminderSecondLeadHours', number)}
        />
        <NumberSetting
          id="settings-check-in-opens"
          label="Check-in opens (minutes before)"
          error={errors.checkInOpensMinutes?.message}
          hint={`${S.checkInOpensMinutes.min} to ${S.checkInOpensMinutes.max} minutes before the shift starts.`}
          bounds={S.checkInOpensMinutes}
          step={5}
          registration={register('checkInOpensMinutes', number)}
        />
        <NumberSetting
          id="settings-site-radius"
          label="Site distance (metres)"
          error={errors.siteRadiusMeters?.message}
          hint={`${S.siteRadiusMeters.min} to ${S.siteRadiusMeters.max} m: a check-in this close to the client's pin is verified at the site.`}
          bounds={S.siteRadiusMeters}
          step={10}
          registration={register('siteRadiusMeters', number)}
        />
        <NumberSetting
          id="settings-late-grace"
          label="Late after (minutes)"
          error={errors.lateGraceMinutes?.message}
          hint={`${S.lateGraceMinutes.min} to ${S.lateGraceMinutes.max} minutes past the start without a check-in: you are alerted.`}
          bounds={S.lateGraceMinutes}
          step={5}
          registration={register('lateGraceMinutes', number)}
        />
        <NumberSetting
          id="settings-completion-grace"
          label="Complete without check-out after (minutes)"
          error={errors.completionGraceMinutes?.message}
          hint={`${S.completionGraceMinutes.min} to ${S.completionGraceMinutes.max} minutes past the end.`}
          bounds={S.completionGraceMinutes}
          step={15}
          registration={register('completionGraceMinutes', number)}
        />
        <FormField
          id="settings-duty-phone"
          label="Duty phone for alerts"
          error={errors.dutyPhone?.message}
          hint="Late guards and high-severity incidents are sent here by SMS. Leave empty for none."
        >
          {(c) => <Input {...c} type="tel" inputMode="tel" autoComplete="off" {...register('dutyPhone')} />}
        </FormField>
      </CardContent>
    </Card>
  );
}
