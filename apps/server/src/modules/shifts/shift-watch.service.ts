/**
 * The shift watch (decision 029): every half minute, on every copy of the server, it looks at the
 * confirmed bookings near their start or end and sends what is due: reminders before the start,
 * late alerts after it, check-out prompts and flags after the end, and completes bookings on their
 * own. Each notice is claimed in shift_notices in the transaction that sends it, so it goes once
 * however many copies look; completion locks the booking and goes through its lifecycle owner.
 */
import { autoCompletion, lateAt, NO_CHECK_OUT_FLAG_MINUTES, reminderLeads, remindersDue, shiftsOf, type Shift } from '@ops/shared/domain/shift-rules';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { groupBy } from '../../lib/group-by.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { complete, lockBooking } from '../bookings/booking-lifecycle.service.ts';
import { getShiftSettings } from '../settings/settings.service.ts';
import { GUARD_TODAY_LINK, reportLink, SHIFT_SUBJECTS, SHIFT_TEXT, TODAY_BOARD_LINK } from './shift-messages.ts';
import { tell, tellOperator } from './shift-notices.service.ts';
import { findChecks, findGuardsOn } from './shifts.repo.ts';
import { claimNotice, findClaims, findEmails, findStartingBetween, findUnderWay, type NoticeKey, type WatchedBooking } from './shift-watch.repo.ts';

export const SHIFT_WATCH_INTERVAL_MS = 30_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Bookings that ended longer ago than this are no longer watched (the operator was told). */
const WATCH_AFTER_END_MS = 3 * 24 * HOUR;

type WatchDeps = Pick<AppDeps, 'db' | 'jobs' | 'clock' | 'logger'>;
type Settings = Awaited<ReturnType<typeof getShiftSettings>>;
type Guard = Awaited<ReturnType<typeof findGuardsOn>>[number];
type Check = Awaited<ReturnType<typeof findChecks>>[number];

const keyOf = (b: WatchedBooking, kind: string, subject: string, shift: Shift): NoticeKey => ({
  bookingId: b.id,
  kind,
  subject,
  shiftIndex: shift.index,
  startTime: shift.start,
});
const keyText = (k: NoticeKey) => `${k.kind}-${k.bookingId}-${k.subject}-${k.shiftIndex}-${k.startTime.getTime()}`;

/**
 * How one look at a booking claims its notices. A look first runs as a probe on what the watch has
 * already read (the claims made so far): it stops at the first notice not yet claimed or the first
 * write, and only then does the booking get a transaction and a real run, which claims in the
 * database (another copy may have claimed meanwhile: the claim then says no). A booking with
 * nothing due costs no transaction.
 */
interface Pass {
  tx: Executor;
  /** True when this notice is now ours to send: claimed here, once, whichever copy asks. */
  claim(key: NoticeKey): Promise<boolean>;
  /** Before a write other than a claim (completing the booking). */
  willWrite(): void;
}

/** Thrown by a probe at the first thing to do: the booking needs a real run. */
class Due extends Error {}

const probe = (db: Executor, claimed: Set<string>): Pass => ({
  tx: db,
  claim: (key) => {
    if (claimed.has(keyText(key))) return Promise.resolve(false);
    throw new Due();
  },
  willWrite: () => {
    throw new Due();
  },
});

const real = (tx: Executor, now: Date): Pass => ({ tx, claim: (key) => claimNotice(tx, key, now), willWrite: () => undefined });

/** Runs a look as a probe, then for real in a transaction only when the probe found something to do. */
async function look(deps: WatchDeps, claimed: Set<string>, now: Date, run: (pass: Pass) => Promise<void>): Promise<boolean> {
  try {
    await run(probe(deps.db, claimed));
    return false;
  } catch (err) {
    if (!(err instanceof Due)) throw err;
  }
  await deps.db.transaction((tx) => run(real(tx, now)));
  return true;
}

/**
 * Reminders before a booking's first shift (remindersDue): each from its moment until half its lead
 * is left, never later, the nearest sent and the others claimed unsent (a booking paid 90 minutes
 * before it starts gets the 2-hour reminder, one paid 10 hours before gets only the 2-hour one when
 * its time comes). The message says the hours actually left. Client and each guard, SMS and e-mail.
 */
