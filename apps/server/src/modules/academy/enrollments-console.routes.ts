import { Hono } from 'hono';
import { trainingIdParam } from '@ops/shared/schemas/admin-training';
import { adminEnrollmentListQuery, cashPaidInput, enrollmentCancelInput, enrollmentReviewInput } from '@ops/shared/schemas/admin-enrollments';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { recordStaffRead } from '../audit/audit.routes.ts';
import { cancelEnrollmentFromConsole, listEnrollments, markCashPaidFromConsole, reviewEnrollmentFromConsole } from './enrollments-console.service.ts';

const manage = requirePermission('academy.manage');

/** The console's enrolments table and its moves: /api/admin/training/enrollments. */
export const enrollmentConsoleRoutes = new Hono<AppEnv>()
  .get('/training/enrollments', manage, validate('query', adminEnrollmentListQuery), async (c) => {
    const params = c.req.valid('query');
    const page = await listEnrollments(c.get('deps').db, params);
    await recordStaffRead(c, {
      action: 'enrollment.list',
      recordType: 'enrollment',
      after: { page: params.page, enrollmentIds: page.items.map((e) => e.id) },
    });
    noStore(c);
    return c.json(page);
  })
  .post('/training/enrollments/:id/review', manage, validate('param', trainingIdParam), body(enrollmentReviewInput), async (c) => {
    const row = await reviewEnrollmentFromConsole(c.get('deps'), consoleAction(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json(row);
  })
  // 200 once done; 202 while the payment service has not answered a refund (the claim is kept).
  .post('/training/enrollments/:id/cancel', manage, validate('param', trainingIdParam), body(enrollmentCancelInput), async (c) => {
    const result = await cancelEnrollmentFromConsole(c.get('deps'), consoleAction(c), c.req.valid('param').id, c.req.valid('json').reason);
    return c.json(result, result.refund.how === 'provider' && result.refund.outcome === 'unconfirmed' ? 202 : 200);
  })
  .post('/training/enrollments/:id/cash-paid', manage, validate('param', trainingIdParam), body(cashPaidInput), async (c) => {
    const row = await markCashPaidFromConsole(c.get('deps'), consoleAction(c), c.req.valid('param').id, c.req.valid('json').receiptNumber);
    return c.json(row);
  });
