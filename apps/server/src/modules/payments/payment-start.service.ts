/**
 * Starting (or retrying) the payment of a booking: the amount is the booking's price from the
 * database, the attempt is stored before the provider is called (so its outcome is never lost),
 * and a start whose answer never came is left to the webhook, the re-check job and the sweep of
 * payments in flight to settle. One live attempt per booking: pressing Pay again answers with it.
 */
import type { PaymentDto } from '@ops/shared/schemas/payments';
import type { Transaction } from '../../db/client.ts';
import type { CurrentUser } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { PaymentProviderError } from '../../providers/payments/payment-provider.ts';
import { HOLD_EXPIRED_REASON, lockBooking, startPayment as markPaymentStarted, type BookingRow } from '../bookings/booking-lifecycle.service.ts';
import {
  ALREADY_PAID_MESSAGE,
  CANCELLED_MESSAGE,
  HOLD_EXPIRED_MESSAGE,
  UNKNOWN_OUTCOME_WAIT_MS,
  providerFailure,
  scheduleRecheck,
  type PaymentDeps,
} from './payment-common.ts';
import { getPaymentDto } from './payment-dto.ts';
import { findPayerContact } from './payment-bookings.repo.ts';
import { markStartRefused, recordCheckoutStarted, storeAttempt } from './payment-lifecycle.service.ts';
import { markBookingFailedIfNoAttemptLeft, settlePayment } from './payment-settle.service.ts';
import { askProviderAbout } from './payment-status.service.ts';
import { countBookingPayments, findInFlightPayments, isOnlinePayment, lockPayment, type PaymentRow } from './payments.repo.ts';

export interface StartPaymentData {
  method: 'mpesa' | 'card';
  phone: string | null;
}

function assertPayable(booking: BookingRow, now: Date): void {
  if (booking.status === 'confirmed' || booking.status === 'completed' || booking.paymentStatus === 'paid') throw AppError.conflict(ALREADY_PAID_MESSAGE);
  if (booking.status === 'cancelled' || booking.paymentStatus === 'refunded') {
    throw AppError.conflict(booking.cancelledReason === HOLD_EXPIRED_REASON ? HOLD_EXPIRED_MESSAGE : CANCELLED_MESSAGE);
  }
  if (booking.holdExpiresAt && booking.holdExpiresAt <= now) throw AppError.conflict(HOLD_EXPIRED_MESSAGE);
  if (booking.price <= 0) throw AppError.conflict('This booking has nothing to pay.');
}

/**
 * Earlier attempts may have been paid or have failed meanwhile (a card page paid, then closed; a
 * prompt declined): ask before charging again, or before answering with one of them.
 */
async function settleEarlierAttempts(deps: PaymentDeps, bookingId: string, payerProfileId: string): Promise<void> {
  for (const attempt of await findInFlightPayments(deps.db, bookingId, payerProfileId)) {
    try {
      const status = await askProviderAbout(deps, attempt);
      if (status) await settlePayment(deps, attempt.id, status);
    } catch (err) {
      deps.logger.warn({ err, paymentId: attempt.id }, 'could not re-check an earlier payment attempt before a new one');
    }
  }
}

/**
 * How long an attempt counts as live: an M-Pesa prompt rings on the phone for about a minute (and
 * a start whose answer never came may be ringing), a hosted card page stays open much longer.
 */
export const LIVE_ATTEMPT_MS: Record<StartPaymentData['method'], number> = { mpesa: UNKNOWN_OUTCOME_WAIT_MS, card: 30 * 60_000 };

/**
 * The attempt already under way that a new press of Pay answers with, if any: a prompt still
 * ringing, whatever the client asks for now (another prompt would ring twice; a card beside it could
 * take the money twice, as no prompt can be withdrawn: decision 015), or the card page already
 * opened when the client asks for card again. A card page left open does not keep the client from
 * choosing M-Pesa instead: no money moves on it unless the client goes back to it.
 */
function liveAttempt(inFlight: PaymentRow[], method: StartPaymentData['method'], now: Date): PaymentRow | undefined {
  const live = inFlight.filter(isOnlinePayment).filter((p) => now.getTime() - p.createdAt.getTime() < LIVE_ATTEMPT_MS[p.method]);
  return live.find((p) => p.method === 'mpesa') ?? live.find((p) => p.method === method);
}

/**
 * Locks the booking, checks it may be paid now, and stores the new attempt as pending with its first
 * re-check; or finds the live attempt to answer with instead.
 */
async function openAttempt(
  deps: PaymentDeps,
  payer: CurrentUser,
  bookingId: string,
  input: StartPaymentData,
): Promise<{ payment: PaymentRow; booking: BookingRow; created: boolean }> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || booking.clientProfileId !== payer.profileId) throw AppError.notFound('Booking not found');
    assertPayable(booking, now);
    const live = liveAttempt(await findInFlightPayments(tx, bookingId), input.method, now);
    if (live) return { payment: live, booking, created: false };
    const n = (await countBookingPayments(tx, bookingId)) + 1;
    const payment = await storeAttempt(tx, {
      bookingId,
      payerProfileId: payer.profileId,
      provider: deps.payments.kind,
      method: input.method,
      amount: booking.price,
      currency: 'KES',
      apiRef: `booking-${booking.reference}-${n}`,
      phone: input.phone,
      createdAt: now,
      updatedAt: now,
    });
    await markPaymentStarted(tx, booking, now);
    // Stored with the attempt: if this server dies before the provider answers, the re-check still
    // comes (and the sweep of payments in flight looks at it too).
    await scheduleRecheck(deps, payment.id, 0, tx);
    return { payment, booking, created: true };
  });
}

