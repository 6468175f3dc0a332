/**
 * The console's Today board (decision 029): every shift starting today (Nairobi), and any begun
 * before today that is still on, of a confirmed or completed booking; one row per guard on it and
 * per seat still empty, with its state, problems first, counted by state and shown a page at a time.
 * A large company's day is well over a thousand shifts: the states of all of them are worked out
 * from one narrow read of the day (its bookings, guards and check-ins by bookings_shift_end_idx and
 * then by booking; its incidents likewise), shared by admins asking at the same moment, and names
 * and places are read only for the page shown.
 */
import { addDaysToDate, nairobiDate, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import { NO_CHECK_OUT_FLAG_MINUTES, SHIFT_STATES, shiftsOf, shiftState, type Shift } from '@ops/shared/domain/shift-rules';
import type { BoardDto, BoardQuery, BoardRowDto } from '@ops/shared/schemas/shifts';
import type { Executor } from '../../db/client.ts';
import { singleFlight } from '../../lib/single-flight.ts';
import { getShiftSettings } from '../settings/settings.service.ts';
import { checkDto, recordOf } from './shift-checks.service.ts';
import { findBoardDetails, findBoardIncidents, findBoardShifts } from './shifts.repo.ts';

/** Problems first, then what is under way, then what is to come, then what is done. */
const ORDER: Record<BoardRowDto['state'], number> = { no_show: 0, late: 1, incident: 2, unstaffed: 3, on_post: 4, upcoming: 5, done: 6 };

/** A check-in as the day's read gives it (a row with one). */
type Check = { checkedInAt: Date; checkedOutAt: Date | null; verifiedBy: 'code' | 'position' | null };

/** A row before its names and places are read. */
interface BareRow {
  /** Its place in the day's read (booking, then guard): the order among rows of one state and start. */
  seq: number;
  bookingId: string;
  shift: Shift;
  guardProfileId: string | null;
  state: BoardRowDto['state'];
  check: Check | undefined;
  incidents: number;
}

interface Day {
  /** Every row of the day, in the board's order. */
  rows: BareRow[];
  counts: BoardDto['counts'];
}

export async function todayBoard(db: Executor, now: Date, query: BoardQuery): Promise<BoardDto> {
  const today = nairobiDate(now);
  const day = await dayInFlight(db)(today, now);
  const shown = query.state === 'all' ? day.rows : day.rows.filter((r) => r.state === query.state);
  const page = shown.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  const details = await findBoardDetails(
    db,
    [...new Set(page.map((r) => r.bookingId))],
    [...new Set(page.flatMap((r) => (r.guardProfileId ? [r.guardProfileId] : [])))],
  );
  const items = page.flatMap((r): BoardRowDto[] => {
    const booking = details.bookings.get(r.bookingId);
    if (!booking) return [];
    const guard = r.guardProfileId ? details.guards.get(r.guardProfileId) : undefined;
    return [
      {
        bookingId: r.bookingId,
        reference: booking.reference,
        clientName: booking.clientCompanyName ?? booking.clientName,
        area: booking.area,
        address: booking.address,
        shiftIndex: r.shift.index,
        start: r.shift.start.toISOString(),
        end: r.shift.end.toISOString(),
        guard: guard ? { profileId: guard.id, fullName: guard.fullName, phone: guard.phone } : null,
        state: r.state,
        check: checkDto(r.check),
        incidents: r.incidents,
        noCheckOut: !!r.check && !r.check.checkedOutAt && now.getTime() >= r.shift.end.getTime() + NO_CHECK_OUT_FLAG_MINUTES * 60_000,
      },
    ];
  });
  return { today, counts: day.counts, items, total: shown.length, page: query.page, pageSize: query.pageSize };
}

/**
 * Admins looking at the board at the same moment share one reading of the day (per database and
 * Nairobi day) while it is being made, as they share the overview's figures: the day is well over
 * a thousand shifts to read and work out, and ten at once would each pay for it. Nothing is kept
 * afterwards, so the next request reads afresh (lib/single-flight.ts).
 */
const inFlight = new WeakMap<object, (day: string, now: Date) => Promise<Day>>();
function dayInFlight(db: Executor) {
  let ask = inFlight.get(db);
  if (!ask) {
    let latest = new Date(0);
    const shared = singleFlight((_day: string) => readDay(db, latest));
    ask = (day, now) => {
      latest = now;
      return shared(day);
    };
    inFlight.set(db, ask);
  }
  return ask;
}

async function readDay(db: Executor, now: Date): Promise<Day> {
  const today = nairobiDate(now);
  const from = nairobiInstant(today, '00:00');
  const to = nairobiInstant(addDaysToDate(today, 1), '00:00');
  const [settings, day, incidents] = await Promise.all([getShiftSettings(db), findBoardShifts(db, from, to), findBoardIncidents(db, from, to)]);
  const filedOn = new Map(incidents.map((i) => [`${i.bookingId}/${i.guardProfileId}/${i.shiftIndex}`, i.n]));

  const rows: BareRow[] = [];
  // The day's read comes a booking at a time, each guard on it with their check-ins (by shift).
  for (let at = 0; at < day.length;) {
    const b = day[at]!;
    const on: string[] = [];
    const checks = new Map<string, Check>();
    for (; at < day.length && day[at]!.bookingId === b.bookingId; at += 1) {
      const row = day[at]!;
      if (!row.guardProfileId) continue;
      if (on[on.length - 1] !== row.guardProfileId) on.push(row.guardProfileId);
      if (row.checkedInAt && row.shiftIndex !== null) checks.set(`${row.guardProfileId}/${row.shiftIndex}`, row as Check);
    }
    for (const shift of shiftsOf(b)) {
      // Today's shifts, and one begun before today while it is still on (a night shift, a 24-hour day).
      if (shift.start >= to || (shift.start < from && shift.end <= now)) continue;
      for (const guardProfileId of on) {
        const check = checks.get(`${guardProfileId}/${shift.index}`);
        const filed = filedOn.get(`${b.bookingId}/${guardProfileId}/${shift.index}`) ?? 0;
        const state = shiftState(shift, recordOf(check, filed), now, settings);
        rows.push({ seq: rows.length, bookingId: b.bookingId, shift, guardProfileId, state, check, incidents: filed });
      }
      for (let seat = on.length; seat < b.teamSize; seat += 1) {
        rows.push({ seq: rows.length, bookingId: b.bookingId, shift, guardProfileId: null, state: 'unstaffed', check: undefined, incidents: 0 });
      }
    }
  }

  const counts = Object.fromEntries([...SHIFT_STATES, 'unstaffed'].map((s) => [s, 0])) as BoardDto['counts'];
  for (const row of rows) counts[row.state] += 1;
  // By state, then start, then the day's read (booking, then guard).
  rows.sort((a, b) => ORDER[a.state] - ORDER[b.state] || a.shift.start.getTime() - b.shift.start.getTime() || a.seq - b.seq);
  return { rows, counts };
}
