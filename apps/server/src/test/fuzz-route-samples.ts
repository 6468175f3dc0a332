/**
 * The fuzzed routes' samples, for what people do on the site: a body each route would accept, and
 * the records it refers to. The console's are in fuzz-console-samples.ts.
 */
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { RouteSpec } from './fuzz-bodies.ts';

/** The records the samples refer to, made once the app is up. */
export interface FuzzScene {
  bookingId: string;
  checkoutRef: string;
}

export const inDays = (days: number) => addDaysToDate(nairobiDate(new Date()), days);

export function siteRouteSamples(scene: FuzzScene): Record<string, RouteSpec> {
  return {
    'POST /api/accounts': {
      role: 'visitor',
      sample: () => ({
        fullName: 'Amina Hassan',
        email: 'amina.fuzz@example.co.ke',
        password: 'Kilimani-2026',
        confirmPassword: 'Kilimani-2026',
        phone: '0712 345 678',
        role: 'client',
        isCompany: false,
        acceptPrivacyNotice: true,
      }),
      required: ['fullName', 'email', 'password', 'confirmPassword', 'role'],
    },
    'PATCH /api/profiles/me': {
      role: 'client',
      sample: () => ({ fullName: 'Njeri Kamau', phone: '0712 345 678', companyName: null }),
      required: ['fullName'],
    },
    'PUT /api/guards/me/profile': {
      role: 'guard',
      sample: () => ({
        bio: 'Ten years in close protection.',
        specialization: 'Close protection',
        experienceYears: 10,
        rateCurrency: 'KES',
        rateHourly: 1500,
        rateDaily: 12000,
        skills: ['First aid'],
        highRiskCertified: true,
        availability: true,
      }),
      required: ['specialization', 'experienceYears', 'rateHourly', 'rateDaily'],
    },
    'POST /api/reviews': {
      role: 'client',
      sample: () => ({ bookingId: scene.bookingId, rating: 5, comment: 'Very professional.' }),
      required: ['bookingId', 'rating'],
    },
    'POST /api/bookings/quote': { role: 'client', sample: () => wizardBooking(), required: ['date', 'location', 'dressCode'] },
    'POST /api/bookings': { role: 'client', sample: () => wizardBooking(), required: ['date', 'location', 'dressCode'] },
    'POST /api/bookings/form/quote': { role: 'client', sample: () => formBooking(), required: ['serviceType', 'startDate', 'location'] },
    'POST /api/bookings/form': { role: 'client', sample: () => formBooking(), required: ['serviceType', 'startDate', 'location'] },
    'POST /api/bookings/:id/payments': {
      role: 'client',
      sample: () => ({ method: 'mpesa', phone: '0712 345 678' }),
      required: ['method'],
      param: () => scene.bookingId,
    },
    'POST /api/payments/webhooks/intasend': {
      role: 'visitor',
      sample: () => ({ invoice_id: 'INV-1', state: 'COMPLETE', api_ref: 'x', challenge: 'not-the-challenge' }),
    },
    'POST /api/notifications/read-all': { role: 'client', readsNoBody: true },
    'POST /api/notifications/:id/read': { role: 'client', readsNoBody: true, param: () => crypto.randomUUID() },
    'POST /api/guard/documents': { role: 'guard', sample: () => ({ kind: 'cv' }), required: ['kind'] },
    'PUT /api/bookings/:bookingId/site-pin': {
      role: 'client',
      sample: () => ({ latitude: -1.2921, longitude: 36.8219, accuracyMeters: 12 }),
      required: ['latitude', 'longitude', 'accuracyMeters'],
      // No such booking: a valid pin is refused for what it refers to, so every answer is a 4xx.
      param: () => crypto.randomUUID(),
    },
    'DELETE /api/bookings/:bookingId/site-pin': { role: 'client', readsNoBody: true, param: () => crypto.randomUUID() },
    // No such booking of the fuzzing client's: whatever the body, the answer is 404.
    // A booking of nobody's: a good body is refused only for what it refers to (404).
    'POST /api/bookings/:id/cancel': {
      role: 'client',
      sample: () => ({ reason: 'Other', note: 'The event moved to March', expectedRefund: 4800 }),
      param: () => crypto.randomUUID(),
    },
    'POST /api/bookings/:id/reschedule': {
      role: 'client',
      sample: () => ({ date: '2027-03-12', startTime: '09:00', restaff: false }),
      required: ['date', 'startTime'],
      param: () => crypto.randomUUID(),
    },
    // The fuzzing guard is on no booking: every check-in, check-out and report is refused.
    'POST /api/shifts/:bookingId/check-in': {
      role: 'guard',
      sample: () => ({ siteCode: 'K7P4QX', latitude: -1.29, longitude: 36.82, accuracyMeters: 10 }),
      param: () => scene.bookingId,
    },
    'POST /api/shifts/:bookingId/check-out': {
      role: 'guard',
      sample: () => ({ latitude: -1.29, longitude: 36.82, accuracyMeters: 10 }),
      param: () => scene.bookingId,
    },
    'POST /api/shifts/:bookingId/incidents': {
      role: 'guard',
      sample: () => ({ type: 'theft', severity: 'low', occurredAt: new Date().toISOString(), description: 'A bag was taken from the gate.' }),
      required: ['type', 'severity', 'occurredAt', 'description'],
      param: () => scene.bookingId,
    },
    'PATCH /api/incidents/:id': {
      role: 'guard',
      sample: () => ({ type: 'theft', severity: 'low', occurredAt: new Date().toISOString(), description: 'A bag was taken from the gate.' }),
      required: ['type', 'severity', 'occurredAt', 'description'],
      param: () => crypto.randomUUID(),
    },
    'POST /api/incidents/:id/photos': { role: 'guard', sample: () => ({}), param: () => crypto.randomUUID() },
    'DELETE /api/guard/documents/:id': { role: 'guard', readsNoBody: true, param: () => crypto.randomUUID() },
    'POST /api/student/assessments': {
      role: 'client',
      sample: () => ({ enrollmentId: crypto.randomUUID(), title: 'Week 2 assignment', type: 'assignment' }),
      required: ['enrollmentId', 'title', 'type'],
    },
    'POST /api/enrollments': {
      role: 'client',
      sample: () => ({ cohortId: crypto.randomUUID(), paymentMethod: 'intasend', phoneNumber: '0712 345 678' }),
      required: ['cohortId', 'paymentMethod'],
    },
    'POST /api/certificates/verify-credential': {
      role: 'visitor',
      sample: () => ({ credential: 'eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJ4In0.c2lnbmF0dXJl' }),
      required: ['credential'],
      throttled: true,
      verdictOnAnyText: true,
    },
    // The partner's audit of a cohort that does not exist: the body carries only the optional notes.
    'POST /api/partner/cohorts/:id/audit': {
      role: 'partner',
      sample: () => ({ notes: 'Registers and graded scripts checked.' }),
      param: () => crypto.randomUUID(),
    },
    'PUT /api/guard/credentials': {
      role: 'guard',
      sample: () => ({
        psraLicenceNumber: 'PSRA/2024-00123',
        psraLicenceExpiresOn: inDays(400),
        policeClearanceIssuedOn: inDays(-30),
        policeClearanceExpiresOn: inDays(335),
      }),
      required: ['psraLicenceNumber', 'psraLicenceExpiresOn', 'policeClearanceIssuedOn', 'policeClearanceExpiresOn'],
    },
    'POST /api/me/delete': { role: 'client', sample: () => ({ password: 'not-the-password' }), required: ['password'] },
    'POST /sandbox/checkout/:ref': {
      role: 'client',
      form: true,
      sample: () => ({ action: 'approve', card_number: '4242 4242 4242 4242', card_expiry: '12/39', card_cvc: '123', phone: '0712345678' }),
      required: ['action'],
      param: () => scene.checkoutRef,
    },
  };
}

const wizardBooking = () => ({
  serviceType: 'personal',
  guardId: null,
  teamSize: 1,
  date: inDays(5),
  startTime: '09:00',
  duration: 8,
  durationType: 'hourly',
  dressCode: 'business_suit',
  location: 'Karen',
  address: '12 Karen Road',
  notes: 'Gate 2',
  totalCost: null,
});
const formBooking = () => ({
  serviceType: 'vip',
  bookingType: 'hourly',
  startDate: inDays(5),
  startTime: '09:00',
  endTime: '17:00',
  location: 'Karen',
  guards: 1,
  notes: 'Gate 2',
});
