import { useEffect, useState } from 'react';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { AuthShell } from '@/features/auth/components/auth-shell.tsx';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form.tsx';
import { SignInForm } from '@/features/auth/components/sign-in-form.tsx';
import { SignUpForm } from '@/features/auth/components/sign-up-form.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { notifySuccess } from '@/lib/notify.ts';

type Mode = 'signin' | 'signup' | 'forgot';

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
