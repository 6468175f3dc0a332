/**
 * Property: whatever a client sends to a route that changes something (wrong types, missing
 * fields, NUL bytes, absurd numbers, deep nesting, non-JSON, the wrong content type, too much), the
 * answer is a 4xx, never a 5xx, and no row is written. The routes are read from the app itself, so a
 * new one is fuzzed as soon as it is mounted (and this file asks for its sample body).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { insertGuard } from './test/fixtures.ts';
import { book, pay } from './test/payment-helpers.ts';
import { rowCounts } from './test/row-counts.ts';
import { createTestContext, TEST_APP_URL, type TestContext } from './test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from './test/test-database.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const RUNS = 20;
const BETTER_AUTH_RUNS = 6;

type Role = 'visitor' | 'client' | 'guard' | 'admin' | 'partner';
type Json = Record<string, unknown>;

interface RouteSpec {
  role: Role;
  /** A body the route would accept (or refuse only for what it refers to): mutations start from it. */
  sample?: () => Json;
  /** Fields that must be there. */
  required?: string[];
  /** Routes whose handler reads no body: any body is as good as none (a 2xx is fine). */
  readsNoBody?: boolean;
  /** Sends its sample as a form, as a browser posts the sandbox page. */
  form?: boolean;
  /** What :id or :ref stands for. */
  param?: () => string;
  /** Counts each request against a per-address limit (auth_throttles): that counter is the only row it may touch. */
  throttled?: boolean;
  /** A check that gives its verdict on any text (a wrong credential is a 200 saying so): a 2xx is fine. */
  verdictOnAnyText?: boolean;
}

let factory: TestDatabaseFactory;
let t: TestContext;
const cookies: Record<Role, string> = { visitor: '', client: '', guard: '', admin: '', partner: '' };
let bookingId = '';
let checkoutRef = '';

const inDays = (days: number) => addDaysToDate(nairobiDate(new Date()), days);

const SPECS: Record<string, RouteSpec> = {
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
  'POST /api/reviews': { role: 'client', sample: () => ({ bookingId, rating: 5, comment: 'Very professional.' }), required: ['bookingId', 'rating'] },
  'POST /api/bookings/quote': { role: 'client', sample: () => wizardBooking(), required: ['date', 'location', 'dressCode'] },
  'POST /api/bookings': { role: 'client', sample: () => wizardBooking(), required: ['date', 'location', 'dressCode'] },
  'POST /api/bookings/form/quote': { role: 'client', sample: () => formBooking(), required: ['serviceType', 'startDate', 'location'] },
  'POST /api/bookings/form': { role: 'client', sample: () => formBooking(), required: ['serviceType', 'startDate', 'location'] },
  'POST /api/bookings/:id/payments': {
    role: 'client',
    sample: () => ({ method: 'mpesa', phone: '0712 345 678' }),
    required: ['method'],
    param: () => bookingId,
  },
  'POST /api/payments/webhooks/intasend': {
    role: 'visitor',
    sample: () => ({ invoice_id: 'INV-1', state: 'COMPLETE', api_ref: 'x', challenge: 'not-the-challenge' }),
  },
  'POST /api/notifications/read-all': { role: 'client', readsNoBody: true },
  'POST /api/notifications/:id/read': { role: 'client', readsNoBody: true, param: () => crypto.randomUUID() },
  'POST /api/guard/documents': { role: 'guard', sample: () => ({ kind: 'cv' }), required: ['kind'] },
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
  'POST /api/admin/bookings/:id/guards': {
    role: 'admin',
    sample: () => ({ guardProfileIds: [crypto.randomUUID()] }),
    required: ['guardProfileIds'],
    param: () => crypto.randomUUID(),
  },
  'DELETE /api/admin/bookings/:id/guards/:guardProfileId': { role: 'admin', readsNoBody: true, param: () => crypto.randomUUID() },
  'POST /api/admin/payments/:id/refund': { role: 'admin', readsNoBody: true, param: () => crypto.randomUUID() },
  'POST /api/me/delete': { role: 'client', sample: () => ({ password: 'not-the-password' }), required: ['password'] },
  'POST /sandbox/checkout/:ref': {
    role: 'client',
    form: true,
    sample: () => ({ action: 'approve', card_number: '4242 4242 4242 4242', card_expiry: '12/39', card_cvc: '123', phone: '0712345678' }),
    required: ['action'],
    param: () => checkoutRef,
  },
};

