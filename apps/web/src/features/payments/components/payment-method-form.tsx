import { useId, useState, type FormEvent } from 'react';
import { CreditCard, Smartphone } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import { formatKenyanPhone } from '@ops/shared/phone';
import { PaymentMethodPicker, type PaymentMethodOption } from '@/components/payment-method-picker.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { MpesaPhoneField, useMpesaPhone } from './mpesa-phone-field.tsx';

export type PaymentMethod = 'mpesa' | 'card';

export interface PaymentMethodFormProps {
  amount: number;
  /** The card option's name: 'Card' in the wizard, 'Card/Bank' on the single-page form. */
  cardLabel?: string;
  initialMethod?: PaymentMethod | null;
  /** The profile's phone, as stored (2547…); shown as +254 7… */
  defaultPhone?: string | null | undefined;
  busy: boolean;
  /** The server's message for the phone (400). */
  phoneError?: string | undefined;
  /** The phone was edited: the server's old message no longer applies. */
  onPhoneEdit?: () => void;
  onPay: (choice: { method: PaymentMethod; phone: string | null }) => void;
}

/** Choose M-Pesa (with the phone that gets the prompt) or card, then pay the amount. */
export function PaymentMethodForm({
  amount,
  cardLabel = 'Card',
  initialMethod = 'mpesa',
  defaultPhone,
  busy,
  phoneError,
  onPhoneEdit,
  onPay,
}: PaymentMethodFormProps) {
  const id = useId();
  const [method, setMethod] = useState<PaymentMethod | null>(initialMethod);
  const phone = useMpesaPhone(defaultPhone ? formatKenyanPhone(defaultPhone) : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!method) return;
    if (method === 'card') return onPay({ method, phone: null });
    const checked = phone.check();
    if (checked) onPay({ method, phone: checked });
  };

  const options: PaymentMethodOption<PaymentMethod>[] = [
    { value: 'mpesa', label: 'M-Pesa', hint: 'Pay from your phone with an M-Pesa prompt', icon: Smartphone },
    { value: 'card', label: cardLabel, hint: 'Visa or Mastercard on a secure checkout page', icon: CreditCard },
  ];
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">Payment method</legend>
        <PaymentMethodPicker id={id} options={options} value={method} onChange={setMethod} className="grid gap-3 sm:grid-cols-2" />
      </fieldset>
      {method === 'mpesa' ? <MpesaPhoneField id={`${id}-phone`} state={phone} serverError={phoneError} onEdit={onPhoneEdit} /> : null}
      <Button type="submit" variant="accent" size="lg" className="w-full" disabled={!method || busy}>
        {busy ? <Spinner label="Starting payment" className="size-4 text-current" /> : null}
        Pay {formatKes(amount)}
      </Button>
    </form>
  );
}
