import { Hono } from 'hono';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, LOGO_MESSAGES, settingsInput } from '@ops/shared/schemas/settings';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { receiveUpload, type UploadRules } from '../files/file-upload.ts';
import { getAdminSettings, getSystemInfo, removeLogo, replaceLogo, saveSettings } from './admin-settings.service.ts';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';

const LOGO_RULES: UploadRules = { maxBytes: LOGO_MAX_BYTES, allowedTypes: LOGO_CONTENT_TYPES, fields: [], messages: LOGO_MESSAGES };

/**
 * Mounted inside adminRoutes, after its sign-in and console.view check; every route here names the
 * permission it needs with requirePermission.
 */
export const adminSettingsRoutes = new Hono<AppEnv>()
  .get('/settings', requirePermission('settings.manage'), async (c) => {
    noStore(c);
    return c.json(await getAdminSettings(c.get('deps').db));
  })
  .put('/settings', requirePermission('settings.manage'), body(settingsInput), async (c) => {
    return c.json(await saveSettings(consoleAction(c), c.req.valid('json')));
  })
  // Multipart with `file`, read as a stream (modules/files/streamed-uploads.ts).
  .post('/settings/logo', requirePermission('settings.manage'), async (c) => {
    const upload = await receiveUpload(c.req.raw, LOGO_RULES);
    return c.json(await replaceLogo(c.get('deps'), consoleAction(c), upload));
  })
  .delete('/settings/logo', requirePermission('settings.manage'), async (c) => {
    return c.json(await removeLogo(c.get('deps'), consoleAction(c)));
  })
  .get('/system-info', requirePermission('settings.manage'), async (c) => {
    const { db, dbKind } = c.get('deps');
    noStore(c);
    return c.json(await getSystemInfo(db, dbKind));
  });
