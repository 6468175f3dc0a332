/**
 * Incidents (decision 029): the guard on a shift reports what happened, with up to three photos;
 * a high-severity one alerts the operator and the client at once. The client, the guards on the
 * booking and admins read them; the guard may correct their report for 24 hours, after which only
 * an admin may, with a reason kept in the audit trail.
 */
import { INCIDENT_TYPE_LABELS } from '@ops/shared/constants';
import { shiftsOf } from '@ops/shared/domain/shift-rules';
import { INCIDENT_PHOTO_MAX, type IncidentDto, type IncidentEditInput, type IncidentInput } from '@ops/shared/schemas/shifts';
import type { AppDeps, Viewer } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ReceivedUpload } from '../files/file-upload.ts';
import { findStoredFile, openStoredFile, saveStoredFiles, saveUploadedFile } from '../files/files.service.ts';
import type { IncidentPhoto } from './incident-photos.ts';
import { getShiftSettings } from '../settings/settings.service.ts';
import { reportLink, TODAY_BOARD_LINK } from './shift-messages.ts';
import { tell, tellOperator } from './shift-notices.service.ts';
import { findBookingOfGuard, findChecks } from './shifts.repo.ts';
import {
  countPhotos,
  findBookingClient,
  findClientContact,
  findBookingIncidents,
  findIncident,
  findPhotoFileId,
  insertIncident,
  insertPhoto,
  isGuardOn,
  lockIncident,
  updateIncident,
} from './incidents.repo.ts';

const HOUR = 3_600_000;
export const EDIT_WINDOW_MS = 24 * HOUR;
const PHONE_CLOCK_SLACK_MS = 10 * 60_000;
export const INCIDENT_NOT_FOUND = 'Incident not found';
export const NOT_ON_SHIFT = 'You can report an incident only on a shift you have checked in to, until an hour after it ends.';
export const EDIT_CLOSED = 'An incident can be corrected by the guard who reported it for 24 hours; after that, ask the operator.';
export const REASON_NEEDED = 'Give the reason for changing this report: it is kept in the activity log.';

type Row = Awaited<ReturnType<typeof findBookingIncidents>>[number];

const toDto = (r: Row): IncidentDto => ({
  id: r.incident.id,
  bookingId: r.incident.bookingId,
  guardName: r.guardName,
  shiftIndex: r.incident.shiftIndex,
  type: r.incident.type,
  typeLabel: INCIDENT_TYPE_LABELS[r.incident.type],
  severity: r.incident.severity,
  occurredAt: r.incident.occurredAt.toISOString(),
  description: r.incident.description,
  photoUrls: r.photos.map((p) => `/api/incidents/${r.incident.id}/photos/${p}`),
  createdAt: r.incident.createdAt.toISOString(),
});

/** Whether the viewer may read a booking's incidents: its client, a guard on it, an admin. */
async function mayRead(deps: Pick<AppDeps, 'db'>, viewer: Viewer, bookingId: string): Promise<boolean> {
  if (viewer.role === 'admin') return (await findBookingClient(deps.db, bookingId)) !== null;
  if (viewer.role === 'client') return (await findBookingClient(deps.db, bookingId)) === viewer.profileId;
  if (viewer.role === 'guard') return isGuardOn(deps.db, bookingId, viewer.profileId);
  return false;
}

export async function listIncidents(deps: Pick<AppDeps, 'db'>, viewer: Viewer, bookingId: string): Promise<IncidentDto[]> {
  if (!(await mayRead(deps, viewer, bookingId))) throw AppError.notFound('Booking not found');
  return (await findBookingIncidents(deps.db, bookingId)).map(toDto);
}

/**
 * The shift a guard may report from now: one they checked in to, until an hour after its end. The
 * route asks before it reads the form, so a guard refused does not get to send photos first.
 */
export async function shiftToReport(deps: Pick<AppDeps, 'db'>, guardProfileId: string, bookingId: string, now: Date) {
  const booking = await findBookingOfGuard(deps.db, bookingId, guardProfileId);
  if (!booking) throw AppError.notFound('This shift is not one of yours.');
  if (booking.status !== 'confirmed' && booking.status !== 'completed') throw AppError.conflict(NOT_ON_SHIFT);
  const shifts = shiftsOf(booking);
  const mine = (await findChecks(deps.db, [bookingId])).filter((c) => c.guardProfileId === guardProfileId);
  const on = mine
    .map((c) => shifts.find((s) => s.index === c.shiftIndex))
    .filter((s) => s !== undefined)
    .filter((s) => now.getTime() <= s.end.getTime() + HOUR)
    .at(-1);
  if (!on) throw AppError.conflict(NOT_ON_SHIFT);
  return { booking, on };
}

/**
 * The guard's report from the shift they have checked in to (until an hour after it ends), with its
 * photos: the incident, the photos and the alerts are kept together or not at all.
 */
