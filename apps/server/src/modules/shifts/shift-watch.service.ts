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
import { startPeriodic } from '../../lib/periodic.ts';
import { complete, lockBooking } from '../bookings/booking-lifecycle.service.ts';
import { getShiftSettings } from '../settings/settings.service.ts';
import { GUARD_TODAY_LINK, reportLink, SHIFT_SUBJECTS, SHIFT_TEXT, TODAY_BOARD_LINK } from './shift-messages.ts';
import { tell, tellOperator } from './shift-notices.service.ts';
import { findChecks, findGuardsOn } from './shifts.repo.ts';
import { claimNotice, findEmails, findStartingBetween, findUnderWay, type NoticeKey, type WatchedBooking } from './shift-watch.repo.ts';

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
 * Reminders before a booking's first shift (remindersDue): each from its moment until half its lead
 * is left, never later, the nearest sent and the others claimed unsent (a booking paid 90 minutes
 * before it starts gets the 2-hour reminder, one paid 10 hours before gets only the 2-hour one when
 * its time comes). The message says the hours actually left. Client and each guard, SMS and e-mail.
 */
async function remind(deps: WatchDeps, tx: Executor, b: WatchedBooking, guards: Guard[], settings: Settings, now: Date) {
  const [first] = shiftsOf(b);
  if (!first || now >= first.start) return;
  const { due, send: nearest, hoursLeft } = remindersDue(first.start, now, reminderLeads(settings));
  if (nearest === null) return;
  const emails = await findEmails(
    tx,
    guards.map((g) => g.guardProfileId),
  );
  const people = [{ id: b.clientProfileId, client: true }, ...guards.map((g) => ({ id: g.guardProfileId, client: false }))];
  for (const person of people) {
    let send: NoticeKey | null = null;
    for (const lead of due) {
      const key = keyOf(b, lead === settings.reminderFirstLeadHours ? 'reminder_first' : 'reminder_second', person.id, first);
      if ((await claimNotice(tx, key, now)) && lead === nearest) send = key;
    }
    if (!send) continue;
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
async function watchShifts(deps: WatchDeps, tx: Executor, b: WatchedBooking, guards: Guard[], checks: Check[], settings: Settings, now: Date) {
  const t = now.getTime();
  for (const shift of shiftsOf(b)) {
    if (shift.start.getTime() > t) break;
    for (const g of guards) {
      const check = checks.find((c) => c.guardProfileId === g.guardProfileId && c.shiftIndex === shift.index);
      if (!check && t >= lateAt(shift, settings).getTime() && t < shift.end.getTime()) {
        if (await claimNotice(tx, keyOf(b, 'late', g.guardProfileId, shift), now)) {
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
        if (await claimNotice(tx, keyOf(b, 'client_late', 'client', shift), now)) {
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
        if (await claimNotice(tx, keyOf(b, 'checkout_prompt', g.guardProfileId, shift), now)) {
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
        if (
          t >= shift.end.getTime() + NO_CHECK_OUT_FLAG_MINUTES * MINUTE &&
          (await claimNotice(tx, keyOf(b, 'no_checkout', g.guardProfileId, shift), now))
        ) {
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
async function completeIfDue(deps: WatchDeps, tx: Executor, b: WatchedBooking, guards: Guard[], checks: Check[], settings: Settings, now: Date) {
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
    if (graceOver && !anyCheckIn && (await claimNotice(tx, keyOf(b, 'unworked', 'booking', last), now))) {
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
  const booking = await lockBooking(tx, b.id);
  if (booking?.status !== 'confirmed') return;
  try {
    await tx.transaction((savepoint) => complete(savepoint, booking, now, kind));
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 409) throw err;
    if (await claimNotice(tx, keyOf(b, 'cannot_complete', 'booking', last), now)) {
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

/** One look at the bookings near their start or end. Returns how many bookings were looked at. */
export async function runShiftWatch(deps: WatchDeps): Promise<number> {
  const now = deps.clock();
  const settings = await getShiftSettings(deps.db);
  const starting = await findStartingBetween(deps.db, now, new Date(now.getTime() + settings.reminderFirstLeadHours * HOUR));
  const underWay = await findUnderWay(deps.db, now, new Date(now.getTime() - WATCH_AFTER_END_MS));
  const all = [...starting, ...underWay];
  const guards = await findGuardsOn(
    deps.db,
    all.map((b) => b.id),
  );
  const checks = await findChecks(
    deps.db,
    underWay.map((b) => b.id),
  );
  for (const b of starting) {
    await deps.db.transaction((tx) =>
      remind(
        deps,
        tx,
        b,
        guards.filter((g) => g.bookingId === b.id),
        settings,
        now,
      ),
    );
  }
  for (const b of underWay) {
    const mine = guards.filter((g) => g.bookingId === b.id);
    const recorded = checks.filter((c) => c.bookingId === b.id);
    await deps.db.transaction(async (tx) => {
      await watchShifts(deps, tx, b, mine, recorded, settings, now);
      await completeIfDue(deps, tx, b, mine, recorded, settings, now);
    });
  }
  return all.length;
}

/** Runs the watch now and every half minute while the server runs. */
export function startShiftWatch(deps: WatchDeps) {
  return startPeriodic('watching shifts', () => runShiftWatch(deps), SHIFT_WATCH_INTERVAL_MS, deps.logger);
}
