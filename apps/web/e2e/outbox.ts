/** Reads the e-mails the server wrote to its outbox, as a person would open them. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

const outboxDir = () => join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** Decodes quoted-printable text as mail programs do. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function messagesTo(address: string): Promise<string[]> {
  const files = (await readdir(outboxDir()).catch(() => [])).filter((f) => f.endsWith(`${address}.eml`)).sort();
  return Promise.all(files.map(async (f) => decodeQuotedPrintable(await readFile(join(outboxDir(), f), 'utf8'))));
}

/** Waits for an e-mail to `address` whose subject matches, and returns the first link to our app in it. */
export async function linkFromEmail(address: string, subject: RegExp, baseURL: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const message = (await messagesTo(address)).reverse().find((m) => subject.test(/^Subject: (.*)$/m.exec(m)?.[1] ?? ''));
        const found = message?.match(new RegExp(`${baseURL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"<>]+`));
        link = found?.[0] ?? '';
        return link;
      },
      { message: `an e-mail to ${address} matching ${subject}` },
    )
    .not.toBe('');
  return link.replace(/&amp;/g, '&');
}

/** Every e-mail to `address` so far, decoded, oldest first. */
export const emailsTo = messagesTo;
