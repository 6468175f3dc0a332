/**
 * SQL for the export of what a person did on the marketplace: bookings, payments and reviews, with
 * other people only as the app already shows them to this person.
 */
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { reviews } from '../../db/schema/reviews.ts';

const otherProfile = alias(profiles, 'other_profile');

const bookingColumns = {
  id: bookings.id,
  reference: bookings.reference,
  serviceType: bookings.serviceType,
  bookingType: bookings.bookingType,
  shiftType: bookings.shiftType,
  teamSize: bookings.teamSize,
  dressCode: bookings.dressCode,
  area: bookings.area,
  address: bookings.address,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  durationHours: bookings.durationHours,
  price: bookings.price,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  cancelledReason: bookings.cancelledReason,
  confirmedAt: bookings.confirmedAt,
  completedAt: bookings.completedAt,
  cancelledAt: bookings.cancelledAt,
  createdAt: bookings.createdAt,
};

/** The person's bookings as a client, with the guard as the booking pages show them. */
export function findBookingsAsClient(db: Executor, profileId: string) {
  return db
    .select({ ...bookingColumns, notes: bookings.notes, guardProfileId: bookings.guardProfileId, guardName: otherProfile.fullName })
    .from(bookings)
    .leftJoin(otherProfile, eq(otherProfile.id, bookings.guardProfileId))
    .where(eq(bookings.clientProfileId, profileId))
    .orderBy(asc(bookings.startTime), asc(bookings.id));
}

/**
 * The jobs assigned to a guard, with the client only as the guard's dashboard shows them (name or
 * company name): never the client's phone, e-mail, notes or commission.
 */
export function findBookingsAsGuard(db: Executor, profileId: string) {
  return db
    .select({
      ...bookingColumns,
      clientName: otherProfile.fullName,
      clientIsCompany: otherProfile.isCompany,
      clientCompanyName: otherProfile.companyName,
    })
    .from(bookings)
    .innerJoin(otherProfile, eq(otherProfile.id, bookings.clientProfileId))
    .where(eq(bookings.guardProfileId, profileId))
    .orderBy(asc(bookings.startTime), asc(bookings.id));
}

/** Money the person paid (or tried to): never the provider's raw answers or checkout signature. */
export function findPayments(db: Executor, profileId: string) {
  return db
    .select({
      id: payments.id,
      bookingId: payments.bookingId,
      bookingReference: bookings.reference,
      enrollmentId: payments.enrollmentId,
      provider: payments.provider,
      method: payments.method,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      providerReference: payments.providerRef,
      phone: payments.phone,
      failureReason: payments.failureReason,
      paidAt: payments.paidAt,
      receivedAmount: payments.receivedAmount,
      refundedAmount: payments.refundedAmount,
      refundedAt: payments.refundedAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.payerProfileId, profileId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export function findReviewsWritten(db: Executor, profileId: string) {
  return db
    .select({
      id: reviews.id,
      bookingId: reviews.bookingId,
      guardProfileId: reviews.guardProfileId,
      guardName: otherProfile.fullName,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(otherProfile, eq(otherProfile.id, reviews.guardProfileId))
    .where(eq(reviews.clientProfileId, profileId))
    .orderBy(asc(reviews.createdAt));
}

/** Reviews of a guard, with the reviewer named as the guard's public page names them. */
export function findReviewsReceived(db: Executor, profileId: string) {
  return db
    .select({
      id: reviews.id,
      bookingId: reviews.bookingId,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      reviewerName: otherProfile.fullName,
      reviewerIsCompany: otherProfile.isCompany,
      reviewerCompanyName: otherProfile.companyName,
    })
    .from(reviews)
    .innerJoin(otherProfile, eq(otherProfile.id, reviews.clientProfileId))
    .where(eq(reviews.guardProfileId, profileId))
    .orderBy(asc(reviews.createdAt));
}
