import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { safeRedirect } from '@ops/shared/domain/safe-redirect';
import { Button } from '@/components/ui/button.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { AuthShell } from '@/features/auth/components/auth-shell.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { notifySuccess } from '@/lib/notify.ts';

type Mode = 'signin' | 'signup' | 'forgot';

/*
 * The forms come with their form and validation libraries (about 40 KiB). The page's heading and
 * card are drawn first and the forms are fetched once that first paint is on the screen, so on a
 * slow connection they take no bandwidth from what the page shows first. Until a form is here, its
 * place is held at its height, so nothing below it moves when it appears.
 */
/** Starts loading a form's code once; a failed load is not remembered, so the next try fetches again. */
function loader<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
}
const loadSignIn = loader(() => import('@/features/auth/components/sign-in-form.tsx'));
const loadSignUp = loader(() => import('@/features/auth/components/sign-up-form.tsx'));
const loadForgotPassword = loader(() => import('@/features/auth/components/forgot-password-form.tsx'));
const SignInForm = lazy(() => loadSignIn().then((m) => ({ default: m.SignInForm })));
const SignUpForm = lazy(() => loadSignUp().then((m) => ({ default: m.SignUpForm })));
const ForgotPasswordForm = lazy(() => loadForgotPassword().then((m) => ({ default: m.ForgotPasswordForm })));

/** False until the first frame with this component in it has been painted. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the browser paints; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
const FORM_HEIGHT: Record<Mode, string> = { signin: 'min-h-[244px]', signup: 'min-h-[654px]', forgot: 'min-h-[122px]' };

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

/** The page's query: its mode, and the page to go to after signing in (kept across modes). */
function authQuery(mode: Mode, redirect: string): Record<string, string> {
  return { ...(mode === 'signin' ? {} : { mode }), ...(redirect === '/' ? {} : { redirect }) };
}

function authPath(query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `/auth?${search}` : '/auth';
}

export function AuthPage() {
  const { user, loading } = useAuth();
  const [, navigate] = useLocation();
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const mode = modeOf(params.get('mode'));
  const painted = usePainted();
  // All three, so that switching between them does not wait.
  useEffect(() => {
    if (painted) for (const load of [loadSignIn, loadSignUp, loadForgotPassword]) load().catch(() => {});
  }, [painted]);
  const confirmed = params.get('confirmed') === 'true';
  // ?redirect= is written by anyone who can send a link: only a page of this site is followed.
  const redirect = safeRedirect(params.get('redirect'));

  useEffect(() => {
    if (loading) return;
    // A fixed id, so a second run of this effect does not show the toast twice.
    if (confirmed) notifySuccess('Email Confirmed!', 'Your account is verified. You can sign in now.', 'email-confirmed');
    // Someone already signed in has nothing to do here; otherwise the toast's query is dropped.
    if (user) navigate(redirect, { replace: true });
    else if (confirmed) navigate(authPath(authQuery('signin', redirect)), { replace: true });
  }, [loading, user, confirmed, redirect, navigate]);

  // Never an empty page: the spinner stays until the next page is on the screen.
  if (loading || user) return <PageSpinner />;

  const switchTo = (next: Mode) => setParams(authQuery(next, redirect));
  const { title, description } = COPY[mode];
  const formPlaceholder = <div className={FORM_HEIGHT[mode]} aria-busy="true" />;

  return (
    <AuthShell title={title} description={description}>
      <Suspense fallback={formPlaceholder}>
        {!painted ? (
          formPlaceholder
        ) : mode === 'signup' ? (
          <SignUpForm
            redirect={redirect}
            onSignedUp={(address) => {
              setEmail(address);
              switchTo('signin');
            }}
          />
        ) : mode === 'forgot' ? (
          <ForgotPasswordForm defaultEmail={email} onDone={() => switchTo('signin')} />
        ) : (
          <SignInForm
            key={email}
            defaultEmail={email}
            redirect={redirect}
            // A confirmation link re-sent at a too-early sign-in lands here again, with the same page to go to.
            confirmedCallback={redirect === '/' ? undefined : authPath({ confirmed: 'true', ...authQuery('signin', redirect) })}
            onForgotPassword={() => switchTo('forgot')}
          />
        )}
      </Suspense>

      <p className="mt-6 text-center text-sm text-muted-foreground">
        {mode === 'signup' ? 'Already have an account? ' : mode === 'signin' ? "Don't have an account? " : null}
        <Button variant="link" className="font-semibold" onClick={() => switchTo(mode === 'signin' ? 'signup' : 'signin')}>
          {mode === 'signin' ? 'Sign Up' : mode === 'signup' ? 'Sign In' : 'Back to Sign In'}
        </Button>
      </p>
    </AuthShell>
  );
}
