/**
 * The one look of our e-mails: the company's name in its colour, a heading, the body, an optional
 * button, the sign-off and the footer. Messages are written with the default brand; the branded
 * mailer (branded-mailer.ts) puts the saved company name and colour in at sending time, so every
 * message follows Settings without each one reading them.
 */
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

export interface MailBrand {
  companyName: string;
  /** #RRGGBB, dark enough for white text (Settings refuses lighter ones). */
  primaryColor: string;
}

export const DEFAULT_MAIL_BRAND: MailBrand = { companyName: PRODUCT_NAME, primaryColor: '#0F1E36' };

/*
 * The branded parts carry data-brand attributes. Everything a message says is escaped (no `<`
 * or `"` survives escapeHtml), so no text in a message can pose as one of them.
 */
const brandName = (name: string) => `<span data-brand="name">${escapeHtml(name)}</span>`;
const BRAND_NAME = /<span data-brand="name">[^<]*<\/span>/g;
const BRAND_STYLED = /<[a-z]+ data-brand="colour" style="[^"]*"/g;

export function mailLayout(heading: string, body: string, button?: { label: string; url: string }): string {
  const { companyName, primaryColor } = DEFAULT_MAIL_BRAND;
  const action = button
    ? `<p style="margin:24px 0"><a data-brand="colour" style="background:${primaryColor};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600" href="${escapeHtml(button.url)}">${escapeHtml(button.label)}</a></p>
       <p style="font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(button.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:560px;margin:auto;padding:24px">
<div data-brand="colour" style="border-top:4px solid ${primaryColor};padding-top:12px;font-size:16px;font-weight:700;color:${primaryColor}">${brandName(companyName)}</div>
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>${body}${action}
<p style="margin-top:24px">The ${brandName(companyName)} team</p>
<p style="font-size:12px;color:#777;margin-top:32px">${brandName(companyName)} · Nairobi, Kenya</p></body></html>`;
}

/** The same message under another brand: its name and colour in the header, button, sign-off and footer. */
export function applyMailBrand(html: string, brand: MailBrand): string {
  const colour = /^#[0-9A-Fa-f]{6}$/.test(brand.primaryColor) ? brand.primaryColor : DEFAULT_MAIL_BRAND.primaryColor;
  return html
    .replace(BRAND_NAME, () => brandName(brand.companyName))
    .replace(BRAND_STYLED, (tag) => tag.replaceAll(DEFAULT_MAIL_BRAND.primaryColor, colour));
}
