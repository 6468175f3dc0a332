import { lazy, Suspense, useEffect, useState } from 'react';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { AuthShell } from '@/features/auth/components/auth-shell.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { notifySuccess } from '@/lib/notify.ts';

type Mode = 'signin' | 'signup' | 'forgot';

/*
 * The forms come with their form and validation libraries (about 40 KiB): they are fetched as soon
 * as this page's code runs, but the page's heading and card do not wait for them. Until a form is
 * here, its place is held at its height, so nothing below it moves when it appears.
 */
const signInForm = import('@/features/auth/components/sign-in-form.tsx');
const signUpForm = import('@/features/auth/components/sign-up-form.tsx');
const forgotPasswordForm = import('@/features/auth/components/forgot-password-form.tsx');
const SignInForm = lazy(() => signInForm.then((m) => ({ default: m.SignInForm })));
const SignUpForm = lazy(() => signUpForm.then((m) => ({ default: m.SignUpForm })));
const ForgotPasswordForm = lazy(() => forgotPasswordForm.then((m) => ({ default: m.ForgotPasswordForm })));
const FORM_HEIGHT: Record<Mode, string> = { signin: 'min-h-[244px]', signup: 'min-h-[602px]', forgot: 'min-h-[122px]' };

const COPY: Record<Mode, { title: string; description: string }> = {
  signin: { title: 'Welcome Back', description: 'Sign in to your OPS Security account.' },
  signup: {
    title: 'Create an Account',
    description: 'Book vetted security guards, or offer your services as a guard.',
  },
  forgot: {
    title: 'Forgot Password',
    description: 'Enter your e-mail address and we will send you a link to choose a new password.',
  },
};

function modeOf(value: string | null): Mode {
  return value === 'signup' || value === 'forgot' ? value : 'signin';
}

export function AuthPage() {
  const { user, loading } = useAuth();
  const [, navigate] = useLocation();
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const mode = modeOf(params.get('mode'));
  const confirmed = params.get('confirmed') === 'true';

  useEffect(() => {
    if (!confirmed) return;
    // A fixed id, so a second run of this effect does not show the toast twice.
    notifySuccess('Email Confirmed!', 'Your account is verified. You can sign in now.', 'email-confirmed');
    navigate('/auth', { replace: true });
  }, [confirmed, navigate]);

  if (loading) return <PageSpinner />;
  if (user) return <Redirect to="/" replace />;

  const switchTo = (next: Mode) => setParams(next === 'signin' ? {} : { mode: next });
  const { title, description } = COPY[mode];

  return (
    <AuthShell title={title} description={description}>
      <Suspense fallback={<div className={FORM_HEIGHT[mode]} aria-busy="true" />}>
        {mode === 'signup' ? (
          <SignUpForm
            onSignedUp={(address) => {
              setEmail(address);
              switchTo('signin');
            }}
          />
        ) : mode === 'forgot' ? (
          <ForgotPasswordForm defaultEmail={email} onDone={() => switchTo('signin')} />
        ) : (
          <SignInForm key={email} defaultEmail={email} onForgotPassword={() => switchTo('forgot')} />
        )}
      </Suspense>

      <p className="mt-6 text-center text-sm text-muted-foreground">
        {mode === 'signup' ? 'Already have an account? ' : mode === 'signin' ? "Don't have an account? " : null}
        <Button
          variant="link"
          className="font-semibold"
          onClick={() => switchTo(mode === 'signin' ? 'signup' : 'signin')}
        >
          {mode === 'signin' ? 'Sign Up' : mode === 'signup' ? 'Sign In' : 'Back to Sign In'}
        </Button>
      </p>
    </AuthShell>
  );
}