/**
 * No answer in time, or a 2xx answer we could not read: the provider may have acted (an M-Pesa
 * prompt may be ringing), so the attempt stays pending and is never re-sent.
 */
const outcomeUnknown = (err: PaymentProviderError) =>
  err.kind === 'timeout' || (err.kind === 'bad_response' && err.status !== undefined && err.status >= 200 && err.status < 300);

/** The provider refused or failed before anything could be charged: the attempt is over, and so is what it was paying for (`close`). */
async function failAttempt(
  deps: PaymentDeps,
  paymentId: string,
  err: PaymentProviderError,
  close: (tx: Transaction, now: Date) => Promise<void>,
): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    await markStartRefused(tx, payment, err, now);
    await close(tx, now);
  });
}

/** Who pays, for what, and where they come back to: what the provider's checkout is started with. */
export interface CheckoutRequest {
  method: StartPaymentData['method'];
  phone: string | null;
  email: string;
  payerProfileId: string;
  narrative: string;
  redirectUrl: string;
}

/**
 * Starts a stored attempt at the provider, whatever it pays for (a booking or an enrolment). A
 * refusal closes the attempt and its subject (`close`, in one transaction) and throws 502 with the
 * provider's words. 'unknown': no answer could be read, the attempt stays pending for the webhook,
 * the re-check job and the sweep (a prompt may be ringing); its error is returned for the caller.
 */
export async function sendToProvider(
  deps: PaymentDeps,
  payment: PaymentRow,
  request: CheckoutRequest,
  close: (tx: Transaction, now: Date) => Promise<void>,
): Promise<{ outcome: 'started' } | { outcome: 'unknown'; error: PaymentProviderError }> {
  const log = deps.logger.child({ paymentId: payment.id, apiRef: payment.apiRef, provider: deps.payments.kind });
  const contact = await findPayerContact(deps.db, request.payerProfileId);
  const [firstName, ...rest] = (contact?.fullName ?? '').trim().split(/\s+/);
  try {
    const started = await deps.payments.startCheckout({
      apiRef: payment.apiRef,
      amountKes: payment.amount,
      method: request.method,
      phone: request.phone ?? undefined,
      email: request.email,
      firstName: firstName || undefined,
      lastName: rest.join(' ') || undefined,
      narrative: request.narrative,
      redirectUrl: request.redirectUrl,
    });
    // Card and sandbox checkouts: the page to send the client to. M-Pesa: the phone rings instead.
    await recordCheckoutStarted(deps.db, payment.id, started, deps.clock());
    log.info({ providerRef: started.providerRef, method: request.method }, 'payment started');
    return { outcome: 'started' };
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    if (outcomeUnknown(err)) {
      log.warn({ kind: err.kind, detail: err.detail }, 'payment start unanswered; left pending for the webhook, the re-check job and the sweep');
      return { outcome: 'unknown', error: err };
    }
    log.warn({ kind: err.kind, status: err.status, detail: err.detail }, 'payment provider refused to start the payment');
    await failAttempt(deps, payment.id, err, close);
    throw providerFailure(err);
  }
}

/** The attempt that pays the booking now; `created` is false when a live one was answered with. */
export async function startPayment(
  deps: PaymentDeps,
  payer: CurrentUser,
  bookingId: string,
  input: StartPaymentData,
): Promise<{ payment: PaymentDto; created: boolean }> {
  await settleEarlierAttempts(deps, bookingId, payer.profileId);
  const { payment, booking, created } = await openAttempt(deps, payer, bookingId, input);
  const log = deps.logger.child({ paymentId: payment.id, bookingId, apiRef: payment.apiRef, provider: deps.payments.kind });
  if (!created) {
    log.info({ method: payment.method, asked: input.method }, 'payment already under way; answered with it');
    return { payment: await paymentDto(deps, payment.id), created };
  }
  const sent = await sendToProvider(
    deps,
    payment,
    {
      method: input.method,
      phone: input.phone,
      email: payer.email,
      payerProfileId: payer.profileId,
      narrative: `Guard Booking #${booking.reference}`,
      redirectUrl: `${deps.config.appUrl.replace(/\/+$/, '')}/booking-success?payment=${payment.id}`,
    },
    (tx, now) => markBookingFailedIfNoAttemptLeft(tx, bookingId, now),
  );
  if (sent.outcome === 'unknown') throw providerFailure(sent.error);
  return { payment: await paymentDto(deps, payment.id), created };
}

async function paymentDto(deps: PaymentDeps, paymentId: string): Promise<PaymentDto> {
  const dto = await getPaymentDto(deps.db, paymentId);
  if (!dto) throw new Error(`payment ${paymentId} vanished`);
  return dto;
}
