import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { AuthShell } from '@/features/auth/components/auth-shell.tsx';
import { InvalidResetLink } from '@/features/auth/components/invalid-reset-link.tsx';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form.tsx';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [rejected, setRejected] = useState(false);

  if (!token || params.get('error') || rejected) {
    return (
      <AuthShell title="Link Invalid or Expired" description="This link can no longer be used to reset your password.">
        <InvalidResetLink />
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Choose a New Password" description="Enter a new password for your account.">
      <ResetPasswordForm token={token} onInvalidToken={() => setRejected(true)} />
    </AuthShell>
  );
}