/** Better Auth's endpoints that end sessions or read none of the body: fuzzed without a session. */
const BETTER_AUTH_VISITOR_ONLY = new Set([
  '/sign-out',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/delete-user',
  '/update-session',
  '/get-session',
]);

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

// ---------------------------------------------------------------------------------------------
// Bodies. Each is a content type and the bytes sent, and every one of them is wrong.

interface Body {
  what: string;
  contentType: string | null;
  text: string;
}

/** JSON text of a value, where a number may be written as the raw token (1e400, 30 digits). */
const raw = (token: string) => ({ rawJson: token });
function toJson(value: unknown): string {
  const tokens: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || !('rawJson' in v)) return v;
    tokens.push(String(v.rawJson));
    return `@@raw${tokens.length - 1}@@`;
  });
  return text.replace(/"@@raw(\d+)@@"/g, (_match, i: string) => tokens[Number(i)] ?? '');
}

const ABSURD_NUMBERS = [
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '-1',
  '-0.5',
  '9007199254740993',
  '123456789012345678901234567890',
  '"NaN"',
  '"Infinity"',
  '"-1"',
  '"1e308"',
];

const nested = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);
const DEEP = [nested(5000, '[', ']'), nested(3000, '{"a":', '}'), nested(200, '{"a":[', ']}')];

const withNul = fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => `${a}\u0000${b}`);

/** A value of another JSON type than the sample's. */
function wrongType(sampleValue: unknown): fc.Arbitrary<unknown> {
  const text = fc.string({ maxLength: 20 });
  const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
  const list = fc.array(fc.integer(), { maxLength: 3 });
  const object = fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 });
  if (typeof sampleValue === 'string') return fc.oneof(number, fc.boolean(), list, object);
  if (typeof sampleValue === 'number') return fc.oneof(text, fc.boolean(), list, object);
  if (typeof sampleValue === 'boolean') return fc.oneof(text, number, list, object);
  if (Array.isArray(sampleValue)) return fc.oneof(text, number, fc.boolean(), object);
  return fc.oneof(list, object, fc.boolean());
}

/** A body that fast-check reports by what it is, not by its (maybe megabyte) text. */
function body(what: string, contentType: string | null, text: string): Body {
  const shown = text.length > 120 ? `${text.slice(0, 120)}… (${text.length} characters)` : text;
  const described: Body & { [fc.toStringMethod]: () => string } = {
    what,
    contentType,
    text,
    [fc.toStringMethod]: () => `${what} as ${contentType ?? 'no type'}: ${shown}`,
  };
  return described;
}
const json = (what: string, value: unknown): Body => body(what, 'application/json', toJson(value));

