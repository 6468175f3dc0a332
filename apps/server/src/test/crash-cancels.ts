/**
 * The crash test's second phase (crash.process.test.ts): clients press Cancel on their paid,
 * confirmed bookings, several times at once, while the server is killed; then what the database,
 * the sandbox's own ledger and the outbox say of each booking's refund.
 */
import { ALREADY_CANCELLED_MESSAGE } from '../modules/bookings/booking-cancel.service.ts';
import { REFUND_CLAIM_MS } from '../modules/payments/payment-refund.service.ts';
import type { Browser } from './server-process.ts';
import { countOutboxMail, queryServerData, type ServerData } from './server-data.ts';

/** A booking the first phase left paid and confirmed, with the browser of the client who booked it. */
export interface PaidBooking {
  id: string;
  reference: string;
  paymentId: string;
  startTime: Date;
  amount: number;
  clientEmail: string;
  browser: Browser;
}

/** The test's bookings (`notes`) that are paid and confirmed, in the order they were made. */
export async function findPaidBookings(data: ServerData, notes: string, owners: Map<string, Browser>): Promise<PaidBooking[]> {
  const rows = await queryServerData(
    data,
    `select b.id, b.reference, b.start_time, p.id as payment_id, p.amount, u.email
    from bookings b join payments p on p.booking_id = b.id and p.status = 'paid'
      join profiles c on c.id = b.client_profile_id join users u on u.id = c.user_id
    where b.notes = '${notes}' and b.status = 'confirmed' order by b.created_at`,
  );
  return rows.flatMap((r) => {
    const browser = owners.get(String(r.id));
    const booking = {
      id: String(r.id),
      reference: String(r.reference),
      paymentId: String(r.payment_id),
      amount: Number(r.amount),
      clientEmail: String(r.email),
    };
    return browser ? [{ ...booking, startTime: new Date(r.start_time as string | Date), browser }] : [];
  });
}

/** The notice policy's default shares (decision 030), stated here rather than read from the code under test. */
export function policyPercent(startTime: Date, at: Date): number {
  const hours = (startTime.getTime() - at.getTime()) / 3_600_000;
  return hours > 48 ? 95 : hours >= 24 ? 50 : 0;
}

export interface CancelTally {
  pressed: number;
  ok: number;
  conflict: number;
  /** Presses the server died under. */
  errors: number;
  /** Any other answer (and a 409 other than 'already cancelled'), as status and body. */
  other: string[];
  /** What each booking pressed is owed under the policy when first pressed. */
  owed: Map<string, { percent: number; refund: number }>;
  /** The refund each 200 named, by booking: two for one booking would be two cancellations. */
  cancelled: Map<string, number[]>;
  /** Bookings at least one of whose presses was answered. */
  answered: Set<string>;
}

export const newTally = (): CancelTally => ({
  pressed: 0,
  ok: 0,
  conflict: 0,
  errors: 0,
  other: [],
  owed: new Map(),
  cancelled: new Map(),
  answered: new Set(),
});

/** The status and body of an answer, or null when the server died before giving it. */
async function answerOf(request: Promise<Response>): Promise<{ status: number; body: string } | null> {
  try {
    const res = await request;
    return { status: res.status, body: await res.text() };
  } catch {
    return null;
  }
}

/** One press of Cancel with the refund the client was shown; false when the server died under it. */
async function press(booking: PaidBooking, expectedRefund: number, tally: CancelTally, onOk: () => void): Promise<boolean> {
  tally.pressed += 1;
  const res = await answerOf(booking.browser.request(`/api/bookings/${booking.id}/cancel`, { json: { reason: 'Plans changed', expectedRefund } }));
  if (!res) {
    tally.errors += 1;
    return false;
  }
  tally.answered.add(booking.id);
  if (res.status === 200) {
    tally.ok += 1;
    tally.cancelled.set(booking.id, [...(tally.cancelled.get(booking.id) ?? []), (JSON.parse(res.body) as { refund: number }).refund]);
    onOk();
  } else if (res.status === 409 && res.body.includes(ALREADY_CANCELLED_MESSAGE)) tally.conflict += 1;
  else tally.other.push(`${booking.reference}: ${res.status} ${res.body}`);
  return true;
}

/**
 * One client cancelling its bookings one after another: the cancel dialog's refund read, then
 * `presses` presses at once with it; stops once the server has died under it. Run again after a
 * restart it goes on where it stopped: a booking none of whose presses was answered is pressed again.
 */
async function cancelLoop(bookings: PaidBooking[], tally: CancelTally, presses: number, onOk: () => void): Promise<void> {
  for (const booking of bookings) {
    if (tally.answered.has(booking.id)) continue;
    let offered = tally.owed.get(booking.id)?.refund;
    if (offered === undefined) {
      const preview = await answerOf(booking.browser.request(`/api/bookings/${booking.id}/cancellation`));
      if (!preview) return;
      if (preview.status !== 200) {
        tally.other.push(`${booking.reference}: the cancel dialog got ${preview.status} ${preview.body}`);
        continue;
      }
      offered = (JSON.parse(preview.body) as { refund: number }).refund;
      const percent = policyPercent(booking.startTime, new Date());
      tally.owed.set(booking.id, { percent, refund: Math.floor((booking.amount * percent) / 100) });
    }
    const answers = await Promise.all(Array.from({ length: presses }, () => press(booking, offered, tally, onOk)));
    if (!answers.some(Boolean)) return;
  }
}

/**
 * The clients cancel three of every four `bookings` (the fourth stays confirmed), each booking with
 * three presses at once, and the server is killed once a share of them has been answered; after the
 * restart they go on, and press again what got no answer. Returns how many 200s came before the kill.
 */
