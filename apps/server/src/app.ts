import type { IncomingMessage } from 'node:http';
import { Hono, type Context, type MiddlewareHandler, type Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { ERROR_CODES } from '@ops/shared/schemas/errors';
import { pingDatabase } from './db/client.ts';
import { clientAddressResolver } from './lib/client-address.ts';
import { bookingSiteRoutes } from './modules/shifts/booking-site.routes.ts';
import { shiftCheckRoutes } from './modules/shifts/shift-checks.routes.ts';
import { bookingIncidentRoutes, incidentRoutes, shiftIncidentRoutes } from './modules/shifts/incidents.routes.ts';
import { shiftReportRoutes } from './modules/shifts/shift-report.routes.ts';
import type { AppDeps, AppEnv } from './lib/context.ts';
import { handleError, unavailableResponse } from './lib/errors.ts';
import { requestLog } from './lib/request-log.ts';
import { closeAfterTooLarge, refuseHostileInput } from './lib/request-input.ts';
import { sameOriginWrites } from './lib/same-origin.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { mountWebApp } from './lib/web-app.ts';
import { courseRoutes } from './modules/academy/courses.routes.ts';
import { enrollmentSettlement } from './modules/academy/enrollment-payments.ts';
import { enrollmentRoutes } from './modules/academy/enrollments.routes.ts';
import { studentCertificateRoutes } from './modules/academy/student-certificates.routes.ts';
import { studentRoutes } from './modules/academy/student.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { accountRoutes, betterAuthRoutes } from './modules/auth/auth.routes.ts';
import { certificateRoutes } from './modules/certificates/certificates.routes.ts';
import { credentialRoutes } from './modules/certificates/credentials.routes.ts';
import { bookingCreateRoutes } from './modules/bookings/booking-create.routes.ts';
import { bookingRoutes } from './modules/bookings/bookings.routes.ts';
import { isStreamedUpload } from './modules/files/streamed-uploads.ts';
import { guardDocumentFileRoutes, guardDocumentRoutes } from './modules/guard-documents/guard-documents.routes.ts';
import { guardRoutes } from './modules/guards/guards.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { registerSettlementHandler } from './modules/payments/payment-settlement-handlers.ts';
import { bookingPaymentRoutes } from './modules/payments/payment-start.routes.ts';
import { partnerRoutes } from './modules/partner/partner.routes.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { sandboxCheckoutRoutes } from './modules/payments/sandbox-checkout.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { meRoutes, profileRoutes } from './modules/profiles/profiles.routes.ts';
import { reviewRoutes } from './modules/reviews/reviews.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';

export function createApp(deps: AppDeps) {
  // A course fee's money reaches its enrolment through the academy's handler, given here rather
  // than imported by payments: payments depends on nothing of the academy.
  registerSettlementHandler('enrollment', enrollmentSettlement);
  const app = new Hono<AppEnv>();
  const clientAddress = clientAddressResolver(deps.config.trustProxy);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('requestId', crypto.randomUUID());
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    c.set('clientIp', clientAddress(incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for')));
    await next();
  });
  app.use('*', requestLog);
  app.use('*', securityHeaders());
  const compressBody: MiddlewareHandler<AppEnv> = compress();
  app.use('*', (c: Context<AppEnv, string>, next: Next) => {
    // compress() adds 'Vary: Accept-Encoding' after the handler when it is missing, and changing a
    // finished response makes the Node adapter rebuild it as a full fetch Response (with a stream)
    // on every API call. Said first, the header goes into the response as it is made.
    if (c.req.path.startsWith('/api/')) c.header('vary', 'Accept-Encoding');
    return compressBody(c, next);
  });
  // Before any body is read: a write from another site is refused whatever it carries.
  app.use('/api/*', sameOriginWrites);
  app.use('/sandbox/*', sameOriginWrites);
  const limitBody: MiddlewareHandler<AppEnv> = bodyLimit({
    maxSize: deps.config.bodyLimitBytes,
    onError: (c) => c.json({ code: ERROR_CODES.tooLarge, message: 'The request is too large' }, 413),
  });
  // A GET or HEAD has no body. Asking one for it (as bodyLimit does) makes the Node adapter build a
  // whole fetch Request with its abort signal: about 5% of the server's CPU on the guard list.
  // Uploads read as a stream keep their own, higher limit (modules/files/streamed-uploads.ts).
  const limitWrites = (c: Context<AppEnv, string>, next: Next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || isStreamedUpload(c.req.method, c.req.path) ? next() : limitBody(c, next);
  app.use('*', closeAfterTooLarge);
  app.use('/api/*', limitWrites);
  app.use('/sandbox/*', limitWrites);
  // NUL characters, absurd nesting and broken JSON stop here with a 400, before any route.
  const checkInput = (c: Context<AppEnv, string>, next: Next) => (isStreamedUpload(c.req.method, c.req.path) ? next() : refuseHostileInput(c, next));
  app.use('/api/*', checkInput);
  app.use('/sandbox/*', refuseHostileInput);
  // Better Auth answers any failure of its own with a bare 500; when the database is what failed,
  // the answer is the 503 (with Retry-After) that the rest of the API gives.
  app.use('/api/auth/*', async (c, next) => {
    await next();
    if (c.res.status === 500 && !(await pingDatabase(deps.db))) c.res = unavailableResponse();
  });

  const api = app
    .basePath('/api')
    .route('/health', healthRoutes)
    .route('/accounts', accountRoutes)
    .route('/auth', betterAuthRoutes)
    .route('/me', meRoutes)
    .route('/me', privacyRoutes)
    .route('/profiles', profileRoutes)
    .route('/guards', guardRoutes)
    .route('/guard', guardDocumentRoutes)
    .route('/guard-documents', guardDocumentFileRoutes)
    .route('/reviews', reviewRoutes)
    .route('/bookings', bookingCreateRoutes)
    .route('/bookings', bookingRoutes)
    .route('/bookings', bookingPaymentRoutes)
    .route('/bookings', bookingSiteRoutes)
    .route('/shifts', shiftCheckRoutes)
    .route('/shifts', shiftIncidentRoutes)
    .route('/bookings', bookingIncidentRoutes)
    .route('/bookings', shiftReportRoutes)
    .route('/incidents', incidentRoutes)
    .route('/payments', paymentRoutes)
    .route('/notifications', notificationRoutes)
    .route('/audit-events', auditRoutes)
    .route('/settings', settingsRoutes)
    .route('/courses', courseRoutes)
    .route('/enrollments', enrollmentRoutes)
    .route('/student/certificates', studentCertificateRoutes)
    .route('/student', studentRoutes)
    .route('/certificates', certificateRoutes)
    .route('/credentials', credentialRoutes)
    .route('/partner', partnerRoutes)
    .route('/admin', adminRoutes);

  app.all('/api/*', (c) => c.json({ code: ERROR_CODES.notFound, message: 'No such API endpoint' }, 404));
  // The test checkout page exists only while no real payment provider is configured.
  if (deps.payments.kind === 'sandbox') app.route('/sandbox', sandboxCheckoutRoutes);
  if (deps.config.webDistDir) mountWebApp(app, deps.config.webDistDir, deps.config.site);

  app.onError((err, c) => handleError(err, c, deps.logger));
  return Object.assign(app, { api });
}

export type App = ReturnType<typeof createApp>;
export type AppType = App['api'];
