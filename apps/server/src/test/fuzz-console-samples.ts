/**
 * The fuzzed routes' samples for the operator console, as an admin: each a body the route would
 * accept, on records (or a course) that do not exist, so a body that got through would be refused
 * for what it refers to.
 */
import type { RouteSpec } from './fuzz-bodies.ts';
import { inDays } from './fuzz-route-samples.ts';

export const CONSOLE_ROUTE_SAMPLES: Record<string, RouteSpec> = {
  // The console's Training writes, as an admin, on records (or a course) that do not exist.
  'POST /api/admin/training/cohorts': {
    role: 'admin',
    sample: () => ({ courseId: 'no-such-course', startDate: inDays(30), endDate: inDays(72), capacity: 20, status: 'upcoming' }),
    required: ['courseId', 'startDate', 'endDate'],
  },
  'PUT /api/admin/training/cohorts/:id': {
    role: 'admin',
    sample: () => ({ courseId: 'cpo', startDate: inDays(30), endDate: inDays(72), capacity: 20, status: 'open' }),
    required: ['courseId', 'startDate', 'endDate'],
    param: () => crypto.randomUUID(),
  },
  'DELETE /api/admin/training/cohorts/:id': { role: 'admin', readsNoBody: true, param: () => crypto.randomUUID() },
  'POST /api/admin/training/enrollments/:id/review': {
    role: 'admin',
    sample: () => ({ decision: 'approved' }),
    required: ['decision'],
    param: () => crypto.randomUUID(),
  },
  'POST /api/admin/training/enrollments/:id/cancel': {
    role: 'admin',
    sample: () => ({ reason: 'The student moved to Mombasa' }),
    required: ['reason'],
    param: () => crypto.randomUUID(),
  },
  'POST /api/admin/training/enrollments/:id/cash-paid': {
    role: 'admin',
    sample: () => ({ receiptNumber: 'RCPT-0042' }),
    required: ['receiptNumber'],
    param: () => crypto.randomUUID(),
  },
  'PUT /api/admin/training/attendance': {
    role: 'admin',
    sample: () => ({ cohortId: crypto.randomUUID(), sessionDate: inDays(-1), records: [{ enrollmentId: crypto.randomUUID(), status: 'present' }] }),
    required: ['cohortId', 'sessionDate', 'records'],
  },
  'POST /api/admin/training/sessions': {
    role: 'admin',
    sample: () => ({ courseId: 'no-such-course', title: 'Threat assessment', date: inDays(10), time: '09:00', durationHours: 3 }),
    required: ['courseId', 'title', 'date', 'time', 'durationHours'],
  },
  'PUT /api/admin/training/sessions/:id': {
    role: 'admin',
    sample: () => ({ courseId: 'cpo', title: 'Threat assessment', date: inDays(10), time: '09:00', durationHours: 3 }),
    required: ['courseId', 'title', 'date', 'time', 'durationHours'],
    param: () => crypto.randomUUID(),
  },
  'DELETE /api/admin/training/sessions/:id': { role: 'admin', readsNoBody: true, param: () => crypto.randomUUID() },
  'POST /api/admin/training/courses/:courseId/announcements': {
    role: 'admin',
    sample: () => ({ title: 'Room change', content: 'Week 3 meets in Room 4.', priority: 'high' }),
    required: ['title', 'content'],
    param: () => 'no-such-course',
  },
  'PUT /api/admin/training/courses/:courseId/validity': {
    role: 'admin',
    sample: () => ({ validityYears: 3 }),
    required: ['validityYears'],
    param: () => 'no-such-course',
  },
  'DELETE /api/admin/training/announcements/:id': { role: 'admin', readsNoBody: true, param: () => crypto.randomUUID() },
  'POST /api/admin/training/courses/:courseId/materials': { role: 'admin', sample: () => ({}), param: () => 'no-such-course' },
  'DELETE /api/admin/training/materials/:id': { role: 'admin', readsNoBody: true, param: () => crypto.randomUUID() },
  // A cohort's CVs and photos, as an admin, for a cohort or file that does not exist.
  'POST /api/admin/training/cohorts/:cohortId/files/:kind': { role: 'admin', sample: () => ({}), param: () => crypto.randomUUID() },
  'DELETE /api/admin/training/cohort-files/:fileId': { role: 'admin', readsNoBody: true, param: () => crypto.randomUUID() },
  'POST /api/admin/training/submissions/:id/grade': {
    role: 'admin',
    sample: () => ({ grade: 'A', passed: true, feedback: 'Clear and complete.' }),
    required: ['grade', 'passed'],
    param: () => crypto.randomUUID(),
  },
  // Certificates, as an admin, for an enrolment, cohort or certificate that does not exist.
  'POST /api/admin/training/certificates': {
    role: 'admin',
    sample: () => ({ enrollmentId: crypto.randomUUID(), overrideReason: 'Finished the course with another cohort.' }),
    required: ['enrollmentId'],
  },
  'POST /api/admin/training/cohorts/:cohortId/certificate-batches': { role: 'admin', readsNoBody: true, param: () => crypto.randomUUID() },
  'POST /api/admin/training/certificates/:id/revoke': {
    role: 'admin',
    sample: () => ({ reason: 'Attendance sheets were forged' }),
    required: ['reason'],
    param: () => crypto.randomUUID(),
  },
  // The console's writes, as an admin, on a guard who does not exist: a body that got through would be answered 404.
  'PUT /api/admin/guards/:profileId/approval': {
    role: 'admin',
    sample: () => ({ approved: true }),
    required: ['approved'],
    param: () => crypto.randomUUID(),
  },
  'PATCH /api/admin/officers/:profileId/stages': {
    role: 'admin',
    sample: () => ({ stage: 'documentsVerified', value: true }),
    required: ['stage', 'value'],
    param: () => crypto.randomUUID(),
  },
  'POST /api/admin/officers/:profileId/approve': { role: 'admin', readsNoBody: true, param: () => crypto.randomUUID() },
  'POST /api/admin/officers/:profileId/reject': {
    role: 'admin',
    sample: () => ({ reason: 'Clearance not legible' }),
    required: ['reason'],
    param: () => crypto.randomUUID(),
  },
  // Settings: a colour too light for white text is refused whatever else the body holds.
  'PUT /api/admin/settings': {
    role: 'admin',
    sample: () => ({
      companyName: 'OPS Security',
      slogan: 'Select and Deploy the Best.',
      primaryColor: '#FFFFFF',
      defaultBookingDurationHours: 8,
      maxAdvanceBookingDays: 30,
      platformCommissionPercent: 5,
      autoApproveGuards: false,
    }),
    required: ['companyName', 'primaryColor', 'defaultBookingDurationHours', 'maxAdvanceBookingDays', 'platformCommissionPercent', 'autoApproveGuards'],
  },
  'POST /api/admin/settings/logo': { role: 'admin', sample: () => ({}) },
  // Neither guard is on the booking: the replacement is refused.
  'POST /api/admin/bookings/:bookingId/replace-guard': {
    role: 'admin',
    sample: () => ({ fromGuardProfileId: crypto.randomUUID(), toGuardProfileId: crypto.randomUUID() }),
    required: ['fromGuardProfileId', 'toGuardProfileId'],
  },
  // No logo is set: removing none writes nothing.
  'DELETE /api/admin/settings/logo': { role: 'admin', readsNoBody: true },
  // A type admins do not send: refused whatever else the body holds.
  'POST /api/admin/notifications/broadcast': {
    role: 'admin',
    sample: () => ({ recipients: 'all', type: 'rejection', message: 'Scheduled maintenance tonight.' }),
    required: ['recipients', 'type', 'message'],
  },
  // Clients, roles, bookings and payments, as an admin, on records that do not exist.
  'POST /api/admin/clients/:profileId/block': {
    role: 'admin',
    sample: () => ({ reason: 'Repeated no-shows' }),
    param: () => crypto.randomUUID(),
  },
  'POST /api/admin/clients/:profileId/unblock': { role: 'admin', readsNoBody: true, param: () => crypto.randomUUID() },
  'PUT /api/admin/roles/:profileId': { role: 'admin', sample: () => ({ role: 'partner' }), required: ['role'], param: () => crypto.randomUUID() },
  'POST /api/admin/bookings/:id/status': {
    role: 'admin',
    sample: () => ({ status: 'confirmed' }),
    required: ['status'],
    param: () => crypto.randomUUID(),
  },
  'POST /api/admin/bookings/:id/cancel': {
    role: 'admin',
    sample: () => ({ refund: 100, reason: 'Our guard could not make it' }),
    required: ['refund'],
    param: () => crypto.randomUUID(),
  },
  'POST /api/admin/bookings/:id/guards': {
    role: 'admin',
    sample: () => ({ guardProfileIds: [crypto.randomUUID()] }),
    required: ['guardProfileIds'],
    param: () => crypto.randomUUID(),
  },
  'DELETE /api/admin/bookings/:id/guards/:guardProfileId': { role: 'admin', readsNoBody: true, param: () => crypto.randomUUID() },
  'POST /api/admin/payments/:id/refund': { role: 'admin', readsNoBody: true, param: () => crypto.randomUUID() },
};