async function remind(deps: WatchDeps, pass: Pass, b: WatchedBooking, guards: Guard[], settings: Settings, now: Date) {
  const { tx } = pass;
  const [first] = shiftsOf(b);
  if (!first || now >= first.start) return;
  const { due, send: nearest, hoursLeft } = remindersDue(first.start, now, reminderLeads(settings));
  if (nearest === null) return;
  let emails: Map<string, string> | null = null;
  const people = [{ id: b.clientProfileId, client: true }, ...guards.map((g) => ({ id: g.guardProfileId, client: false }))];
  for (const person of people) {
    let send: NoticeKey | null = null;
    for (const lead of due) {
      const key = keyOf(b, lead === settings.reminderFirstLeadHours ? 'reminder_first' : 'reminder_second', person.id, first);
      if ((await pass.claim(key)) && lead === nearest) send = key;
    }
    if (!send) continue;
    emails ??= await findEmails(
      tx,
      guards.map((g) => g.guardProfileId),
    );
    const guard = guards.find((g) => g.guardProfileId === person.id);
    const recipient = person.client
      ? { profileId: b.clientProfileId, email: b.clientEmail, phone: b.clientPhone }
      : { profileId: person.id, email: emails.get(person.id) ?? null, phone: guard?.phone ?? null };
    const text = person.client
      ? SHIFT_TEXT.clientReminder(
          b,
          b.startTime,
          b.endTime,
          hoursLeft,
          guards.map((g) => g.fullName),
        )
      : SHIFT_TEXT.guardReminder(b, first.start, first.end, hoursLeft);
    const subject = person.client ? SHIFT_SUBJECTS.clientReminder(b, hoursLeft) : SHIFT_SUBJECTS.guardReminder(b, hoursLeft);
    const link = person.client ? `/dashboard?booking=${b.id}` : GUARD_TODAY_LINK;
    await tell(deps, tx, [recipient], {
      key: keyText(send),
      bookingId: b.id,
      text,
      subject,
      link,
      linkLabel: person.client ? 'Open the booking' : 'Open Today',
      whileConfirmed: true,
    });
  }
}

/** Late guards, check-out prompts and flags on each shift that has started. */
async function watchShifts(deps: WatchDeps, pass: Pass, b: WatchedBooking, guards: Guard[], checks: Check[], settings: Settings, now: Date) {
  const { tx } = pass;
  const t = now.getTime();
  for (const shift of shiftsOf(b)) {
    if (shift.start.getTime() > t) break;
    for (const g of guards) {
      const check = checks.find((c) => c.guardProfileId === g.guardProfileId && c.shiftIndex === shift.index);
      if (!check && t >= lateAt(shift, settings).getTime() && t < shift.end.getTime()) {
        if (await pass.claim(keyOf(b, 'late', g.guardProfileId, shift))) {
          const key = keyText(keyOf(b, 'late', g.guardProfileId, shift));
          await tellOperator(deps, tx, settings.dutyPhone, {
            key,
            bookingId: b.id,
            text: SHIFT_TEXT.late(b, g.fullName, shift.start),
            subject: SHIFT_SUBJECTS.late(b),
            link: TODAY_BOARD_LINK,
            linkLabel: 'Open the Today board',
          });
        }
        if (await pass.claim(keyOf(b, 'client_late', 'client', shift))) {
          const key = keyText(keyOf(b, 'client_late', 'client', shift));
          await tell(deps, tx, [{ profileId: b.clientProfileId, email: b.clientEmail, phone: b.clientPhone }], {
            key,
            bookingId: b.id,
            text: SHIFT_TEXT.clientLate(b),
            subject: SHIFT_SUBJECTS.clientLate(b),
            link: `/dashboard?booking=${b.id}`,
            linkLabel: 'Open the booking',
          });
        }
      }
      if (check && !check.checkedOutAt && t >= shift.end.getTime()) {
        if (await pass.claim(keyOf(b, 'checkout_prompt', g.guardProfileId, shift))) {
          const key = keyText(keyOf(b, 'checkout_prompt', g.guardProfileId, shift));
          await tell(deps, tx, [{ profileId: g.guardProfileId, email: null, phone: g.phone }], {
            key,
            bookingId: b.id,
            text: SHIFT_TEXT.checkOutPrompt(b, shift.end),
            subject: '',
            link: GUARD_TODAY_LINK,
            linkLabel: 'Open Today',
          });
        }
        if (t >= shift.end.getTime() + NO_CHECK_OUT_FLAG_MINUTES * MINUTE && (await pass.claim(keyOf(b, 'no_checkout', g.guardProfileId, shift)))) {
          const key = keyText(keyOf(b, 'no_checkout', g.guardProfileId, shift));
          await tellOperator(deps, tx, null, {
            key,
            bookingId: b.id,
            text: SHIFT_TEXT.noCheckOut(b, g.fullName, shift.end),
            subject: SHIFT_SUBJECTS.noCheckOut(b),
            link: TODAY_BOARD_LINK,
            linkLabel: 'Open the Today board',
          });
        }
      }
    }
  }
}

