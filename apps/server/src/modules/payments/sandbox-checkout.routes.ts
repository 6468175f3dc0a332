import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../lib/context.ts';
import { optionalAuth } from '../../lib/require-auth.ts';
import { sandboxCheckoutPage, submitSandboxCheckout } from './payment-sandbox.service.ts';

const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><p>There is no such sandbox payment, or it is not yours. Sign in as the client paying it and open it again from the booking.</p><p><a href="/auth">Sign in</a></p></body></html>';

/**
 * The sandbox's checkout page, outside /api because a browser opens it. Mounted only while the
 * sandbox is the payment provider. A plain form post: our CSP allows no inline script. Opened by the
 * paying client's browser, so it carries their session; to anyone else the page does not exist.
 */
export const sandboxCheckoutRoutes = new Hono<AppEnv>()
  .use(bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('The form is too large', 413) }))
  // Only the paying client may open or answer a checkout (the service checks who that is).
  .use(optionalAuth)
  .get('/checkout/:ref', async (c) => {
    c.header('cache-control', 'no-store');
    const html = await sandboxCheckoutPage(c.get('deps'), c.req.param('ref'), c.get('currentUser'));
    return html === null ? c.html(NOT_FOUND_PAGE, 404) : c.html(html);
  })
  .post('/checkout/:ref', async (c) => {
    const form = await c.req.parseBody();
    const fields = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]));
    const result = await submitSandboxCheckout(c.get('deps'), c.req.param('ref'), c.get('currentUser'), fields);
    c.header('cache-control', 'no-store');
    if (result.kind === 'not_found') return c.html(NOT_FOUND_PAGE, 404);
    if (result.kind === 'invalid') return c.html(result.html, 422);
    return c.redirect(result.redirectTo, 303);
  });
