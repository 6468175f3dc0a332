import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth } from '../../lib/require-auth.ts';
import { contentDisposition, fileResponse } from '../files/file-response.ts';
import { certificateCredential, listOwnCertificates, openCertificatePdf } from './student-certificates.service.ts';

/** The signed-in student's own certificates: /api/student/certificates/*. */
export const studentCertificateRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/', async (c) => {
    c.header('cache-control', 'private, no-store');
    return c.json(await listOwnCertificates(c.get('deps'), c.get('currentUser').profileId));
  })
  .get('/:id/pdf', async (c) => {
    const { certificate, file, object } = await openCertificatePdf(c.get('deps'), c.get('currentUser'), c.req.param('id'));
    return fileResponse(c, { ...file, originalName: `${certificate.certificateRef}.pdf` }, object, 'inline');
  })
  .get('/:id/credential', async (c) => {
    const { certificateRef, text } = await certificateCredential(c.get('deps'), c.get('currentUser'), c.req.param('id'));
    c.header('content-type', 'application/json');
    c.header('content-disposition', contentDisposition('attachment', `${certificateRef}.credential.json`));
    c.header('cache-control', 'private, no-store');
    c.header('x-content-type-options', 'nosniff');
    return c.body(text);
  });