export async function cancelThroughCrash(
  browsers: Browser[],
  bookings: PaidBooking[],
  tally: CancelTally,
  server: { crash(): Promise<void>; restart(): Promise<void> },
): Promise<number> {
  const toCancel = bookings.filter((_, i) => i % 4 !== 3);
  const killAfter = Math.ceil(toCancel.length * (0.2 + Math.random() * 0.5));
  let killing: Promise<void> | undefined;
  const mine = (browser: Browser) => toCancel.filter((b) => b.browser === browser);
  const cancelAll = (onOk: () => void) => Promise.all(browsers.map((browser) => cancelLoop(mine(browser), tally, 3, onOk)));
  await cancelAll(() => {
    if (tally.ok >= killAfter) killing ??= server.crash();
  });
  await (killing ??= server.crash());
  const answeredBeforeKill = tally.ok;
  await server.restart();
  await cancelAll(() => {});
  return answeredBeforeKill;
}

/**
 * While no server runs, after the kill: the refunds the killed server had claimed and not finished
 * (refund_pending, asked for, no refund reference). Nothing can be asking for them any more, but only
 * the claim's age says so to the server: a claim is taken over once REFUND_CLAIM_MS (10 minutes)
 * old, and the back-stop job queued with the cancel, finding it 'busy', looks again only then.
 * Rather than wait, the test ages these claims by that much, so that job takes them over a minute
 * after the cancel: it looks for the refund at the provider and asks for it only when it is not
 * there. Returns their references.
 */
export async function ageClaimsOfTheKilled(data: ServerData, notes: string): Promise<string[]> {
  const rows = await queryServerData(
    data,
    `update payments p set refund_requested_at = p.refund_requested_at - interval '${REFUND_CLAIM_MS / 1000} seconds'
    from bookings b where b.id = p.booking_id and b.notes = '${notes}'
      and p.status = 'refund_pending' and p.refund_ref is null and p.refund_requested_at is not null
    returning b.reference`,
  );
  return rows.map((r) => String(r.reference));
}

export interface RefundFindings {
  /** What may never be seen, not even for a moment: a refund twice or too large, a refund of a booking still confirmed. */
  never: string[];
  /** What is not done yet (or never will be): a cancelled booking not refunded, or without its one e-mail. */
  unsettled: string[];
  /** The bookings whose payment is refunded. */
  refunded: string[];
}

/** Each booking pressed or kept as the database, the sandbox's ledger and the outbox say it stands. */
export async function inspectRefunds(data: ServerData, notes: string, bookings: PaidBooking[], tally: CancelTally): Promise<RefundFindings> {
  const rows = await queryServerData(
    data,
    `select b.id, b.reference, b.status as booking_status, p.status as payment_status, p.refunded_amount, p.refund_requested_at,
      sp.refunded_kes, jsonb_array_length(sp.refunds) as sandbox_refunds
    from payments p join bookings b on b.id = p.booking_id join sandbox_payments sp on sp.provider_ref = p.provider_ref
    where p.id in (${bookings.map((b) => `'${b.paymentId}'`).join(', ')})`,
  );
  const stuck = await queryServerData(
    data,
    `select b.reference from payments p join bookings b on b.id = p.booking_id where b.notes = '${notes}' and p.status = 'refund_pending'`,
  );
  const emails = await countOutboxMail(data.dataDir, /^Subject: Refund for booking (\S+)$/m);
  const toClients = await countOutboxMail(data.dataDir, /^To: (\S+)\nSubject: Refund for booking (\S+)$/m);
  const clients = new Map(bookings.map((b) => [b.id, b.clientEmail]));
  const findings: RefundFindings = { never: [], unsettled: stuck.map((r) => `${String(r.reference)}: refund_pending`), refunded: [] };
  for (const r of rows) {
    const [id, reference] = [String(r.id), String(r.reference)];
    const owed = tally.owed.get(id)?.refund;
    const answered = tally.cancelled.get(id) ?? [];
    const [status, paymentStatus, refunded, atSandbox] = [r.booking_status, r.payment_status, r.refunded_amount, Number(r.refunded_kes)];
    const mails = emails.get(reference) ?? 0;
    const toClient = toClients.get(`${clients.get(id)} ${reference}`) ?? 0;
    const asked = r.refund_requested_at ? new Date(r.refund_requested_at as string | Date).toISOString() : 'never';
    const seen =
      `${reference}: ${String(status)}, payment ${String(paymentStatus)} refunding ${String(refunded)}, asked ${asked}; ` +
      `the sandbox refunded ${atSandbox} in ${String(r.sandbox_refunds)}; owed ${String(owed)}, answered ${JSON.stringify(answered)}; ` +
      `${mails} refund e-mails, ${toClient} to the client`;
    const wrong =
      status === 'confirmed'
        ? paymentStatus !== 'paid' || refunded !== null || atSandbox !== 0 || mails !== 0 || answered.length > 0
        : status !== 'cancelled' ||
          owed === undefined ||
          refunded !== owed ||
          !['refund_pending', 'refunded'].includes(String(paymentStatus)) ||
          (paymentStatus === 'refunded' ? atSandbox !== owed : atSandbox > owed) ||
          Number(r.sandbox_refunds) > 1 ||
          mails > toClient ||
          toClient > 1 ||
          answered.length > 1 ||
          answered.some((refund) => refund !== owed);
    if (wrong) findings.never.push(seen);
    else if (status === 'cancelled' && (paymentStatus !== 'refunded' || toClient !== 1)) findings.unsettled.push(seen);
    if (paymentStatus === 'refunded') findings.refunded.push(id);
  }
  return findings;
}
