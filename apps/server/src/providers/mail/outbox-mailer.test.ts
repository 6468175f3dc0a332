import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { createOutboxMailer } from './outbox-mailer.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mail-outbox-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('outbox mailer', () => {
  it('writes a multipart .eml with the attachment, as SMTP would send it', async () => {
    const mailer = createOutboxMailer(dir, 'OPS Security <no-reply@opssecurity.co.ke>', createLogger('silent'));
    await mailer.send({
      to: 'njeri@example.co.ke',
      subject: 'Booking OPS-ABC234 confirmed',
      text: 'Confirmed.',
      html: '<p>Confirmed.</p>',
      attachments: [
        {
          filename: 'booking-OPS-ABC234.ics',
          content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        },
      ],
    });
    const [file] = await readdir(dir);
    const eml = await readFile(join(dir, file ?? ''), 'utf8');
    expect(eml).toMatch(/Content-Type: multipart\/mixed/);
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/);
    expect(eml).toMatch(/filename=booking-OPS-ABC234\.ics/);
  });

  it('says in the log which file it wrote, but not the link: links carry one-time tokens', async () => {
    let written = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.toString();
        done();
      },
    });
    const mailer = createOutboxMailer(dir, 'OPS Security <no-reply@opssecurity.co.ke>', createLogger('info', sink));
    const link = 'http://localhost:3000/api/auth/reset-password/Tok3nThatResetsAPassword?callbackURL=%2Fauth%2Freset-password';
    await mailer.send({
      to: 'njeri@example.co.ke',
      subject: 'Reset your OPS Security password',
      text: `Open ${link}`,
      html: `<a href="${link}">Open</a>`,
      primaryLink: link,
    });
    const [file] = await readdir(dir);
    expect(written).toContain('e-mail written to outbox');
    expect(written).toContain(file ?? 'no file');
    expect(written).not.toContain('Tok3nThatResetsAPassword');
  });
});
