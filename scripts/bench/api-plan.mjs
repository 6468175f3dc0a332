// What an API run measures: the scenarios at each scale, and the median of their rounds.

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Rounds of one scenario as one row: the median of each figure, and every error of every round. */
export function medianOfRounds(results) {
  return {
    reqPerSec: median(results.map((r) => r.reqPerSec)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    total: results.reduce((sum, r) => sum + r.total, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    rounds: results.length,
    roundsReqPerSec: results.map((r) => Math.round(r.reqPerSec)),
  };
}

/**
 * The scenarios run at each scale, with their connections. The reads run first, on the database as
 * seeded, and the two booking scenarios last: those add some 150,000 pending bookings in a minute
 * and a half (the app's and the bare INSERT's), far more than a day of real bookings, and the reads
 * measured after them were measuring that table (unvacuumed, half again as large as the 200,000 the
 * console's budgets are set at) and autovacuum catching up with it beside the load.
 */
export const planFor = (scale) =>
  scale === 'small'
    ? [
        ['list', 50],
        ['dashboard', 50],
      ]
    : [
        ['list', 50],
        ['listFiltered', 50],
        ['profile', 50],
        ['dashboard', 50],
        ['signIn', 50],
        ['adminOverview', 10],
        ['adminGuards', 10],
        ['adminGuardsSearch', 10],
        ['adminClientsSearch', 10],
        ['adminBookings', 10],
        ['adminBookingsFiltered', 10],
        ['adminBookingsSearch', 10],
        ['adminPayments', 10],
        ['adminPaymentsFiltered', 10],
        ['adminPaymentsSearch', 10],
        ['adminPaymentsSummary', 10],
        ['adminShiftsToday', 10],
        ['checkIn', 10],
        ['certificateVerify', 50],
        ['list', 10],
        ['profile', 10],
        ['booking', 50],
        ['booking', 10],
      ];