/** Completes the booking on its own when its rule says so; the operator hears when it cannot. */
async function completeIfDue(deps: WatchDeps, pass: Pass, b: WatchedBooking, guards: Guard[], checks: Check[], settings: Settings, now: Date) {
  const { tx } = pass;
  const shifts = shiftsOf(b);
  const last = shifts[shifts.length - 1];
  if (!last || now < b.endTime) return;
  const lastShift = guards.map((g) => ({
    checkedOut: checks.some((c) => c.guardProfileId === g.guardProfileId && c.shiftIndex === last.index && c.checkedOutAt !== null),
  }));
  const anyCheckIn = checks.length > 0;
  const kind = autoCompletion({ endTime: b.endTime, now, lastShift, anyCheckIn, settings });
  const graceOver = now.getTime() >= b.endTime.getTime() + settings.completionGraceMinutes * MINUTE;
  if (!kind) {
    if (graceOver && !anyCheckIn && (await pass.claim(keyOf(b, 'unworked', 'booking', last)))) {
      await tellOperator(deps, tx, settings.dutyPhone, {
        key: keyText(keyOf(b, 'unworked', 'booking', last)),
        bookingId: b.id,
        text: SHIFT_TEXT.unworked(b),
        subject: SHIFT_SUBJECTS.unworked(b),
        link: TODAY_BOARD_LINK,
        linkLabel: 'Open the Today board',
      });
    }
    return;
  }
  pass.willWrite();
  const booking = await lockBooking(tx, b.id);
  if (booking?.status !== 'confirmed') return;
  try {
    await tx.transaction((savepoint) => complete(savepoint, booking, now, kind));
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 409) throw err;
    if (await pass.claim(keyOf(b, 'cannot_complete', 'booking', last))) {
      await tellOperator(deps, tx, null, {
        key: keyText(keyOf(b, 'cannot_complete', 'booking', last)),
        bookingId: b.id,
        text: SHIFT_TEXT.cannotComplete(b, err.message),
        subject: SHIFT_SUBJECTS.unworked(b),
        link: TODAY_BOARD_LINK,
        linkLabel: 'Open the Today board',
      });
    }
    return;
  }
  const key = keyText(keyOf(b, 'completed', 'client', last));
  await tell(deps, tx, [{ profileId: b.clientProfileId, email: b.clientEmail, phone: null }], {
    key,
    bookingId: b.id,
    text: SHIFT_TEXT.completed(b),
    subject: SHIFT_SUBJECTS.completed(),
    link: reportLink(b.id),
    linkLabel: 'Read the report and leave a review',
  });
  deps.logger.info({ bookingId: b.id, kind }, 'booking completed on its own');
}

/**
 * One look at the bookings near their start or end: what it looked at, and how many bookings had
 * something to send or complete (each of those, and only those, in a transaction of its own).
 */
export async function runShiftWatch(deps: WatchDeps): Promise<{ watched: number; worked: number }> {
  const now = deps.clock();
  const settings = await getShiftSettings(deps.db);
  const starting = await findStartingBetween(deps.db, now, new Date(now.getTime() + settings.reminderFirstLeadHours * HOUR));
  const underWay = await findUnderWay(deps.db, now, new Date(now.getTime() - WATCH_AFTER_END_MS));
  const all = [...starting, ...underWay];
  const ids = all.map((b) => b.id);
  const [guards, checks, claims] = await Promise.all([
    findGuardsOn(deps.db, ids),
    findChecks(
      deps.db,
      underWay.map((b) => b.id),
    ),
    findClaims(deps.db, ids),
  ]);
  const claimed = new Set(claims.map(keyText));
  const guardsOf = groupBy(guards, (g) => g.bookingId);
  const checksOf = groupBy(checks, (c) => c.bookingId);
  let worked = 0;
  for (const b of starting) {
    if (await look(deps, claimed, now, (pass) => remind(deps, pass, b, guardsOf.get(b.id) ?? [], settings, now))) worked += 1;
  }
  for (const b of underWay) {
    const mine = guardsOf.get(b.id) ?? [];
    const recorded = checksOf.get(b.id) ?? [];
    const did = await look(deps, claimed, now, async (pass) => {
      await watchShifts(deps, pass, b, mine, recorded, settings, now);
      await completeIfDue(deps, pass, b, mine, recorded, settings, now);
    });
    if (did) worked += 1;
  }
  return { watched: all.length, worked };
}

/** Runs the watch now and every half minute while the server runs. */
export function startShiftWatch(deps: WatchDeps) {
  return startPeriodic('watching shifts', () => runShiftWatch(deps), SHIFT_WATCH_INTERVAL_MS, deps.logger);
}
