import { Hono } from 'hono';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { adminPaymentListQuery, adminPaymentSummaryQuery, paymentIdParam } from '@ops/shared/schemas/admin-payments';
import type { AppEnv } from '../../lib/context.ts';
import { csvHeaders, csvResponseBody } from '../../lib/csv.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { auditActor, recordStaffRead } from '../audit/audit.routes.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { listPayments, paymentsCsv, paymentSummary, refundPayment } from './payments-console.service.ts';
import { noStore } from '../../lib/console-route.ts';

/**
 * The console's Payments (/api/admin/payments…): the payments' own door in the operator console.
 * Mounted inside adminRoutes, after its sign-in and console.view check; every route here names the
 * permission it needs with requirePermission.
 */
export const paymentConsoleRoutes = new Hono<AppEnv>()
  .get('/payments', requirePermission('payments.read'), validate('query', adminPaymentListQuery), async (c) => {
    const params = c.req.valid('query');
    const page = await listPayments(c.get('deps').db, params);
    // The page names clients and their phones: the read is on the trail.
    await recordStaffRead(c, { action: 'payment.list', recordType: 'payment', after: { page: params.page, paymentIds: page.items.map((p) => p.id) } });
    noStore(c);
    return c.json(page);
  })
  .get('/payments/summary', requirePermission('payments.read'), validate('query', adminPaymentSummaryQuery), async (c) => {
    const { db, clock } = c.get('deps');
    noStore(c);
    return c.json(await paymentSummary(db, c.req.valid('query'), clock()));
  })
  .get('/payments.csv', requirePermission('payments.read'), validate('query', adminPaymentListQuery), async (c) => {
    const { sort: _sort, dir: _dir, page: _page, pageSize: _pageSize, ...filters } = c.req.valid('query');
    const { db, clock, logger } = c.get('deps');
    // Recorded before any row leaves.
    await recordAudit(db, { actor: auditActor(c), action: 'payment.export', recordType: 'payment', after: { filters } });
    return c.body(csvResponseBody(paymentsCsv(db, filters), logger, 'payments export'), 200, csvHeaders(`payments-${nairobiDate(clock())}.csv`));
  })
  .post('/payments/:id/refund', requirePermission('payments.refund'), validate('param', paymentIdParam), async (c) => {
    const result = await refundPayment(c.get('deps'), c.req.valid('param').id, auditActor(c));
    return c.json(result, result.outcome === 'accepted' ? 200 : 202);
  });