function bodies(spec: RouteSpec, bodyLimit: number): fc.Arbitrary<Body> {
  const sample = spec.sample?.() ?? {};
  const keys = Object.keys(sample);
  const field = keys.length > 0 ? fc.constantFrom(...keys) : fc.constantFrom('email', 'password', 'token', 'name', 'newPassword', 'callbackURL');
  const generic: fc.Arbitrary<Body>[] = [
    fc.constantFrom('[]', 'null', 'true', '42', '"text"', '[{"a":1}]').map((text) => body('not an object', 'application/json', text)),
    fc
      .constantFrom('{', '{"a":', "{'a': 1}", '{"a":1}}', 'undefined', 'NaN', '\u0000', '{"a":"\\u00"}')
      .map((text) => body('not JSON', 'application/json', text)),
    fc
      .string({ minLength: 1, maxLength: 30 })
      .filter((s) => !isJson(s))
      .map((text) => body('not JSON', 'application/json', text)),
    fc.tuple(field, withNul).map(([key, value]) => json('NUL in a value', { ...sample, [key]: value })),
    withNul.map((key) => json('NUL in a key', { ...sample, [key]: 1 })),
    fc.tuple(field, fc.constantFrom(...DEEP)).map(([key, deep]) => body('deeply nested', 'application/json', toJson({ ...sample, [key]: raw(deep) }))),
    fc.constantFrom(...DEEP).map((text) => body('deeply nested', 'application/json', text)),
    fc.constant(body('over the size limit', 'application/json', toJson({ ...sample, padding: 'x'.repeat(bodyLimit + 10) }))),
  ];
  if (keys.length === 0) return fc.oneof(...generic);
  const numberFields = keys.filter((k) => typeof sample[k] === 'number');
  const typed: fc.Arbitrary<Body>[] = [
    fc.constantFrom(...keys).chain((key) => wrongType(sample[key]).map((value) => json(`wrong type for ${key}`, { ...sample, [key]: value }))),
    fc
      .tuple(fc.constantFrom(...keys), fc.constantFrom(...ABSURD_NUMBERS.filter((n) => !n.startsWith('"'))))
      .map(([key, n]) => json(`absurd number in ${key}`, { ...sample, [key]: raw(n) })),
    fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', '')
      .map((contentType) => body(`sent as ${contentType || 'no content type'}`, contentType || null, toJson(sample))),
  ];
  const textFields = keys.filter((k) => typeof sample[k] === 'string');
  if (textFields.length > 0) {
    typed.push(
      fc
        .tuple(fc.constantFrom(...textFields), fc.integer({ min: 5_000, max: 300_000 }))
        .map(([key, length]) => json(`${length} characters in ${key}`, { ...sample, [key]: 'x'.repeat(length) })),
    );
  }
  if (numberFields.length > 0) {
    typed.push(
      fc
        .tuple(fc.constantFrom(...numberFields), fc.constantFrom(...ABSURD_NUMBERS))
        .map(([key, n]) => json(`absurd ${key}`, { ...sample, [key]: raw(n) })),
    );
  }
  if (spec.required?.length) {
    typed.push(
      fc.constantFrom(...spec.required).map((key) => json(`without ${key}`, Object.fromEntries(Object.entries(sample).filter(([k]) => k !== key)))),
    );
  }
  if (spec.form) {
    typed.push(
      fc
        .tuple(fc.constantFrom(...keys), withNul)
        .map(([key, value]) =>
          body(
            `NUL in form field ${key}`,
            'application/x-www-form-urlencoded',
            new URLSearchParams({ ...(sample as Record<string, string>), [key]: value }).toString(),
          ),
        ),
      fc
        .constantFrom('x', 'action=', '%', '%zz=%zz', 'action=maybe', 'action[]=approve', 'action=approve%00', '&&&=&')
        .map((text) => body('odd form', 'application/x-www-form-urlencoded', text)),
    );
  }
  return fc.oneof(...generic, ...typed);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------

interface Route {
  method: string;
  path: string;
  spec: RouteSpec;
  betterAuth: boolean;
}

/** Every state-changing route the app serves; Better Auth's wildcard is opened into its endpoints. */
function writeRoutes(): Route[] {
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const { method, path } of t.app.routes) {
    const key = `${method} ${path}`;
    if (!WRITE_METHODS.has(method) || path.endsWith('/*') || seen.has(key)) continue;
    seen.add(key);
    const spec = SPECS[key];
    if (!spec) throw new Error(`${key} has no sample in app.fuzz.test.ts: add one so the route is fuzzed`);
    routes.push({ method, path, spec, betterAuth: false });
  }
  expect(t.app.routes.some((r) => r.method === 'POST' && r.path === '/api/auth/*')).toBe(true);
  const endpoints = Object.values(t.deps.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>);
  for (const endpoint of endpoints) {
    const methods = [endpoint.options?.method ?? []].flat();
    if (!endpoint.path || !methods.includes('POST')) continue;
    const visitor = BETTER_AUTH_VISITOR_ONLY.has(endpoint.path);
    routes.push({
      method: 'POST',
      path: `/api/auth${endpoint.path}`,
      spec: { role: visitor ? 'visitor' : 'client', readsNoBody: visitor, param: () => 'credential' },
      betterAuth: true,
    });
  }
  return routes;
}

