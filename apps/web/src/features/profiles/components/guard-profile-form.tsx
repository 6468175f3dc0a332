import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formResolver } from '@/lib/form-resolver.ts';
import { SPECIALIZATIONS, type Specialization } from '@ops/shared/constants';
import { updateGuardProfileInput, type OwnGuardProfileDto, type UpdateGuardProfileInput } from '@ops/shared/schemas/guards';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useUpdateOwnGuardProfile } from '../api/update-own-guard-profile.ts';
import { exactUsd, RateFields, type RateMemory } from './rate-fields.tsx';
import { SkillsInput } from './skills-input.tsx';
import { SwitchField } from './switch-field.tsx';

const FIELDS = ['bio', 'specialization', 'experienceYears', 'rateHourly', 'rateDaily', 'skills'] as const;

const isSpecialization = (value: string): value is Specialization => SPECIALIZATIONS.some((s) => s === value);
const readWholeNumber = (value: unknown) => (value === '' || value === null || value === undefined ? Number.NaN : Number(value));

/** The stored profile as the form edits it: rates in KES, the way the server keeps them. */
function formValues(profile: OwnGuardProfileDto | null): UpdateGuardProfileInput {
  return {
    bio: profile?.bio ?? '',
    specialization: profile?.specialization ?? null,
    experienceYears: profile?.experienceYears ?? 0,
    rateCurrency: 'KES',
    rateHourly: profile?.rateHourly ?? null,
    rateDaily: profile?.rateDaily ?? null,
    skills: profile?.skills ?? [],
    highRiskCertified: profile?.highRiskCertified ?? false,
    availability: profile?.availability ?? true,
  };
}

/** A client error (400, 409…) carries a message meant for the user; anything else gets the fallback. */
const userMessage = (error: unknown) => (isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : null);

export function GuardProfileForm({ profile }: { profile: OwnGuardProfileDto | null }) {
  const update = useUpdateOwnGuardProfile();
  const values = useMemo(() => formValues(profile), [profile]);
  const form = useForm({
    resolver: formResolver(updateGuardProfileInput),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const { register, control, handleSubmit, setError, reset, formState } = form;
  const { errors } = formState;
  // One Map for the form's life; mutated in event handlers only, never read to decide what renders.
  const [rateMemory] = useState<RateMemory>(() => new Map());

  const onSubmit = handleSubmit(async (data) => {
    try {
      const usd = data.rateCurrency === 'USD';
      const saved = await update.mutateAsync({
        ...data,
        rateHourly: usd ? exactUsd(rateMemory, 'rateHourly', data.rateHourly) : data.rateHourly,
        rateDaily: usd ? exactUsd(rateMemory, 'rateDaily', data.rateDaily) : data.rateDaily,
      });
      rateMemory.clear();
      reset(formValues(saved), { keepDirtyValues: false });
      notifySuccess('Success', 'Guard profile updated successfully');
    } catch (error) {
      const fieldMessage = applyServerFieldErrors(error, setError, FIELDS);
      notifyError(fieldMessage ?? userMessage(error) ?? 'Failed to update guard profile');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField id="guard-bio" label="Bio" error={errors.bio?.message} hint="Tell clients about your background and training.">
        {(c) => <Textarea rows={4} {...c} {...register('bio')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="guard-specialization" label="Specialization" error={errors.specialization?.message}>
          {(c) => (
            <Controller
              control={control}
              name="specialization"
              render={({ field }) => (
                <NativeSelect
                  {...c}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(isSpecialization(event.target.value) ? event.target.value : null)}
                >
                  <option value="">Choose a specialization</option>
                  {SPECIALIZATIONS.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </NativeSelect>
              )}
            />
          )}
        </FormField>
        <FormField id="guard-experience" label="Years of Experience" error={errors.experienceYears?.message}>
          {(c) => <Input inputMode="numeric" {...c} {...register('experienceYears', { setValueAs: readWholeNumber })} />}
        </FormField>
      </div>
      <RateFields form={form} memory={rateMemory} />
      <Controller
        control={control}
        name="skills"
        render={({ field }) => <SkillsInput value={field.value ?? []} onChange={field.onChange} error={errors.skills?.message} />}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SwitchField control={control} name="highRiskCertified" label="High Risk Certified" description="You hold a high-risk security certification." />
        <SwitchField control={control} name="availability" label="Available" description="Clients can book you now." />
      </div>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Guard Profile'}
        </Button>
      </div>
    </form>
  );
}
