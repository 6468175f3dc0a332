import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatKes, formatUsdFromKes } from '@ops/shared/money';
import { formatKenyanPhone } from '@ops/shared/phone';
import type { PaymentDto } from '@ops/shared/schemas/payments';
import { isApiError } from '@/lib/api-client.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { isPaymentUnsettled } from '../api/get-payment.ts';
import { useStartPayment } from '../api/start-payment.ts';
import { MpesaRetry } from './mpesa-retry.tsx';
import { PaymentMethodForm, type PaymentMethod, type PaymentMethodFormProps } from './payment-method-form.tsx';
import { PAYMENT_FAILED_FALLBACK, PaymentFailed, PaymentRefunded, PaymentSucceeded, REFUNDED_FALLBACK } from './payment-outcome.tsx';
import { PaymentWaiting } from './payment-waiting.tsx';

/** What the panel needs of a booking: the server's price is the amount owed. */
export interface PayableBooking {
  id: string;
  reference: string;
  price: number;
}

/**
 * How the screen words the start of a payment (spec §8 and §7). 'widget': the modal wizard's
 * payment step, the specification's payment widget, which says 'Payment Error' when it cannot
 * start. 'initiate': the single-page form and the three-step wizard, which "initiate" the payment:
 * 'Payment Initiated Successfully!', else 'Payment Failed' with the reason or the fallbacks.
 */
export type PaymentStartWording = 'widget' | 'initiate';

export interface PaymentPanelProps extends Pick<PaymentMethodFormProps, 'cardLabel' | 'initialMethod' | 'defaultPhone'> {
  booking: PayableBooking;
  /** 'widget' unless given. */
  wording?: PaymentStartWording;
  /** Called once, when the server confirms the payment; the host decides where to go next. */
  onPaid: (payment: PaymentDto) => void;
  /** 'Cancel' after a failure, 'Close' after a refund. */
  onCancel: () => void;
  /** Shown under the choice of payment, before any payment starts (the booking's 'Cancel booking'). */
  footer?: ReactNode;
}

type Stage =
  | { name: 'choose' }
  | { name: 'waiting'; payment: PaymentDto; note?: string | undefined }
  | { name: 'paid'; payment: PaymentDto }
  | { name: 'failed'; reason: string; method: PaymentMethod }
  | { name: 'refunded'; reason: string };

export const START_PAYMENT_FALLBACK = 'Failed to initialize payment. Please try again.';
export const PAYMENT_ERROR_TITLE = 'Payment Error';
export const PAYMENT_INITIATED = 'Payment Initiated Successfully!';
/** The server answered the start without a reason of its own. */
export const PAYMENT_INITIALIZATION_FAILED = 'Payment initialization failed';
/** The start got no answer at all (or failed in the page). */
export const PAYMENT_PROCESSING_ERROR = 'There was an error processing your payment. Please try again.';
export const PAYMENT_SYSTEM_DOWN = 'The payment system is not available right now. Please try again later.';
/** Card was asked for while the server still counts an M-Pesa prompt as ringing, and answered with it. */
export const PROMPT_STILL_OPEN =
  'Your M-Pesa prompt from a moment ago may still be on your phone, so no card payment was started. Pay it there, or decline it and then choose Pay by card instead.';

/**
 * Our own payment service could not be reached (no answer, or a server error that is not the
 * provider's refusal): the spec's 'Payment System Error'. A provider's refusal is 'Payment Failed'.
 */
function isPaymentSystemDown(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || (error.status >= 500 && error.code !== 'PAYMENT_PROVIDER_ERROR'));
}

/** The reason our server gave for refusing the start; null when the answer carried none of its own. */
function ownReason(error: unknown): string | null {
  // An answer without our error body (a proxy's page, an empty reply) gets a code made up from its status.
  return isApiError(error) && error.status > 0 && error.code !== `HTTP_${error.status}` ? error.message : null;
}

/** Why the start failed, as the single-page form and the three-step wizard say it. */
function initiateFailure(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return PAYMENT_PROCESSING_ERROR;
  return ownReason(error) ?? PAYMENT_INITIALIZATION_FAILED;
}

/** What the client is told once the payment has started: where it goes on. */
const initiatedDetail = (payment: PaymentDto) =>
  payment.method === 'mpesa'
    ? `An M-Pesa prompt for booking ${payment.bookingReference} is on its way to your phone.`
    : `Booking ${payment.bookingReference}: the secure checkout page is open.`;