async function send(route: Route, sent: Body, param?: string) {
  const path = route.path.replace(/:(id|ref|profileId|courseId|cohortId|guardProfileId)\b/g, () =>
    encodeURIComponent(param ?? route.spec.param?.() ?? ''),
  );
  const headers = new Headers({ origin: TEST_APP_URL });
  if (sent.contentType) headers.set('content-type', sent.contentType);
  const cookie = cookies[route.spec.role];
  if (cookie) headers.set('cookie', cookie);
  return t.app.request(`${TEST_APP_URL}${path}`, { method: route.method, headers, body: sent.text });
}

beforeAll(async () => {
  factory = await createTestDatabaseFactory();
  t = await createTestContext(factory);
  const client = await t.signedIn('client', { phone: '254712345678' });
  const guard = await t.signedIn('guard');
  cookies.client = client.client.cookieHeader;
  cookies.guard = guard.client.cookieHeader;
  cookies.admin = (await t.signedIn('admin')).client.cookieHeader;
  cookies.partner = (await t.signedIn('partner')).client.cookieHeader;
  const booked = await book(client.client, await insertGuard(t.database.db));
  bookingId = booked.id;
  const { body: payment } = await pay(client.client, booked.id, { method: 'card' });
  checkoutRef = new URL(payment.checkoutUrl ?? '', TEST_APP_URL).pathname.split('/').pop() ?? '';
});
afterAll(async () => {
  await t.close();
  await factory.dispose();
});

/** The per-address counters a throttled route keeps are left out of its comparison. */
function withoutThrottles(counts: Record<string, number>, spec: RouteSpec): Record<string, number> {
  if (!spec.throttled) return counts;
  const { auth_throttles: _counter, ...rest } = counts;
  return rest;
}

describe('malformed input to every state-changing route', () => {
  it('gets a 4xx (never a 5xx) and writes nothing', { timeout: 240_000 }, async () => {
    const limit = t.deps.config.bodyLimitBytes;
    for (const route of writeRoutes()) {
      const before = await rowCounts(t.database.db);
      await fc.assert(
        fc.asyncProperty(bodies(route.spec, limit), async (sent) => {
          const res = await send(route, sent);
          const answer = `${route.method} ${route.path} with ${sent.what} (${sent.text.slice(0, 80)}) → ${res.status}: ${(await res.text()).slice(0, 200)}`;
          expect(res.status, answer).toBeLessThan(500);
          if (!route.spec.readsNoBody && !route.spec.verdictOnAnyText && !route.betterAuth) expect(res.status, answer).toBeGreaterThanOrEqual(400);
          if (res.status === 413) expect(res.headers.get('connection'), answer).toBe('close');
        }),
        { numRuns: route.betterAuth ? BETTER_AUTH_RUNS : RUNS },
      );
      expect(withoutThrottles(await rowCounts(t.database.db), route.spec), `${route.method} ${route.path} wrote rows`).toEqual(
        withoutThrottles(before, route.spec),
      );
    }
  });

  it('refuses hostile path parameters with a 4xx and writes nothing', async () => {
    const hostile = ['\u0000', 'a\u0000b', 'x'.repeat(2000), '1e308', '-1', '../../etc/passwd', '%', '\u202e', "' or 1=1 --", '{}'];
    const before = await rowCounts(t.database.db);
    for (const route of writeRoutes().filter((r) => !r.betterAuth && r.spec.param)) {
      for (const param of hostile) {
        const sample = route.spec.form
          ? body('the sample', 'application/x-www-form-urlencoded', new URLSearchParams(route.spec.sample?.() as Record<string, string>).toString())
          : body('the sample', 'application/json', toJson(route.spec.sample?.() ?? {}));
        const res = await send(route, sample, param);
        const answer = `${route.method} ${route.path} with :param ${JSON.stringify(param.slice(0, 20))} → ${res.status}: ${(await res.text()).slice(0, 200)}`;
        expect(res.status, answer).toBeGreaterThanOrEqual(400);
        expect(res.status, answer).toBeLessThan(500);
      }
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});
