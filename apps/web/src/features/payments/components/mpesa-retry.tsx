import { useId, type FormEvent } from 'react';
import { CreditCard, Smartphone } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { MpesaPhoneField, useMpesaPhone } from './mpesa-phone-field.tsx';

interface MpesaRetryProps {
  /** The number the last prompt went to, as the client typed it; they may correct it. */
  phone: string;
  busy: boolean;
  /** The server's message for the phone (400). */
  phoneError?: string | undefined;
  onPhoneEdit?: (() => void) | undefined;
  onResend: (phone: string) => void;
  onPayByCard: () => void;
}

/**
 * What a client can do when an M-Pesa prompt went unanswered, was declined or failed, without
 * leaving the payment: send the prompt again (to the same number, or a corrected one) or pay by card.
 */
export function MpesaRetry({ phone: lastPhone, busy, phoneError, onPhoneEdit, onResend, onPayByCard }: MpesaRetryProps) {
  const id = useId();
  const phone = useMpesaPhone(lastPhone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = phone.check();
    if (checked) onResend(checked);
  };

  return (
    <form onSubmit={submit} noValidate className="grid w-full gap-3 text-left" aria-label="Pay again">
      <MpesaPhoneField id={`${id}-phone`} state={phone} serverError={phoneError} onEdit={onPhoneEdit} />
      <Button type="submit" variant="accent" disabled={busy}>
        {busy ? <Spinner label="Starting payment" className="size-4 text-current" /> : <Smartphone aria-hidden="true" />}
        Send the prompt again
      </Button>
      <Button type="button" variant="outline" disabled={busy} onClick={onPayByCard}>
        <CreditCard aria-hidden="true" />
        Pay by card instead
      </Button>
    </form>
  );
}
