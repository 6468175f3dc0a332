import { useForm, useWatch } from 'react-hook-form';
import { Save } from 'lucide-react';
import { SETTINGS_BOUNDS, readableUnderWhite, settingsInput, type AdminSettingsDto, type SettingsInput } from '@ops/shared/schemas/settings';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { formResolver } from '@/lib/form-resolver.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useSaveSettings } from '../api/save-settings.ts';
import { LogoField } from './logo-field.tsx';
import { NumberSetting } from './number-setting.tsx';
import { CANCELLATION_FIELDS, CancellationSettingsCard } from './cancellation-settings-card.tsx';
import { RESCHEDULE_FIELDS, RescheduleSettingsCard } from './reschedule-settings-card.tsx';
import { SHIFT_FIELDS, ShiftSettingsCard } from './shift-settings-card.tsx';

const FIELDS = [
  'companyName',
  'slogan',
  'primaryColor',
  'defaultBookingDurationHours',
  'maxAdvanceBookingDays',
  'platformCommissionPercent',
  'autoApproveGuards',
  'certificateAttendancePercent',
  ...SHIFT_FIELDS,
  ...CANCELLATION_FIELDS,
  ...RESCHEDULE_FIELDS,
] as const;
const HEX = /^#[0-9A-Fa-f]{6}$/;
const { durationHours, advanceDays, commissionPercent, certificateAttendancePercent } = SETTINGS_BOUNDS;

const valuesOf = (s: AdminSettingsDto): SettingsInput => ({
  companyName: s.companyName,
  slogan: s.slogan,
  primaryColor: s.primaryColor,
  defaultBookingDurationHours: s.defaultBookingDurationHours,
  maxAdvanceBookingDays: s.maxAdvanceBookingDays,
  platformCommissionPercent: s.platformCommissionPercent,
  autoApproveGuards: s.autoApproveGuards,
  certificateAttendancePercent: s.certificateAttendancePercent,
  reminderFirstLeadHours: s.reminderFirstLeadHours,
  reminderSecondLeadHours: s.reminderSecondLeadHours,
  checkInOpensMinutes: s.checkInOpensMinutes,
  siteRadiusMeters: s.siteRadiusMeters,
  lateGraceMinutes: s.lateGraceMinutes,
  completionGraceMinutes: s.completionGraceMinutes,
  cancelFullNoticeHours: s.cancelFullNoticeHours,
  cancelFullPercent: s.cancelFullPercent,
  cancelPartialNoticeHours: s.cancelPartialNoticeHours,
  cancelPartialPercent: s.cancelPartialPercent,
  rescheduleNoticeHours: s.rescheduleNoticeHours,
  rescheduleMaxMoves: s.rescheduleMaxMoves,
  dutyPhone: s.dutyPhone ? `0${s.dutyPhone.slice(3)}` : '',
});

