/**
 * The bench seed's day of shifts, for the console's Today board and the guards' check-in load. The
 * seed's history has about 1,400 bookings a day (10,000 guards, one booking a week each); today gets
 * as many: `dayShifts` confirmed, paid bookings from 7½ hours ago to 4 hours ahead, in every state
 * (on post, late or no-show, upcoming), and `checkIns` more starting 20 minutes from now, each with
 * its guard's session open, for the check-in load to check into one by one. The guards are those the
 * booking load never books (not available for new bookings), so no load collides with these.
 *
 * What the watch would send for them (reminders, late alerts), and for the history's bookings that
 * ended unworked lately, is recorded as sent, as on a server that has been running all along: the watch looks at them every half minute during the bench, as it
 * would, and finds nothing new to send.
 */
import type { Raw } from './bench-seed-database.ts';

export const GUARD_TOKEN_PREFIX = 'bench-guard-token-';

export interface CheckInFixture {
  tokenPrefix: string;
  /** Guard n (1-based) checks into bookings[n - 1] with its site code. */
  bookings: { bookingId: string; siteCode: string; guard: number }[];
}

export async function seedShifts(
  raw: Raw,
  step: (label: string, text: string) => Promise<void>,
  { clients: C, dayShifts: D, checkIns: K }: { clients: number; dayShifts: number; checkIns: number },
): Promise<CheckInFixture> {
  // The history's bookings left confirmed (never completed by hand) that ended in the last three
  // days: the operator has been told they were not worked, as the watch tells them once.
  await step(
    'past bookings already flagged',
    `insert into shift_notices (booking_id, kind, subject, shift_index, start_time, sent_at)
     select id, 'unworked', 'booking', 0, start_time, end_time + interval '1 hour'
     from bookings where reference like 'BENCH-%' and status = 'confirmed' and end_time > now() - interval '4 days'`,
  );
  if (D + K === 0) return { tokenPrefix: GUARD_TOKEN_PREFIX, bookings: [] };
  // Shift k (1 … D + K) goes to guard 4k (never available for new bookings: i mod 4 = 0), for client 1 + k mod C.
  const start = (k: string) =>
    `case when ${k} <= ${D} then date_trunc('minute', now()) + ((${k} % 24) - 15) * interval '30 minutes'
          else date_trunc('minute', now()) + interval '20 minutes' end`;
  await step(
    "the day's bookings",
    `insert into bookings (reference, client_profile_id, guard_profile_id, service_type, booking_type, team_size, area, address,
                           start_time, end_time, duration_hours, price, status, payment_status, confirmed_at, created_at)
     select 'BSHIFT-' || lpad(k::text, 6, '0'), cp.id, gp.id, 'personal', 'hourly', 1,
            (array['Karen','Westlands','Kilimani','Lavington','Runda','CBD'])[1 + k % 6], k || ' Bench Road',
            ${start('k')}, ${start('k')} + interval '8 hours', 8, 9600, 'confirmed', 'paid', now() - interval '2 days', now() - interval '3 days'
     from generate_series(1, ${D + K}) k
     join profiles cp on cp.user_id = 'bc-' || (1 + k % ${C})
     join profiles gp on gp.user_id = 'bg-' || (4 * k)`,
  );
  await step(
    "the day's payments",
    `insert into payments (booking_id, payer_profile_id, provider, method, amount, commission_amount, status, api_ref, paid_at, created_at)
     select id, client_profile_id, 'sandbox', 'mpesa', price, price * 5 / 100, 'paid', 'bench-' || reference, now() - interval '2 days', now() - interval '2 days'
     from bookings where reference like 'BSHIFT-%'`,
  );
  // Four in five of the shifts under way have their guard on post (verified by the site code); the
  // fifth is late, or a no-show once the grace is over.
  await step(
    "the day's check-ins",
    `insert into shift_checks (booking_id, guard_profile_id, shift_index, checked_in_at, verified_by, in_latitude, in_longitude, in_accuracy_m)
     select b.id, b.guard_profile_id, 0, b.start_time + interval '3 minutes', 'code', -1.3192, 36.7073, 12
     from bookings b
     where b.reference like 'BSHIFT-%' and substr(b.reference, 8)::int <= ${D} and substr(b.reference, 8)::int % 5 <> 0
       and b.start_time + interval '3 minutes' <= now()`,
  );
  await step(
    'notices already sent',
    `insert into shift_notices (booking_id, kind, subject, shift_index, start_time, sent_at)
     select b.id, n.kind, case when n.kind like 'reminder%' and n.who = 'client' then b.client_profile_id::text
                               when n.kind = 'client_late' then 'client' else b.guard_profile_id::text end,
            0, b.start_time, now() - interval '1 minute'
     from bookings b
     cross join (values ('reminder_first', 'client'), ('reminder_first', 'guard'), ('reminder_second', 'client'),
                        ('reminder_second', 'guard'), ('late', 'guard'), ('client_late', 'client')) n(kind, who)
     where b.reference like 'BSHIFT-%'`,
  );
  if (K > 0) {
    await step(
      'check-in guard sessions',
      `insert into sessions (id, token, user_id, expires_at)
       select 'bench-guard-session-' || n, '${GUARD_TOKEN_PREFIX}' || n, 'bg-' || (4 * (${D} + n)), now() + interval '7 days'
       from generate_series(1, ${K}) n`,
    );
  }
  const rows = await raw(
    `select id, site_code, substr(reference, 8)::int - ${D} as guard from bookings
     where reference like 'BSHIFT-%' and substr(reference, 8)::int > ${D} order by reference`,
  );
  return {
    tokenPrefix: GUARD_TOKEN_PREFIX,
    bookings: rows.map((r) => ({ bookingId: String(r.id), siteCode: String(r.site_code), guard: Number(r.guard) })),
  };
}
