import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { createOutboxSms } from './outbox-sms.ts';
import { SmsSendError } from './sms-sender.ts';

let dir: string;
let lines: Record<string, unknown>[];
const logger = () => createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sms-outbox-'));
  lines = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('outbox SMS sender', () => {
  it('writes each message as a JSON file under <dir>/sms and logs it', async () => {
    const sms = createOutboxSms(dir, logger(), () => new Date('2025-03-10T09:00:00Z'));
    await sms.send({ to: '254712345678', message: 'Your booking is confirmed.' });
    await sms.send({ to: '254712345678', message: 'Your guard is on the way.' });

    const files = (await readdir(join(dir, 'sms'))).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^2025-03-10T09-00-00-000Z-254712345678-[0-9a-f]{6}\.json$/);
    const saved = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, 'sms', f), 'utf8')) as unknown));
    expect(saved).toContainEqual({ to: '254712345678', message: 'Your booking is confirmed.', sentAt: '2025-03-10T09:00:00.000Z' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ msg: 'SMS written to outbox', to: '254712345678', message: 'Your booking is confirmed.' });
    expect(String(lines[0]?.file)).toContain(join(dir, 'sms'));
  });

  it('refuses what Africa’s Talking would refuse, writing nothing', async () => {
    const sms = createOutboxSms(dir, logger());
    await expect(sms.send({ to: '0712345678', message: 'Hi' })).rejects.toBeInstanceOf(SmsSendError);
    await expect(sms.send({ to: '254712345678', message: '  ' })).rejects.toMatchObject({ kind: 'rejected' });
    await expect(readdir(join(dir, 'sms'))).rejects.toThrow();
  });
});
