import { useForm } from 'react-hook-form';
import { formResolver } from '@/lib/form-resolver.ts';
import { useLocation } from 'wouter';
import { resetPasswordInput } from '@ops/shared/schemas/auth';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { INVALID_TOKEN, useResetPassword } from '../api/reset-password.ts';

interface ResetPasswordFormProps {
  token: string;
  onInvalidToken: () => void;
}

export function ResetPasswordForm({ token, onInvalidToken }: ResetPasswordFormProps) {
  const [, navigate] = useLocation();
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: formResolver(resetPasswordInput),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (data) => {
    try {
      await resetPassword.mutateAsync({ newPassword: data.password, token: data.token });
      notifySuccess('Success', 'Your password has been changed. You can sign in now.');
      navigate('/auth');
    } catch (error) {
      if (isApiError(error) && error.code === INVALID_TOKEN) return onInvalidToken();
      // The server names the field as it was sent (newPassword); the form calls it password.
      const newPasswordMessage = isApiError(error) && error.status === 400 ? error.fields.newPassword : undefined;
      if (newPasswordMessage) return setError('password', { type: 'server', message: newPasswordMessage }, { shouldFocus: true });
      const fieldMessage = applyServerFieldErrors(error, setError, ['password']);
      if (!fieldMessage) notifyError(messageFrom(error));
    }
  });

  const pending = resetPassword.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        id="reset-password"
        label="New Password"
        error={errors.password?.message}
        hint="At least 8 characters, and not one of the commonest passwords."
      >
        {(control) => <Input type="password" autoComplete="new-password" {...control} {...register('password')} />}
      </FormField>
      <FormField id="reset-confirm-password" label="Confirm New Password" error={errors.confirmPassword?.message}>
        {(control) => <Input type="password" autoComplete="new-password" {...control} {...register('confirmPassword')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? 'Please wait...' : 'Reset Password'}
      </Button>
    </form>
  );
}
