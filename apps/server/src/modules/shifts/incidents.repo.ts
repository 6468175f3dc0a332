/** Incidents and their photos. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { incidentPhotos, incidents } from '../../db/schema/shifts.ts';

export type NewIncident = typeof incidents.$inferInsert;

export async function insertIncident(db: Executor, row: NewIncident) {
  const [created] = await db.insert(incidents).values(row).returning();
  if (!created) throw new Error('incident not created');
  return created;
}

/** An incident with its booking's client, for the access rules. */
export async function findIncident(db: Executor, id: string) {
  const [row] = await db
    .select({ incident: incidents, clientProfileId: bookings.clientProfileId, reference: bookings.reference })
    .from(incidents)
    .innerJoin(bookings, eq(bookings.id, incidents.bookingId))
    .where(eq(incidents.id, id));
  return row ?? null;
}

export async function lockIncident(db: Executor, id: string) {
  const [row] = await db.select().from(incidents).where(eq(incidents.id, id)).for('update');
  return row ?? null;
}

export async function updateIncident(db: Executor, id: string, change: Partial<NewIncident>) {
  const [row] = await db.update(incidents).set(change).where(eq(incidents.id, id)).returning();
  return row ?? null;
}

/** A booking's incidents, oldest first, with the filing guard's name and the photos' positions. */
export function findBookingIncidents(db: Executor, bookingId: string) {
  return db
    .select({
      incident: incidents,
      guardName: profiles.fullName,
      photos: sql<
        number[]
      >`coalesce((select array_agg(${incidentPhotos.position} order by ${incidentPhotos.position}) from ${incidentPhotos} where ${incidentPhotos.incidentId} = ${incidents.id}), '{}')`,
    })
    .from(incidents)
    .innerJoin(profiles, eq(profiles.id, incidents.guardProfileId))
    .where(eq(incidents.bookingId, bookingId))
    .orderBy(asc(incidents.occurredAt), asc(incidents.createdAt));
}

/** Photos already on an incident. */
export async function countPhotos(db: Executor, incidentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(incidentPhotos)
    .where(eq(incidentPhotos.incidentId, incidentId));
  return row?.n ?? 0;
}

export async function insertPhoto(db: Executor, incidentId: string, fileId: string, position: number) {
  await db.insert(incidentPhotos).values({ incidentId, fileId, position });
}

export async function findPhotoFileId(db: Executor, incidentId: string, position: number): Promise<string | null> {
  const [row] = await db
    .select({ fileId: incidentPhotos.fileId })
    .from(incidentPhotos)
    .where(and(eq(incidentPhotos.incidentId, incidentId), eq(incidentPhotos.position, position)));
  return row?.fileId ?? null;
}

/** Whether this guard is (or was) on the booking. */
export async function isGuardOn(db: Executor, bookingId: string, guardProfileId: string): Promise<boolean> {
  const rows = await db
    .select({ id: bookingGuards.id })
    .from(bookingGuards)
    .where(and(eq(bookingGuards.bookingId, bookingId), inArray(bookingGuards.guardProfileId, [guardProfileId])));
  return rows.length > 0;
}

/** The booking's client, or null when there is no such booking. */
export async function findBookingClient(db: Executor, bookingId: string): Promise<string | null> {
  const [row] = await db.select({ clientProfileId: bookings.clientProfileId }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.clientProfileId ?? null;
}

/** The booking's client as the shift's messages reach them. */
export async function findClientContact(db: Executor, bookingId: string) {
  const [row] = await db
    .select({ profileId: profiles.id, email: users.email, phone: profiles.phone })
    .from(bookings)
    .innerJoin(profiles, eq(profiles.id, bookings.clientProfileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}
