/**
 * The console's Today board (decision 029): every shift starting today (Nairobi), and any begun
 * before today that is still on, of a confirmed or completed booking; one row per guard on it and
 * per seat still empty, with its state, problems first. Read from indexes: the day's bookings by their end (bookings_shift_end_idx), then their
 * guards, check-ins and incidents by booking.
 */
import { addDaysToDate, nairobiDate, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import { NO_CHECK_OUT_FLAG_MINUTES, SHIFT_STATES, shiftsOf, shiftState } from '@ops/shared/domain/shift-rules';
import type { BoardDto, BoardRowDto } from '@ops/shared/schemas/shifts';
import type { Executor } from '../../db/client.ts';
import { groupBy } from '../../lib/group-by.ts';
import { getShiftSettings } from '../settings/settings.service.ts';
import { checkDto, recordOf } from './shift-checks.service.ts';
import { countIncidents, findBookingsWorkedBetween, findChecks, findGuardsOn } from './shifts.repo.ts';

/** Problems first, then what is under way, then what is to come, then what is done. */
const ORDER: Record<BoardRowDto['state'], number> = { no_show: 0, late: 1, incident: 2, unstaffed: 3, on_post: 4, upcoming: 5, done: 6 };

export async function todayBoard(db: Executor, now: Date): Promise<BoardDto> {
  const today = nairobiDate(now);
  const from = nairobiInstant(today, '00:00');
  const to = nairobiInstant(addDaysToDate(today, 1), '00:00');
  const [settings, bookings] = await Promise.all([getShiftSettings(db), findBookingsWorkedBetween(db, from, to)]);
  const ids = bookings.map((b) => b.id);
  const [guards, checks, incidents] = await Promise.all([findGuardsOn(db, ids), findChecks(db, ids), countIncidents(db, ids)]);
  // Looked up by key, not searched: a large company's day is thousands of shifts.
  const guardsOf = groupBy(guards, (g) => g.bookingId);
  const checkOf = new Map(checks.map((c) => [`${c.bookingId}/${c.guardProfileId}/${c.shiftIndex}`, c]));
  const filedOn = new Map(incidents.map((i) => [`${i.bookingId}/${i.guardProfileId}/${i.shiftIndex}`, i.n]));
  const rows: BoardRowDto[] = [];
  for (const b of bookings) {
    const on = guardsOf.get(b.id) ?? [];
    for (const shift of shiftsOf(b)) {
      // Today's shifts, and one begun before today while it is still on (a night shift, a 24-hour day).
      if (shift.start >= to || (shift.start < from && shift.end <= now)) continue;
      const base = {
        bookingId: b.id,
        reference: b.reference,
        clientName: b.clientCompanyName ?? b.clientName,
        area: b.area,
        address: b.address,
        shiftIndex: shift.index,
        start: shift.start.toISOString(),
        end: shift.end.toISOString(),
      };
      for (const g of on) {
        const check = checkOf.get(`${b.id}/${g.guardProfileId}/${shift.index}`);
        const filed = filedOn.get(`${b.id}/${g.guardProfileId}/${shift.index}`) ?? 0;
        rows.push({
          ...base,
          guard: { profileId: g.guardProfileId, fullName: g.fullName, phone: g.phone },
          state: shiftState(shift, recordOf(check, filed), now, settings),
          check: checkDto(check),
          incidents: filed,
          noCheckOut: !!check && !check.checkedOutAt && now.getTime() >= shift.end.getTime() + NO_CHECK_OUT_FLAG_MINUTES * 60_000,
        });
      }
      for (let seat = on.length; seat < b.teamSize; seat += 1) {
        rows.push({ ...base, guard: null, state: 'unstaffed', check: checkDto(null), incidents: 0, noCheckOut: false });
      }
    }
  }
  rows.sort((a, b) => ORDER[a.state] - ORDER[b.state] || a.start.localeCompare(b.start) || a.reference.localeCompare(b.reference));
  const counts = Object.fromEntries([...SHIFT_STATES, 'unstaffed'].map((s) => [s, 0])) as BoardDto['counts'];
  for (const row of rows) counts[row.state] += 1;
  return { today, counts, rows };
}
