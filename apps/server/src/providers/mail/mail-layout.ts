/** The one look of our e-mails: a heading, the body, an optional button, and the footer. */
import { PRODUCT_NAME } from '@ops/shared/constants';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

// eslint-disable-next-line no-control-regex -- control characters are what is being removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * A header value (a subject) on one line: any line break or other control character becomes a
 * space, so no text can end the header and start another (Bcc:, a second Subject:, the body).
 */
export const headerText = (s: string) => s.replace(CONTROL_CHARACTERS, ' ').replace(/ {2,}/g, ' ').trim();

export function mailLayout(heading: string, body: string, button?: { label: string; url: string }): string {
  const action = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.url)}" style="background:#1e3a5f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(button.label)}</a></p>
       <p style="font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(button.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>${body}${action}
<p style="font-size:12px;color:#777;margin-top:32px">${escapeHtml(PRODUCT_NAME)} · Nairobi, Kenya</p></body></html>`;
}