export async function fileIncident(
  deps: Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'files' | 'logger'>,
  guardProfileId: string,
  bookingId: string,
  input: IncidentInput,
  photos: readonly IncidentPhoto[] = [],
): Promise<IncidentDto> {
  const now = deps.clock();
  const { booking, on } = await shiftToReport(deps, guardProfileId, bookingId, now);
  const occurredAt = new Date(input.occurredAt);
  const settings = await getShiftSettings(deps.db);
  // A phone's clock may run a few minutes fast: 'now' on it is not refused as the future.
  if (occurredAt.getTime() > now.getTime() + PHONE_CLOCK_SLACK_MS)
    throw AppError.validation({ occurredAt: 'The time it happened cannot be in the future.' });
  if (occurredAt.getTime() < on.start.getTime() - settings.checkInOpensMinutes * 60_000)
    throw AppError.validation({ occurredAt: 'Give a time during this shift.' });
  const stored = photos.map((p) => ({
    file: {
      bucket: 'incident-photos' as const,
      ownerProfileId: guardProfileId,
      originalName: p.originalName,
      contentType: p.contentType,
      sizeBytes: p.bytes.byteLength,
    },
    body: p.bytes,
  }));
  const id = await saveStoredFiles(deps, stored, async (tx, files) => {
    const created = await insertIncident(tx, {
      bookingId,
      guardProfileId,
      shiftIndex: on.index,
      type: input.type,
      severity: input.severity,
      occurredAt,
      description: input.description,
      createdAt: now,
      updatedAt: now,
    });
    for (const [i, file] of files.entries()) await insertPhoto(tx, created.id, file.id, i + 1);
    if (input.severity === 'high') {
      const text = `High-severity incident on booking ${booking.reference} (${booking.area}): ${INCIDENT_TYPE_LABELS[input.type]}. ${input.description.slice(0, 200)}`;
      const key = `incident-${created.id}`;
      await tellOperator(deps, tx, settings.dutyPhone, {
        key,
        bookingId,
        text,
        subject: `Incident on booking ${booking.reference}`,
        link: TODAY_BOARD_LINK,
        linkLabel: 'Open the Today board',
      });
      const client = await findClientContact(tx, bookingId);
      if (client) {
        const told = `Booking ${booking.reference}: your guard reported an incident (${INCIDENT_TYPE_LABELS[input.type]}). The operator has been alerted and will call you.`;
        await tell(deps, tx, [client], {
          key: `incident-client-${created.id}`,
          bookingId,
          text: told,
          subject: `Incident on booking ${booking.reference}`,
          link: reportLink(bookingId),
          linkLabel: 'Read the report',
        });
      }
    }
    return created.id;
  });
  const [row] = (await findBookingIncidents(deps.db, bookingId)).filter((r) => r.incident.id === id);
  return toDto(row!);
}

/** A photo for the guard's own incident, within the correction window, at most three. */
export async function addIncidentPhoto(
  deps: Pick<AppDeps, 'db' | 'files' | 'logger' | 'clock'>,
  guardProfileId: string,
  incidentId: string,
  upload: ReceivedUpload,
): Promise<void> {
  const found = await findIncident(deps.db, incidentId);
  if (!found || found.incident.guardProfileId !== guardProfileId) {
    await upload.discard();
    throw AppError.notFound(INCIDENT_NOT_FOUND);
  }
  if (deps.clock().getTime() - found.incident.createdAt.getTime() > EDIT_WINDOW_MS) {
    await upload.discard();
    throw AppError.conflict(EDIT_CLOSED);
  }
  await saveUploadedFile(deps, upload, { bucket: 'incident-photos', ownerProfileId: guardProfileId }, async (tx, file) => {
    await lockIncident(tx, incidentId);
    const n = await countPhotos(tx, incidentId);
    if (n >= INCIDENT_PHOTO_MAX)
      throw AppError.conflict(`An incident takes at most ${INCIDENT_PHOTO_MAX} photos.`, {
        file: `An incident takes at most ${INCIDENT_PHOTO_MAX} photos.`,
      });
    await insertPhoto(tx, incidentId, file.id, n + 1);
  });
}

export async function openIncidentPhoto(deps: Pick<AppDeps, 'db' | 'files' | 'logger'>, viewer: Viewer, incidentId: string, position: number) {
  const found = await findIncident(deps.db, incidentId);
  if (!found || !(await mayRead(deps, viewer, found.incident.bookingId))) throw AppError.notFound(INCIDENT_NOT_FOUND);
  const fileId = await findPhotoFileId(deps.db, incidentId, position);
  const file = fileId ? await findStoredFile(deps.db, fileId) : null;
  if (!file) throw AppError.notFound('Photo not found');
  return { file, object: await openStoredFile(deps, file) };
}

/** The guard's correction within 24 hours, or an admin's with a reason (audited with before and after). */
export async function editIncident(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  viewer: Viewer,
  actor: AuditActor,
  incidentId: string,
  input: IncidentEditInput,
): Promise<IncidentDto> {
  const now = deps.clock();
  const bookingId = await deps.db.transaction(async (tx) => {
    const before = await lockIncident(tx, incidentId);
    if (!before) throw AppError.notFound(INCIDENT_NOT_FOUND);
    const isFiler = viewer.role === 'guard' && before.guardProfileId === viewer.profileId;
    if (viewer.role !== 'admin' && !isFiler) throw AppError.notFound(INCIDENT_NOT_FOUND);
    if (viewer.role !== 'admin' && now.getTime() - before.createdAt.getTime() > EDIT_WINDOW_MS) throw AppError.conflict(EDIT_CLOSED);
    if (viewer.role === 'admin' && !input.reason) throw AppError.validation({ reason: REASON_NEEDED }, REASON_NEEDED);
    const change = { type: input.type, severity: input.severity, occurredAt: new Date(input.occurredAt), description: input.description, updatedAt: now };
    await updateIncident(tx, incidentId, change);
    if (viewer.role === 'admin') {
      const { type, severity, occurredAt, description } = before;
      await recordAudit(tx, {
        actor,
        action: 'incident.edit',
        recordType: 'incident',
        recordId: incidentId,
        before: { type, severity, occurredAt: occurredAt.toISOString(), description },
        after: {
          type: input.type,
          severity: input.severity,
          occurredAt: change.occurredAt.toISOString(),
          description: input.description,
          reason: input.reason,
        },
      });
    }
    return before.bookingId;
  });
  const [row] = (await findBookingIncidents(deps.db, bookingId)).filter((r) => r.incident.id === incidentId);
  return toDto(row!);
}