export function PaymentPanel({ booking, onPaid, onCancel, wording = 'widget', footer, ...formProps }: PaymentPanelProps) {
  const [stage, setStage] = useState<Stage>({ name: 'choose' });
  const [phoneError, setPhoneError] = useState<string>();
  // The number the last prompt went to, offered again (and correctable) if it does not go through.
  const [lastPhone, setLastPhone] = useState(formProps.defaultPhone ? formatKenyanPhone(formProps.defaultPhone) : '');
  const startPayment = useStartPayment();
  const queryClient = useQueryClient();
  // A settled payment is acted on once, however often its answer arrives.
  const settled = useRef(new Set<string>());

  const settle = useCallback(
    (payment: PaymentDto) => {
      if (settled.current.has(payment.id)) return;
      settled.current.add(payment.id);
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      if (payment.status === 'paid') {
        setStage({ name: 'paid', payment });
        notifySuccess('Payment Successful!', `Booking ${payment.bookingReference} is confirmed.`, `paid-${payment.id}`);
        onPaid(payment);
      } else if (payment.status === 'failed') {
        const reason = payment.failureReason || PAYMENT_FAILED_FALLBACK;
        setStage({ name: 'failed', reason, method: payment.method });
        notifyFailure('Payment Failed', reason, `failed-${payment.id}`);
      } else {
        setStage({ name: 'refunded', reason: payment.failureReason || REFUNDED_FALLBACK });
      }
    },
    [queryClient, onPaid],
  );

  const pay = async (choice: { method: PaymentMethod; phone: string | null }) => {
    setPhoneError(undefined);
    if (choice.phone) setLastPhone(choice.phone);
    try {
      const payment = await startPayment.mutateAsync({ bookingId: booking.id, body: choice });
      if (!isPaymentUnsettled(payment.status)) return settle(payment);
      // The checkout page (card, or the sandbox's stand-in for the phone) opens in a new tab.
      if (payment.checkoutUrl) window.open(payment.checkoutUrl, '_blank', 'noopener,noreferrer');
      const sameAttempt = payment.method === choice.method;
      setStage({ name: 'waiting', payment, note: sameAttempt ? undefined : PROMPT_STILL_OPEN });
      if (wording === 'initiate' && sameAttempt) notifySuccess(PAYMENT_INITIATED, initiatedDetail(payment), `initiated-${payment.id}`);
    } catch (error) {
      const phoneMessage = isApiError(error) && error.status === 400 ? error.fields.phone : undefined;
      if (phoneMessage) setPhoneError(phoneMessage);
      else if (wording === 'initiate') notifyFailure('Payment Failed', initiateFailure(error));
      else if (isPaymentSystemDown(error)) notifyFailure('Payment System Error', PAYMENT_SYSTEM_DOWN);
      else notifyFailure(PAYMENT_ERROR_TITLE, ownReason(error) ?? START_PAYMENT_FALLBACK);
    }
  };

  const mpesaRetry = (
    <MpesaRetry
      phone={lastPhone}
      busy={startPayment.isPending}
      phoneError={phoneError}
      onPhoneEdit={() => setPhoneError(undefined)}
      onResend={(phone) => void pay({ method: 'mpesa', phone })}
      onPayByCard={() => void pay({ method: 'card', phone: null })}
    />
  );

  switch (stage.name) {
    case 'waiting':
      return (
        <PaymentWaiting
          key={stage.payment.id}
          payment={stage.payment}
          note={stage.note}
          onSettled={settle}
          retry={stage.payment.method === 'mpesa' ? mpesaRetry : undefined}
        />
      );
    case 'paid':
      return <PaymentSucceeded payment={stage.payment} />;
    case 'failed':
      // An M-Pesa prompt that did not go through is paid again on the spot; a card goes back to the choice.
      return stage.method === 'mpesa' ? (
        <PaymentFailed reason={stage.reason} next={mpesaRetry} onCancel={onCancel} />
      ) : (
        <PaymentFailed reason={stage.reason} onRetry={() => setStage({ name: 'choose' })} onCancel={onCancel} />
      );
    case 'refunded':
      return <PaymentRefunded reason={stage.reason} onClose={onCancel} />;
    default:
      return (
        <div className="grid gap-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-muted p-4">
            <p className="text-sm">
              <span className="block text-muted-foreground">Booking {booking.reference}</span>
              Amount due
            </p>
            <p className="text-right">
              <span className="block text-2xl font-bold">{formatKes(booking.price)}</span>
              <span className="text-xs text-muted-foreground">{formatUsdFromKes(booking.price)}</span>
            </p>
          </div>
          <PaymentMethodForm
            {...formProps}
            amount={booking.price}
            busy={startPayment.isPending}
            phoneError={phoneError}
            onPhoneEdit={() => setPhoneError(undefined)}
            onPay={(choice) => void pay(choice)}
          />
          {footer ? <div className="flex justify-end border-t pt-4">{footer}</div> : null}
        </div>
      );
  }
}
