/**
 * Rows for test set-up, written straight to the database: guards (people without a sign-in),
 * bookings, payments and reviews in the states the constraints allow.
 */
import type { BookingPaymentStatus, BookingStatus, GuardStatus, Specialization } from '@ops/shared/constants';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { bookings } from '../db/schema/bookings.ts';
import { guards } from '../db/schema/guards.ts';
import { payments } from '../db/schema/payments.ts';
import { profiles } from '../db/schema/profiles.ts';
import { reviews } from '../db/schema/reviews.ts';

let counter = 0;
const next = () => (counter += 1);

export interface GuardFixture {
  fullName: string;
  phone: string | null;
  status: GuardStatus;
  rejectionReason: string | null;
  specialization: Specialization | null;
  experienceYears: number;
  rateHourly: number | null;
  rateDaily: number | null;
  availability: boolean;
  highRiskCertified: boolean;
  averageRating: number | null;
  reviewCount: number;
  bio: string | null;
  skills: string[];
  createdAt: Date;
  /** 'YYYY-MM-DD' Nairobi days; by default a licence for two years and a clearance for one. */
  psraLicenceNumber: string | null;
  psraLicenceExpiresOn: string | null;
  policeClearanceIssuedOn: string | null;
  policeClearanceExpiresOn: string | null;
  /** The last two onboarding stages; with approval they make the guard Deployment Ready (the default). */
  onboardingComplete: boolean;
  fitForDuty: boolean;
}

/**
 * A PSRA licence valid about two years and a police clearance valid about a year from the later of
 * `createdAt` and now: what a guard needs to be listed and booked. Set it on a signed-up guard too.
 */
export function validCredentials(createdAt?: Date) {
  const from = nairobiDate(new Date(Math.max(Date.now(), createdAt?.getTime() ?? 0)));
  return {
    psraLicenceNumber: `PSRA/G/2025/${String(next()).padStart(6, '0')}`,
    psraLicenceExpiresOn: addDaysToDate(from, 730),
    policeClearanceIssuedOn: addDaysToDate(from, -30),
    policeClearanceExpiresOn: addDaysToDate(from, 335),
  };
}

/**
 * What a signed-up guard needs to be offered to clients, booked and staffed besides approval: valid
 * credentials (validCredentials) and the last two onboarding stages done.
 */
export function deploymentReady(createdAt?: Date) {
  return { ...validCredentials(createdAt), onboardingComplete: true, fitForDuty: true };
}

/**
 * A guard (approved and Deployment Ready unless told otherwise: onboarding complete and fit for duty)
 * with a PSRA licence valid about two years and a police clearance valid about a year from the later
 * of createdAt and now; returns the guard's profile id.
 */
export async function insertGuard(db: Database, overrides: Partial<GuardFixture> = {}): Promise<string> {
  const n = next();
  const g: GuardFixture = {
    fullName: `Guard ${n}`,
    phone: null,
    status: 'approved',
    rejectionReason: null,
    specialization: 'Guard',
    experienceYears: 3,
    rateHourly: 1200,
    rateDaily: null,
    availability: true,
    highRiskCertified: false,
    averageRating: null,
    reviewCount: 0,
    bio: null,
    skills: [],
    createdAt: new Date(),
    ...deploymentReady(overrides.createdAt),
    ...overrides,
  };
  const userId = crypto.randomUUID();
  await db.insert(users).values({ id: userId, name: g.fullName, email: `fixture-guard-${n}-${Date.now()}@example.co.ke`, emailVerified: true });
  const [profile] = await db.insert(profiles).values({ userId, role: 'guard', fullName: g.fullName, phone: g.phone }).returning({ id: profiles.id });
  if (!profile) throw new Error('profile not created');
  const { fullName: _name, phone: _phone, ...guard } = g;
  await db.insert(guards).values({
    profileId: profile.id,
    ...guard,
    approved: g.status === 'approved',
    approvedAt: g.status === 'approved' ? g.createdAt : null,
  });
  return profile.id;
}

export interface BookingFixture {
  clientProfileId: string;
  guardProfileId: string | null;
  status: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  startTime: Date;
  durationHours: number;
  price: number;
  area: string;
}

const PAID_STATUSES: BookingStatus[] = ['confirmed', 'completed'];

/** A booking; confirmed and completed ones are paid, as the table requires. */
export async function insertBooking(db: Database, fields: Pick<BookingFixture, 'clientProfileId'> & Partial<BookingFixture>): Promise<string> {
  const status = fields.status ?? 'completed';
  const b: BookingFixture = {
    guardProfileId: null,
    status,
    paymentStatus: PAID_STATUSES.includes(status) ? 'paid' : 'unpaid',
    startTime: new Date(Date.now() - 7 * 24 * 3600 * 1000),
    durationHours: 8,
    price: 9600,
    area: 'Karen',
    ...fields,
  };
  const [row] = await db
    .insert(bookings)
    .values({
      ...b,
      // Four digits at least, so a test can search by any beginning of it past "OPS-T".
      reference: `OPS-T${String(next()).padStart(4, '0')}`,
      serviceType: 'personal',
      bookingType: 'hourly',
      endTime: new Date(b.startTime.getTime() + b.durationHours * 3600 * 1000),
    })
    .returning({ id: bookings.id });
  if (!row) throw new Error('booking not created');
  return row.id;
}

export async function insertPayment(
  db: Database,
  fields: { bookingId: string; payerProfileId: string; amount: number; status: 'pending' | 'paid' | 'failed' | 'refunded' },
) {
  // Money that arrived says when; a refunded payment says how much went back (as the table requires).
  const paidAt = fields.status === 'paid' || fields.status === 'refunded' ? new Date() : null;
  const refundedAmount = fields.status === 'refunded' ? fields.amount : null;
  await db.insert(payments).values({ ...fields, paidAt, refundedAmount, provider: 'sandbox', method: 'mpesa', apiRef: `api-ref-${next()}` });
}

export async function insertReview(
  db: Database,
  fields: { bookingId: string; guardProfileId: string; clientProfileId: string; rating: number; comment?: string | null; createdAt?: Date },
) {
  await db.insert(reviews).values(fields);
}