/** Branding and system configuration, checked with the server's own rules and saved together. */
export function SettingsForm({ settings }: { settings: AdminSettingsDto }) {
  const save = useSaveSettings();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm<SettingsInput>({ resolver: formResolver(settingsInput), defaultValues: valuesOf(settings) });
  const colour = useWatch({ control, name: 'primaryColor' });
  const autoApprove = useWatch({ control, name: 'autoApproveGuards' });
  const shownColour = HEX.test(colour) ? colour : settings.primaryColor;

  const onSubmit = handleSubmit(async (input) => {
    try {
      reset(valuesOf(await save.mutateAsync(input)));
      notifySuccess('Settings saved');
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      notifyError('Failed to save settings');
    }
  });
  const number = { valueAsNumber: true } as const;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Branding</CardTitle>
          <CardDescription>Shown in the site's header and footer and in the e-mails we send.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id="settings-company-name" label="Company name" required error={errors.companyName?.message}>
            {(c) => <Input {...c} maxLength={SETTINGS_BOUNDS.companyNameMax + 20} {...register('companyName')} />}
          </FormField>
          <FormField
            id="settings-primary-color"
            label="Primary colour"
            required
            error={errors.primaryColor?.message}
            hint="Buttons, the header and the footer. White text must be readable on it."
          >
            {(c) => (
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label="Choose the primary colour"
                  className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
                  value={shownColour.toLowerCase()}
                  onChange={(e) => setValue('primaryColor', e.target.value.toUpperCase(), { shouldDirty: true, shouldValidate: true })}
                />
                <Input {...c} className="font-mono" placeholder="#0F1E36" {...register('primaryColor')} />
                <span
                  className="hidden h-10 shrink-0 items-center rounded-md px-3 text-sm font-medium text-white sm:inline-flex"
                  style={{ backgroundColor: shownColour }}
                  aria-hidden="true"
                >
                  {readableUnderWhite(shownColour) ? 'Button' : 'Too light'}
                </span>
              </div>
            )}
          </FormField>
          <FormField id="settings-slogan" label="Slogan" error={errors.slogan?.message} className="sm:col-span-2">
            {(c) => <Textarea {...c} rows={2} {...register('slogan')} />}
          </FormField>
          <div className="sm:col-span-2">
            <LogoField logoUrl={settings.logoUrl} companyName={settings.companyName} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>System Configuration</CardTitle>
          <CardDescription>In force from the next booking, payment or sign-up.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <NumberSetting
            id="settings-duration"
            label="Default booking duration (hours)"
            error={errors.defaultBookingDurationHours?.message}
            hint={`${durationHours.min} to ${durationHours.max} hours; fills in the hours of a new hourly booking.`}
            bounds={durationHours}
            step={1}
            registration={register('defaultBookingDurationHours', number)}
          />
          <NumberSetting
            id="settings-advance"
            label="Max advance booking (days)"
            error={errors.maxAdvanceBookingDays?.message}
            hint={`${advanceDays.min} to ${advanceDays.max} days; bookings cannot start later than this.`}
            bounds={advanceDays}
            step={1}
            registration={register('maxAdvanceBookingDays', number)}
          />
          <NumberSetting
            id="settings-commission"
            label="Platform commission (%)"
            error={errors.platformCommissionPercent?.message}
            hint={`${commissionPercent.min}% to ${commissionPercent.max}%, up to two decimals; recorded on each paid booking.`}
            bounds={commissionPercent}
            step={0.01}
            decimal
            registration={register('platformCommissionPercent', number)}
          />
          <NumberSetting
            id="settings-certificate-attendance"
            label="Certificate attendance threshold (%)"
            error={errors.certificateAttendancePercent?.message}
            hint={`${certificateAttendancePercent.min} to ${certificateAttendancePercent.max}; the share of a cohort's sessions a student must attend for a certificate.`}
            bounds={certificateAttendancePercent}
            step={1}
            registration={register('certificateAttendancePercent', number)}
          />
          <div className="grid content-start gap-2">
            <div className="flex items-center justify-between gap-3 rounded-md border p-3">
              <div className="grid gap-0.5">
                <label htmlFor="settings-auto-approve" className="text-sm font-medium">
                  Auto-approve guards
                </label>
                <p id="settings-auto-approve-hint" className="text-xs text-muted-foreground">
                  New guards are approved at sign-up. They still need a valid PSRA licence and police clearance to be booked.
                </p>
              </div>
              <Switch
                id="settings-auto-approve"
                aria-describedby="settings-auto-approve-hint"
                checked={autoApprove}
                onCheckedChange={(checked) => setValue('autoApproveGuards', checked, { shouldDirty: true })}
              />
            </div>
            {errors.autoApproveGuards?.message ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.autoApproveGuards.message}
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>

      <ShiftSettingsCard register={register} errors={errors} />
      <CancellationSettingsCard register={register} errors={errors} />
      <RescheduleSettingsCard register={register} errors={errors} />

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? 'Saving…' : 'Save Settings'}
        </Button>
        {isDirty ? <span className="text-sm text-muted-foreground">You have unsaved changes.</span> : null}
      </div>
    </form>
  );
}
