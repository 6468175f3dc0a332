import { useForm } from 'react-hook-form';
import { formResolver } from '@/lib/form-resolver.ts';
import { useLocation } from 'wouter';
import { signInInput } from '@ops/shared/schemas/auth';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { messageFrom, notifyError } from '@/lib/notify.ts';
import { useSignIn } from '../api/sign-in.ts';

interface SignInFormProps {
  defaultEmail?: string;
  /** Where to go once signed in: a same-site path (the page checks it). */
  redirect?: string;
  /** Where the link of a confirmation e-mail re-sent by this sign-in should land (the server decides otherwise). */
  confirmedCallback?: string | undefined;
  onForgotPassword: () => void;
}

export function SignInForm({ defaultEmail = '', redirect = '/', confirmedCallback, onForgotPassword }: SignInFormProps) {
  const [, navigate] = useLocation();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: formResolver(signInInput),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = handleSubmit(async (data) => {
    try {
      await signIn.mutateAsync({ ...data, callbackURL: confirmedCallback });
      navigate(redirect, { replace: true });
    } catch (error) {
      // Wrong password, unconfirmed e-mail, too many attempts: the server's words are the clearest.
      notifyError(messageFrom(error));
    }
  });

  const pending = signIn.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="signin-email" label="Email" error={errors.email?.message}>
        {(control) => <Input type="email" autoComplete="email" {...control} {...register('email')} />}
      </FormField>
      <FormField id="signin-password" label="Password" error={errors.password?.message}>
        {(control) => <Input type="password" autoComplete="current-password" {...control} {...register('password')} />}
      </FormField>
      <div className="-mt-2 flex justify-end">
        <Button type="button" variant="link" size="sm" onClick={onForgotPassword}>
          Forgot password?
        </Button>
      </div>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? 'Please wait...' : 'Sign In'}
      </Button>
    </form>
  );
}
