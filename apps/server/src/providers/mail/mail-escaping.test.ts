/** Whatever people type (names, addresses, reasons) reaches an e-mail as text: never as markup, never as a header. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { confirmEmailMessage, existingAccountMessage, resetPasswordMessage } from '../../modules/auth/auth.emails.ts';
import { bookingConfirmationEmail, refundNoticeEmail } from '../../modules/payments/booking-messages.ts';
import { headerText, mailLayout } from './mail-layout.ts';
import type { MailMessage } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';

const HOSTILE = `<img src=x onerror=alert(1)>"'&</p><script>alert(2)</script>\r\nBcc: evil@example.com\r\n\r\nbody`;
const HOSTILE_URL = 'https://ops.example.co.ke/reset?token=a"><script>alert(3)</script>';

/** The booking as the confirmation e-mail reads it. */
const booking: Parameters<typeof bookingConfirmationEmail>[0] = {
  id: '0b7d3c1e-1111-4111-8111-111111111111',
  reference: 'OPS-ABC234\r\nBcc: evil@example.com',
  status: 'confirmed',
  paymentStatus: 'paid',
  cancelledBy: null,
  serviceType: 'elite',
  bookingType: 'daily',
  shiftType: null,
  teamSize: 2,
  area: 'Karen',
  address: HOSTILE,
  notes: HOSTILE,
  startTime: new Date('2026-03-14T06:00:00Z'),
  endTime: new Date('2026-03-16T06:00:00Z'),
  durationHours: 48,
  price: 28_800,
  calendarSequence: 0,
  clientProfileId: 'c',
  clientName: HOSTILE,
  clientCompanyName: HOSTILE,
  clientPhone: null,
  clientEmail: 'njeri@example.co.ke',
  guardProfileId: 'g',
  guardName: HOSTILE,
};

const messages: [string, MailMessage][] = [
  ['the booking confirmation', bookingConfirmationEmail(booking, 'https://ops.example.co.ke', new Date('2026-03-10T09:30:00Z'))],
  [
    'the refund notice',
    refundNoticeEmail(
      { to: 'njeri@example.co.ke', clientName: HOSTILE, reference: 'OPS-ABC234\nX-Evil: 1', amount: 9120, reason: HOSTILE },
      'https://ops.example.co.ke',
    ),
  ],
  ['the account confirmation', confirmEmailMessage('njeri@example.co.ke', HOSTILE, HOSTILE_URL)],
  ['the password reset', resetPasswordMessage('njeri@example.co.ke', HOSTILE, HOSTILE_URL)],
  ['the existing-account notice', existingAccountMessage('njeri@example.co.ke', HOSTILE, HOSTILE_URL)],
];

/** The tags our layout writes; anything else in the HTML came from someone's input. */
const OUR_TAGS = new Set(['!doctype', 'html', 'body', 'div', 'span', 'h1', 'p', 'a', 'br', 'table', 'tr', 'td']);

describe.each(messages)('%s', (_name, message) => {
  it('holds what was typed as text, never as markup', () => {
    const tags = [...message.html.matchAll(/<\/?([!a-z0-9]+)/gi)].map((m) => (m[1] ?? '').toLowerCase());
    expect(tags.filter((tag) => !OUR_TAGS.has(tag))).toEqual([]);
    expect(message.html).not.toMatch(/<script|<img/i);
    expect(message.html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
    // Attribute values stay closed: no quote from the input ends one.
    for (const [, value] of message.html.matchAll(/href="([^"]*)"/g)) expect(value).not.toMatch(/[<>]/);
  });

  it('has a subject on one line', () => {
    expect(message.subject).not.toMatch(/[\r\n]/);
  });
});

describe('headers of a sent message', () => {
  it('carry no line that a subject or a name could have added', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mail-escaping-'));
    try {
      const mailer = createOutboxMailer(dir, 'OPS Security <no-reply@opssecurity.co.ke>', createLogger('silent'));
      for (const [, message] of messages) await mailer.send(message);
      for (const file of await readdir(dir)) {
        const eml = await readFile(join(dir, file), 'utf8');
        const headers = eml.slice(0, eml.indexOf('\n\n'));
        expect(headers).not.toMatch(/^(bcc|x-evil):/im);
        expect(headers.match(/^subject:/gim)).toHaveLength(1);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('headerText puts any line break or control character on one line', () => {
    expect(headerText('Booking X\r\nBcc: a@b.c\u2028\u0000 end')).toBe('Booking X Bcc: a@b.c end');
  });

  it('mailLayout escapes its heading and button', () => {
    const html = mailLayout(HOSTILE, '<p>ok</p>', { label: HOSTILE, url: HOSTILE_URL });
    expect(html).not.toMatch(/<script|<img/i);
  });
});
