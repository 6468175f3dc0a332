import { useForm } from 'react-hook-form';
import { formResolver } from '@/lib/form-resolver.ts';
import { forgotPasswordInput } from '@ops/shared/schemas/auth';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

interface ForgotPasswordFormProps {
  defaultEmail?: string;
  onDone: () => void;
}

export function ForgotPasswordForm({ defaultEmail = '', onDone }: ForgotPasswordFormProps) {
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: formResolver(forgotPasswordInput), defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(async (data) => {
    try {
      await requestReset.mutateAsync(data);
      // The answer is the same whether or not the account exists, and so is this message.
      notifySuccess('Check your email', 'If an account exists for that e-mail address, we have sent a link to reset your password.');
      onDone();
    } catch (error) {
      notifyError(messageFrom(error));
    }
  });

  const pending = requestReset.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        {(control) => <Input type="email" autoComplete="email" {...control} {...register('email')} />}
      </FormField>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? 'Please wait...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
