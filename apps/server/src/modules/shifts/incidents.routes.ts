import { Hono } from 'hono';
import {
  incidentEditInput,
  incidentParam,
  incidentPhotoParam,
  INCIDENT_PHOTO_MAX_BYTES,
  INCIDENT_PHOTO_MESSAGES,
  INCIDENT_PHOTO_TYPES,
  shiftBookingParam,
} from '@ops/shared/schemas/shifts';
import { noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requireRole } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { auditActor } from '../audit/audit.routes.ts';
import { fileResponse } from '../files/file-response.ts';
import { receiveUpload, type UploadRules } from '../files/file-upload.ts';
import { receiveIncidentForm } from './incident-photos.ts';
import { addIncidentPhoto, editIncident, fileIncident, listIncidents, openIncidentPhoto, shiftToReport } from './incidents.service.ts';

const PHOTO_RULES: UploadRules = { maxBytes: INCIDENT_PHOTO_MAX_BYTES, allowedTypes: INCIDENT_PHOTO_TYPES, fields: [], messages: INCIDENT_PHOTO_MESSAGES };

/** POST /api/shifts/:bookingId/incidents: the guard checked in to the shift reports, with photos. */
export const shiftIncidentRoutes = new Hono<AppEnv>().post(
  '/:bookingId/incidents',
  requireAuth,
  requireRole('guard'),
  validate('param', shiftBookingParam),
  // Multipart: the fields and up to three `photos`, read as a stream (modules/files/streamed-uploads.ts),
  // once the guard is known to be on the shift.
  async (c) => {
    await shiftToReport(c.get('deps'), c.get('currentUser').profileId, c.req.valid('param').bookingId, c.get('deps').clock());
    const { input, photos } = await receiveIncidentForm(c.req.raw);
    return c.json(await fileIncident(c.get('deps'), c.get('currentUser').profileId, c.req.valid('param').bookingId, input, photos), 201);
  },
);

/** GET /api/bookings/:bookingId/incidents: the booking's client, its guards, admins. */
export const bookingIncidentRoutes = new Hono<AppEnv>().get(
  '/:bookingId/incidents',
  requireAuth,
  requireRole('client', 'guard', 'admin'),
  validate('param', shiftBookingParam),
  async (c) => {
    noStore(c);
    return c.json(await listIncidents(c.get('deps'), c.get('currentUser'), c.req.valid('param').bookingId));
  },
);

/** /api/incidents/:id: correcting a report; its photos (added one by one, read by whoever may read the incident). */
export const incidentRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .patch('/:id', requireRole('guard', 'admin'), validate('param', incidentParam), validate('json', incidentEditInput), async (c) => {
    return c.json(await editIncident(c.get('deps'), c.get('currentUser'), auditActor(c), c.req.valid('param').id, c.req.valid('json')));
  })
  // Multipart with `file`, read as a stream (modules/files/streamed-uploads.ts).
  .post('/:id/photos', requireRole('guard'), validate('param', incidentParam), async (c) => {
    const upload = await receiveUpload(c.req.raw, PHOTO_RULES);
    await addIncidentPhoto(c.get('deps'), c.get('currentUser').profileId, c.req.valid('param').id, upload);
    return c.body(null, 204);
  })
  .get('/:id/photos/:position', requireRole('client', 'guard', 'admin'), validate('param', incidentPhotoParam), async (c) => {
    const { id, position } = c.req.valid('param');
    const { file, object } = await openIncidentPhoto(c.get('deps'), c.get('currentUser'), id, position);
    return fileResponse(c, file, object, 'inline');
  });
