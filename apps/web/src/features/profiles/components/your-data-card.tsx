import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Download, Trash2 } from 'lucide-react';
import { PRIVACY_NOTICE_PATH } from '@ops/shared/constants';
import { ACCOUNTING_RETENTION_YEARS, DELETED_USER_NAME } from '@ops/shared/privacy';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { messageFrom, notifyError } from '@/lib/notify.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useExportMyData } from '../api/export-my-data.ts';

interface YourDataCardProps {
  isGuard: boolean;
  /** Called once the account is gone (the server has ended every session). */
  onDeleted: () => Promise<void> | void;
}

function DeleteAccountDialog({ isGuard, onDeleted }: YourDataCardProps) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPassword('');
      setFieldError(undefined);
      setRefusal(null);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!password) {
      setFieldError('Enter your password to confirm');
      return;
    }
    setFieldError(undefined);
    try {
      await deleteAccount.mutateAsync({ password });
      setOpen(false);
      await onDeleted();
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.fields.password) {
        setFieldError(error.fields.password);
      } else if (isApiError(error) && error.status === 409) {
        // Not now (a confirmed booking, a payment on its way): say why, in the dialog.
        setRefusal(error.message);
      } else {
        notifyError(messageFrom(error, 'Your account could not be deleted. Please try again.'));
      }
    }
  };

  const pending = deleteAccount.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>This cannot be undone. You will be signed out on every device.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 text-sm">
          <p>
            {isGuard
              ? 'Removed at once: your name, e-mail, phone number, photo, your guard profile and documents (you will no longer be listed) and your notifications. Bookings of you that are not paid yet are cancelled, and their clients told.'
              : 'Removed at once: your name, e-mail, phone number, company name, photo, your notifications, and the addresses and notes of your bookings. Bookings you have not paid for are cancelled.'}
          </p>
          <p>
            Kept, as the law requires: your bookings’ and payments’ amounts, dates and references, for {ACCOUNTING_RETENTION_YEARS} years, under the name “
            {DELETED_USER_NAME}”. Reviews you wrote stay under that name.
          </p>
          <p>While a confirmed booking of yours has not ended, or a payment is being processed, your account cannot be deleted yet.</p>
        </div>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="delete-account-password" label="Your password" required error={fieldError}>
            {(c) => <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} {...c} />}
          </FormField>
          {refusal ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {refusal}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Profile settings' 'Your Data': a copy of everything we hold, and deleting the account. */
export function YourDataCard({ isGuard, onDeleted }: YourDataCardProps) {
  const exportData = useExportMyData();

  const onExport = async () => {
    try {
      await exportData.mutateAsync();
    } catch (error) {
      notifyError(messageFrom(error, 'Your data could not be downloaded. Please try again.'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Data</CardTitle>
        <CardDescription>
          Download a copy of everything we hold about you, or delete your account. Our{' '}
          <Link to={PRIVACY_NOTICE_PATH} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
            privacy notice
          </Link>{' '}
          says what we keep and why.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void onExport()} disabled={exportData.isPending}>
          <Download aria-hidden="true" />
          {exportData.isPending ? 'Preparing your data...' : 'Download my data'}
        </Button>
        <DeleteAccountDialog isGuard={isGuard} onDeleted={onDeleted} />
      </CardContent>
    </Card>
  );
}
