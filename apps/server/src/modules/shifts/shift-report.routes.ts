import { Hono } from 'hono';
import { shiftBookingParam } from '@ops/shared/schemas/shifts';
import { noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requireRole } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { contentDisposition } from '../files/file-response.ts';
import { getSettings } from '../settings/settings.service.ts';
import { shiftReportPdf } from './shift-report-pdf.ts';
import { shiftReport } from './shift-report.service.ts';

/** GET /api/bookings/:bookingId/report and …/report.pdf: the booking's client and admins. */
export const shiftReportRoutes = new Hono<AppEnv>()
  .get('/:bookingId/report', requireAuth, requireRole('client', 'admin'), validate('param', shiftBookingParam), async (c) => {
    noStore(c);
    return c.json(await shiftReport(c.get('deps'), c.get('currentUser'), c.req.valid('param').bookingId));
  })
  .get('/:bookingId/report.pdf', requireAuth, requireRole('client', 'admin'), validate('param', shiftBookingParam), async (c) => {
    const { db } = c.get('deps');
    const report = await shiftReport(c.get('deps'), c.get('currentUser'), c.req.valid('param').bookingId);
    const pdf = await shiftReportPdf(report, (await getSettings(db)).companyName);
    c.header('content-type', 'application/pdf');
    c.header('content-disposition', contentDisposition('attachment', `shift-report-${report.reference}.pdf`));
    c.header('cache-control', 'private, no-store');
    return c.body(pdf as Uint8Array<ArrayBuffer>);
  });
