import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { formResolver } from '@/lib/form-resolver.ts';
import { PRIVACY_NOTICE_PATH, SIGN_UP_ROLE_LABELS, SIGN_UP_ROLES, type SignUpRole } from '@ops/shared/constants';
import { signUpInput, type SignUpData, type SignUpInput } from '@ops/shared/schemas/auth';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FieldError, FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useSignUp } from '../api/sign-up.ts';

const PASSWORDS_DIFFER = 'Passwords do not match';

const FIELDS: readonly Path<SignUpInput>[] = ['fullName', 'email', 'password', 'confirmPassword', 'phone', 'role', 'companyName', 'acceptPrivacyNotice'];

const DEFAULTS: SignUpInput = {
  fullName: '',
  email: '',
  password: '',
  confirmPassword: '',
  phone: '',
  role: 'client',
  isCompany: false,
  companyName: '',
  acceptPrivacyNotice: false,
};

function isSignUpRole(value: string): value is SignUpRole {
  return (SIGN_UP_ROLES as readonly string[]).includes(value);
}

interface SignUpFormProps {
  /** The page to come back to after confirming the e-mail and signing in; '/' for none. */
  redirect?: string;
  onSignedUp: (email: string) => void;
}

export function SignUpForm({ redirect = '/', onSignedUp }: SignUpFormProps) {
  const signUp = useSignUp();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors },
  } = useForm({ resolver: formResolver(signUpInput), defaultValues: DEFAULTS });
  const role = useWatch({ control, name: 'role' });
  const isCompany = useWatch({ control, name: 'isCompany' });
  const showCompany = role === 'client';
  const showCompanyName = showCompany && isCompany === true;

  const onValid = async (data: SignUpData) => {
    try {
      const { redirect: _none, ...account } = data;
      await signUp.mutateAsync({
        ...account,
        confirmPassword: getValues('confirmPassword'),
        ...(redirect === '/' ? {} : { redirect }),
      });
      notifySuccess('Success', 'Please check your email to confirm your account.');
      onSignedUp(data.email);
    } catch (error) {
      const fieldMessage = applyServerFieldErrors(error, setError, FIELDS);
      if (!fieldMessage) notifyError(messageFrom(error));
    }
  };

  // Differing passwords are called out at once, whatever else is still missing, and nothing is sent.
  const onInvalid = () => {
    const { password, confirmPassword } = getValues();
    if (confirmPassword && password !== confirmPassword) {
      setError('confirmPassword', { type: 'mismatch', message: PASSWORDS_DIFFER });
      notifyError(PASSWORDS_DIFFER);
    }
  };

  const pending = signUp.isPending;
  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4">
      <FormField id="signup-full-name" label="Full Name" required error={errors.fullName?.message}>
        {(c) => <Input autoComplete="name" {...c} {...register('fullName')} />}
      </FormField>
      <FormField id="signup-email" label="Email" required error={errors.email?.message}>
        {(c) => <Input type="email" autoComplete="email" {...c} {...register('email')} />}
      </FormField>
      <FormField
        id="signup-password"
        label="Password"
        required
        error={errors.password?.message}
        hint="At least 8 characters, and not one of the commonest passwords."
      >
        {(c) => <Input type="password" autoComplete="new-password" {...c} {...register('password')} />}
      </FormField>
      <FormField id="signup-confirm-password" label="Confirm Password" required error={errors.confirmPassword?.message}>
        {(c) => <Input type="password" autoComplete="new-password" {...c} {...register('confirmPassword')} />}
      </FormField>
      <FormField id="signup-phone" label="Phone (optional)" error={errors.phone?.message}>
        {(c) => <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="0712 345 678" {...c} {...register('phone')} />}
      </FormField>

      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">I am joining as</legend>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <RadioGroup
              name={field.name}
              value={field.value}
              onValueChange={(value) => {
                if (!isSignUpRole(value)) return;
                field.onChange(value);
                if (value !== 'client') setValue('isCompany', false);
              }}
            >
              {SIGN_UP_ROLES.map((option) => (
                <div key={option} className="flex items-center gap-3">
                  <RadioGroupItem value={option} id={`signup-role-${option}`} />
                  <Label htmlFor={`signup-role-${option}`} className="font-normal">
                    {SIGN_UP_ROLE_LABELS[option]}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>

      {showCompany ? (
        <div className="flex items-center gap-3">
          <Controller
            control={control}
            name="isCompany"
            render={({ field }) => (
              <Checkbox id="signup-is-company" checked={field.value === true} onCheckedChange={(checked) => field.onChange(checked === true)} />
            )}
          />
          <Label htmlFor="signup-is-company" className="font-normal">
            I represent a company
          </Label>
        </div>
      ) : null}

      {showCompanyName ? (
        <FormField id="signup-company-name" label="Company Name" required error={errors.companyName?.message}>
          {(c) => <Input autoComplete="organization" {...c} {...register('companyName')} />}
        </FormField>
      ) : null}

      <div className="grid gap-2">
        <div className="flex items-center gap-3">
          <Controller
            control={control}
            name="acceptPrivacyNotice"
            render={({ field }) => (
              <Checkbox
                id="signup-privacy"
                ref={field.ref}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-required
                aria-invalid={Boolean(errors.acceptPrivacyNotice)}
                {...(errors.acceptPrivacyNotice ? { 'aria-describedby': 'signup-privacy-error' } : {})}
              />
            )}
          />
          <Label htmlFor="signup-privacy" className="font-normal">
            <span>
              I agree to the{' '}
              <a href={PRIVACY_NOTICE_PATH} target="_blank" rel="noopener" className="font-medium text-primary underline underline-offset-4">
                privacy notice<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </span>
          </Label>
        </div>
        <FieldError id="signup-privacy-error" message={errors.acceptPrivacyNotice?.message} />
      </div>

      <Button type="submit" size="lg" disabled={pending} className="mt-2 w-full">
        {pending ? 'Please wait...' : 'Sign Up'}
      </Button>
    </form>
  );
}
