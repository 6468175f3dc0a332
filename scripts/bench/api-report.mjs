// The API part of the bench report: each scenario's figures beside its bare ceiling, and the
// budgets they are held to (pushed onto the run's list of budgets).

export const API_BUDGET = { ratio: 0.7, p99Factor: 2, p99At10: 25, bookingP99At10: 50, consoleP99At10: 50, checkInP99At10: 50, growth: 0.8 };
export const LABELS = {
  list: 'guard list, first page of 24',
  listFiltered: 'guard list, filtered + sorted',
  profile: 'guard profile + its reviews',
  dashboard: "client's dashboard (stats + recent)",
  booking: 'booking creation (full service)',
  signIn: 'sign-in (bounded by the password hash)',
  adminOverview: 'console overview (figures, weeks, attention)',
  adminGuards: 'console guard table, first page of 25',
  adminGuardsSearch: 'console guard table, name search',
  adminClientsSearch: 'console client table, name search',
  adminBookings: 'console bookings table, first page',
  adminBookingsFiltered: 'console bookings, status+payment+dates',
  adminBookingsSearch: "console bookings, client's name",
  adminPayments: 'console payments table, first page',
  adminPaymentsFiltered: 'console payments, method+status+dates',
  adminPaymentsSearch: "console payments, client's name",
  adminPaymentsSummary: 'console payments summary, this month',
  adminShiftsToday: "console Today board, the day's shifts",
  checkIn: "guard's check-in with the site code",
  certificateVerify: 'certificate verification, random of 20,000',
};
const CEILING_LABELS = { booking: 'bare INSERT', certificateVerify: 'bare SELECT' };

export const pad = (v, n) => String(v).padEnd(n);
const lpad = (v, n) => String(v).padStart(n);
const thousands = (n) => Math.round(n).toLocaleString('en-US');

/** Sign-in rows of every engine, set against the hash alone once it is measured (run.mjs). */
export const signInRows = [];

