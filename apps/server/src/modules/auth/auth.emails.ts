import { PRODUCT_NAME } from '@ops/shared/constants';
import type { MailMessage } from '../../providers/mail/mailer.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

function layout(heading: string, body: string, button?: { label: string; url: string }): string {
  const action = button
    ? `<p style="margin:24px 0"><a href="${escape(button.url)}" style="background:#1e3a5f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escape(button.label)}</a></p>
       <p style="font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escape(button.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escape(heading)}</h1>${body}${action}
<p style="font-size:12px;color:#777;margin-top:32px">${escape(PRODUCT_NAME)} · Nairobi, Kenya</p></body></html>`;
}

export function confirmEmailMessage(to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: `Confirm your ${PRODUCT_NAME} account`,
    text: `Hello ${name},\n\nPlease confirm your e-mail address to activate your ${PRODUCT_NAME} account:\n${url}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this message.`,
    html: layout(
      `Welcome, ${name}`,
      `<p>Please confirm your e-mail address to activate your ${escape(PRODUCT_NAME)} account. The link is valid for 24 hours.</p><p>If you did not sign up, ignore this message.</p>`,
      { label: 'Confirm my e-mail', url },
    ),
    primaryLink: url,
  };
}

export function resetPasswordMessage(to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `Hello ${name},\n\nSomeone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open:\n${url}\n\nThe link is valid for 1 hour. If it was not you, ignore this message; your password stays as it is.`,
    html: layout(
      'Reset your password',
      `<p>Hello ${escape(name)}, someone asked to reset the password of your ${escape(PRODUCT_NAME)} account. The link is valid for 1 hour.</p><p>If it was not you, ignore this message; your password stays as it is.</p>`,
      { label: 'Choose a new password', url },
    ),
    primaryLink: url,
  };
}

export function existingAccountMessage(to: string, name: string, signInUrl: string): MailMessage {
  return {
    to,
    subject: `You already have a ${PRODUCT_NAME} account`,
    text: `Hello ${name},\n\nSomeone tried to create a ${PRODUCT_NAME} account with this e-mail address, which already has one. Sign in here: ${signInUrl}\nIf you forgot your password, use "Forgot password?" on that page.`,
    html: layout(
      'You already have an account',
      `<p>Hello ${escape(name)}, someone tried to create a ${escape(PRODUCT_NAME)} account with this e-mail address, which already has one. If you forgot your password, use "Forgot password?" on the sign-in page.</p>`,
      { label: 'Sign in', url: signInUrl },
    ),
    primaryLink: signInUrl,
  };
}
