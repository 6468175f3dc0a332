import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';

export const FORGOT_PASSWORD_PATH = '/auth?mode=forgot';

export function InvalidResetLink() {
  return (
    <div className="grid gap-4 text-center">
      <p role="alert" className="text-foreground">
        This password reset link is invalid or has expired. Reset links work once and only for one hour.
      </p>
      <Button asChild size="lg" className="w-full">
        <Link to={FORGOT_PASSWORD_PATH}>Request a new reset link</Link>
      </Button>
    </div>
  );
}