export function printApi(engine, result, budgets, { seconds, warmupSeconds, rounds }) {
  const { rows, explain, scales } = result;
  signInRows.push(...rows.filter((r) => r.scale === 'full' && r.name === 'signIn').map((r) => ({ ...r, engine: engine.kind })));
  const full = scales.full;
  console.log(
    `\nAPI on ${engine.title}: ${thousands(full.guards)} guards, ${thousands(full.bookings)} bookings, ${thousands(full.reviews)} reviews; ` +
      `${seconds} s per run after ${warmupSeconds} s warm-up; median of ${rounds} round(s), app and ceiling alternating; load from a separate process`,
  );
  console.log(
    `${pad('scenario', 40)}${lpad('conns', 6)}${lpad('req/s', 8)}${lpad('p50 ms', 8)}${lpad('p99 ms', 8)}${lpad('errors', 8)}${lpad('non-2xx', 8)}   ` +
      `${pad('ceiling', 12)}${lpad('req/s', 7)}${lpad('p99 ms', 8)}${lpad('ratio', 7)}`,
  );
  const find = (scale, name, connections) => rows.find((r) => r.scale === scale && r.name === name && r.connections === connections);
  for (const row of rows.filter((r) => r.scale === 'full')) {
    const ceiling = find('ceiling', row.name, row.connections);
    const ratio = ceiling ? (row.reqPerSec / ceiling.reqPerSec).toFixed(2) : '';
    console.log(
      `${pad(LABELS[row.name], 40)}${lpad(row.connections, 6)}${lpad(thousands(row.reqPerSec), 8)}${lpad(row.p50, 8)}${lpad(row.p99, 8)}${lpad(row.errors, 8)}${lpad(row.non2xx, 8)}   ` +
        (ceiling
          ? `${pad(CEILING_LABELS[row.name] ?? 'bare http+' + (engine.kind === 'postgres' ? 'pg' : 'pglite'), 12)}${lpad(thousands(ceiling.reqPerSec), 7)}${lpad(ceiling.p99, 8)}${lpad(ratio, 7)}`
          : ''),
    );
  }
  const small = scales.small;
  if (small)
    console.log(
      `\nAt ${thousands(small.guards)} guards / ${thousands(small.bookings)} bookings / ${thousands(small.reviews)} reviews (10× fewer) vs the full size, 50 connections:`,
    );
  for (const name of ['list', 'dashboard']) {
    const s = find('small', name, 50);
    const f = find('full', name, 50);
    if (!s || !f) continue;
    const kept = f.reqPerSec / s.reqPerSec;
    console.log(
      `  ${pad(LABELS[name], 40)} ${lpad(thousands(s.reqPerSec), 6)} req/s p99 ${lpad(s.p99, 4)} ms  →  ${lpad(thousands(f.reqPerSec), 6)} req/s p99 ${lpad(f.p99, 4)} ms  (${(kept * 100).toFixed(0)}% kept)`,
    );
    budgets.push({
      engine: engine.kind,
      budget: `${name}: no slower with 10× the rows (req/s kept ≥ ${API_BUDGET.growth * 100}%)`,
      value: `${(kept * 100).toFixed(0)}%`,
      pass: kept >= API_BUDGET.growth,
      enforced: engine.kind === 'postgres',
    });
  }
  console.log('\nEXPLAIN of each statement the screens run (full size): sequential scans of big tables');
  for (const [screen, plans] of Object.entries(explain)) {
    const scans = plans.flatMap((p) => p.seqScans.map((table) => `${table} (statement ${p.statement})`));
    console.log(`  ${pad(screen, 14)} ${plans.length} statement(s): ${scans.length ? scans.join(', ') : 'none'}`);
    budgets.push({
      engine: engine.kind,
      budget: `EXPLAIN ${screen}: no sequential scan on a big table`,
      value: scans.join(', ') || 'none',
      pass: scans.length === 0,
      enforced: true,
    });
  }

  for (const row of rows) {
    budgets.push({
      engine: engine.kind,
      budget: `${row.scale === 'ceiling' ? `ceiling: ${CEILING_LABELS[row.name] ?? LABELS[row.name]}` : `${row.scale === 'small' ? '10× fewer rows: ' : ''}${LABELS[row.name]}`} @${row.connections}: errors and non-2xx`,
      value: `${row.errors} / ${row.non2xx}`,
      pass: row.errors === 0 && row.non2xx === 0,
      enforced: true,
    });
  }
  const enforced = engine.kind === 'postgres';
  const verify = find('full', 'certificateVerify', 50);
  if (verify) {
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS.certificateVerify} @50: p99 ≤ ${API_BUDGET.p99At10} ms`,
      value: `${verify.p99} ms (p50 ${verify.p50} ms)`,
      pass: verify.p99 <= API_BUDGET.p99At10,
      enforced,
    });
  }
  // Every read the ceiling runs too: what the product adds to its statements costs at most 30%.
  for (const name of ['list', 'listFiltered', 'profile', 'dashboard', 'certificateVerify']) {
    const app = find('full', name, 50);
    const ceiling = find('ceiling', name, 50);
    if (!app || !ceiling) continue;
    const ratio = app.reqPerSec / ceiling.reqPerSec;
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS[name]} @50: req/s ≥ ${API_BUDGET.ratio} × ceiling`,
      value: ratio.toFixed(2),
      pass: ratio >= API_BUDGET.ratio,
      enforced,
    });
    if (name === 'dashboard') continue;
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS[name]} @50: p99 ≤ ${API_BUDGET.p99Factor} × ceiling's (${ceiling.p99} ms)`,
      value: `${app.p99} ms`,
      pass: app.p99 <= API_BUDGET.p99Factor * ceiling.p99,
      enforced,
    });
  }
  for (const name of ['list', 'profile']) {
    const app = find('full', name, 10);
    if (!app) continue;
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS[name]} @10: p99 ≤ ${API_BUDGET.p99At10} ms`,
      value: `${app.p99} ms`,
      pass: app.p99 <= API_BUDGET.p99At10,
      enforced,
    });
  }
  const checkIn = find('full', 'checkIn', 10);
  if (checkIn) {
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS.checkIn} @10: p99 ≤ ${API_BUDGET.checkInP99At10} ms`,
      value: `${checkIn.p99} ms (p50 ${checkIn.p50} ms, ${checkIn.total} check-ins)`,
      pass: checkIn.p99 <= API_BUDGET.checkInP99At10,
      enforced,
    });
  }
  const booking = find('full', 'booking', 10);
  if (booking) {
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS.booking} @10: p99 ≤ ${API_BUDGET.bookingP99At10} ms`,
      value: `${booking.p99} ms`,
      pass: booking.p99 <= API_BUDGET.bookingP99At10,
      enforced,
    });
  }
  for (const name of Object.keys(LABELS).filter((n) => n.startsWith('admin'))) {
    const app = find('full', name, 10);
    if (!app) continue;
    budgets.push({
      engine: engine.kind,
      budget: `${LABELS[name]} @10: p99 ≤ ${API_BUDGET.consoleP99At10} ms`,
      value: `${app.p99} ms (p50 ${app.p50} ms)`,
      pass: app.p99 <= API_BUDGET.consoleP99At10,
      enforced,
    });
  }
}
