import { useRef, useState } from 'react';
import { normalizeKenyanPhone } from '@ops/shared/phone';
import { MPESA_PHONE_FORMAT, MPESA_PHONE_REQUIRED } from '@ops/shared/schemas/payments';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { notifyFailure } from '@/lib/notify.ts';

/** The phone that gets the M-Pesa prompt, as typed, and the check made before it is sent. */
export function useMpesaPhone(initial: string) {
  const ref = useRef<HTMLInputElement>(null);
  const [phone, setPhone] = useState(initial);
  const [formatError, setFormatError] = useState<string>();

  /** The number to send, or null once the client has been told what is wrong with it. */
  const check = (): string | null => {
    if (!phone.trim()) {
      notifyFailure('Phone Number Required', MPESA_PHONE_REQUIRED, 'phone-required');
      ref.current?.focus();
      return null;
    }
    if (!normalizeKenyanPhone(phone)) {
      setFormatError(MPESA_PHONE_FORMAT);
      ref.current?.focus();
      return null;
    }
    return phone.trim();
  };

  const edit = (value: string) => {
    setPhone(value);
    setFormatError(undefined);
  };
  return { ref, phone, formatError, edit, check };
}

interface MpesaPhoneFieldProps {
  id: string;
  state: ReturnType<typeof useMpesaPhone>;
  /** The server's message for the phone (400). */
  serverError?: string | undefined;
  /** The phone was edited: the server's old message no longer applies. */
  onEdit?: (() => void) | undefined;
}

export function MpesaPhoneField({ id, state, serverError, onEdit }: MpesaPhoneFieldProps) {
  return (
    <FormField id={id} label="M-Pesa phone number" required error={state.formatError ?? serverError} hint="The number that receives the M-Pesa prompt.">
      {(control) => (
        <Input
          {...control}
          ref={state.ref}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          value={state.phone}
          onChange={(e) => {
            state.edit(e.target.value);
            onEdit?.();
          }}
        />
      )}
    </FormField>
  );
}
