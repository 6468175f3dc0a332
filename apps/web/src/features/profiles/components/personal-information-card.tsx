import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { formResolver } from '@/lib/form-resolver.ts';
import { ROLE_LABELS } from '@ops/shared/constants';
import { formatKenyanPhone } from '@ops/shared/phone';
import { updateProfileInput, type UpdateProfileInput } from '@ops/shared/schemas/profiles';
import type { ProfileDto } from '@ops/shared/schemas/profiles';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

interface PersonalInformationCardProps {
  profile: ProfileDto;
  /** Called after a successful save, to re-read the signed-in profile. */
  onSaved: () => Promise<void> | void;
}

function formValues(profile: ProfileDto): UpdateProfileInput {
  return {
    fullName: profile.fullName,
    phone: profile.phone ? formatKenyanPhone(profile.phone) : '',
    companyName: profile.companyName ?? '',
  };
}

export function PersonalInformationCard({ profile, onSaved }: PersonalInformationCardProps) {
  const updateProfile = useUpdateProfile();
  const values = useMemo(() => formValues(profile), [profile]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: formResolver(updateProfileInput),
    values,
    // A background refresh of the profile must not wipe out what the user is typing.
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (data) => {
    try {
      const saved = await updateProfile.mutateAsync({
        fullName: data.fullName,
        phone: data.phone,
        ...(profile.isCompany ? { companyName: data.companyName || null } : {}),
      });
      // Show what was stored (the phone in its display form), not what was typed.
      reset(formValues(saved), { keepDirtyValues: false });
      notifySuccess('Success', 'Profile updated successfully');
      await onSaved();
    } catch (error) {
      const fieldMessage = applyServerFieldErrors(error, setError, ['fullName', 'phone', 'companyName']);
      notifyError(fieldMessage ?? 'Failed to update profile');
    }
  });

  const pending = updateProfile.isPending;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Personal Information</CardTitle>
          <Badge variant="secondary" aria-label={`Role: ${ROLE_LABELS[profile.role]}`}>
            {ROLE_LABELS[profile.role]}
          </Badge>
        </div>
        <CardDescription>{profile.email}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="profile-full-name" label="Full Name" required error={errors.fullName?.message}>
            {(c) => <Input autoComplete="name" {...c} {...register('fullName')} />}
          </FormField>
          <FormField id="profile-phone" label="Phone" error={errors.phone?.message}>
            {(c) => <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="0712 345 678" {...c} {...register('phone')} />}
          </FormField>
          {profile.isCompany ? (
            <FormField id="profile-company-name" label="Company Name" error={errors.companyName?.message}>
              {(c) => <Input autoComplete="organization" {...c} {...register('companyName')} />}
            </FormField>
          ) : null}
          <div>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
