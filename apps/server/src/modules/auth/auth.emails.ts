import { PRODUCT_NAME } from '@ops/shared/constants';
import { escapeHtml as escape, mailLayout as layout } from '../../providers/mail/mail-layout.ts';
import type { MailMessage } from '../../providers/mail/mailer.ts';

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

/** To the owner of an account whose sign-in was paused after many failed attempts (once a pause). */
export function signInPausedMessage(to: string, name: string, minutes: number, resetUrl: string): MailMessage {
  return {
    to,
    subject: `Failed sign-in attempts on your ${PRODUCT_NAME} account`,
    text: `Hello ${name},\n\nSomeone has tried to sign in to your ${PRODUCT_NAME} account several times with a wrong password, so signing in to it is paused for ${minutes} minutes, from every device.\n\nIf it was you, wait and try again, or reset your password: ${resetUrl}\nIf it was not you, your account is safe as long as nobody knows your password. If your password is used anywhere else or is easy to guess, reset it now.`,
    html: layout(
      'Failed sign-in attempts',
      `<p>Hello ${escape(name)}, someone has tried to sign in to your ${escape(PRODUCT_NAME)} account several times with a wrong password, so signing in to it is paused for ${minutes} minutes, from every device.</p><p>If it was you, wait and try again, or reset your password. If it was not you, your account is safe as long as nobody knows your password. If your password is used anywhere else or is easy to guess, reset it now.</p>`,
      { label: 'Reset my password', url: resetUrl },
    ),
    primaryLink: resetUrl,
  };
}
