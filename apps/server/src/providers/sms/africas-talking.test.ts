import type { IncomingHttpHeaders } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../payments/fake-http.ts';
import { africasTalkingBaseUrl, createAfricasTalkingSms } from './africas-talking.ts';
import { SmsSendError } from './sms-sender.ts';

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}
interface Answer {
  status: number;
  body: string;
  delayMs?: number;
}

const API_KEY = 'atsk_fake_key';
const accepted = (number: string, statusCode = 101, status = 'Success') =>
  JSON.stringify({
    SMSMessageData: {
      Message: 'Sent to 1/1 Total Cost: KES 0.8000',
      Recipients: [{ statusCode, status, number, cost: 'KES 0.8000', messageId: 'ATXid_1' }],
    },
  });

/** A local stand-in for api.africastalking.com: checks the key and records each form. */
let server: LocalServer;
let seen: Seen[];
let answers: Answer[];

beforeEach(async () => {
  seen = [];
  answers = [];
  server = await startLocalServer(async (req, body, res) => {
    const form = Object.fromEntries(new URLSearchParams(body));
    seen.push({ path: req.url ?? '', headers: req.headers, form });
    const answer =
      answers.shift() ??
      (req.headers.apikey === API_KEY ? { status: 201, body: accepted(form.to ?? '') } : { status: 401, body: 'The supplied authentication is invalid' });
    if (answer.delayMs) await server.sleep(answer.delayMs);
    res.writeHead(answer.status, { 'Content-Type': answer.body.startsWith('{') ? 'application/json' : 'text/plain' }).end(answer.body);
  });
});
afterEach(() => server.close());

const sender = (overrides: { apiKey?: string; from?: string; timeoutMs?: number } = {}) =>
  createAfricasTalkingSms({ username: 'opssecurity', apiKey: API_KEY, baseUrl: server.baseUrl, ...overrides });

async function sendError(promise: Promise<unknown>): Promise<SmsSendError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsSendError);
  return err as SmsSendError;
}

describe("Africa's Talking SMS adapter", () => {
  it('posts a form with the apikey header, the username and the number with a leading +', async () => {
    await sender({ from: 'OPSSECURITY' }).send({ to: '254712345678', message: 'Your guard arrives at 18:00.' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.path).toBe('/version1/messaging');
    expect(seen[0]?.headers).toMatchObject({ apikey: API_KEY, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' });
    expect(seen[0]?.form).toEqual({ username: 'opssecurity', to: '+254712345678', message: 'Your guard arrives at 18:00.', from: 'OPSSECURITY' });
  });

  it('leaves out the sender when none is configured', async () => {
    await sender().send({ to: '254112345678', message: 'Booking confirmed.' });
    expect(seen[0]?.form).not.toHaveProperty('from');
  });

  it("checks each recipient's status, not only the HTTP status", async () => {
    answers.push({ status: 201, body: accepted('+254712345678', 403, 'InvalidPhoneNumber') });
    const err = await sendError(sender().send({ to: '254712345678', message: 'Hi' }));
    expect(err.kind).toBe('rejected');
    expect(err.message).toMatch(/InvalidPhoneNumber \(403\)/);
    answers.push({ status: 201, body: JSON.stringify({ SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } }) });
    expect((await sendError(sender().send({ to: '254712345678', message: 'Hi' }))).message).toMatch(/InvalidSenderId/);
  });

  it('types failures: wrong key, server error, unreadable body, time-out', async () => {
    expect(await sendError(sender({ apiKey: 'wrong' }).send({ to: '254712345678', message: 'Hi' }))).toMatchObject({ kind: 'rejected', status: 401 });
    answers.push({ status: 500, body: 'Internal Server Error' });
    expect(await sendError(sender().send({ to: '254712345678', message: 'Hi' }))).toMatchObject({ kind: 'http', status: 500 });
    answers.push({ status: 201, body: '<html>Maintenance</html>' });
    expect(await sendError(sender().send({ to: '254712345678', message: 'Hi' }))).toMatchObject({ kind: 'bad_response', status: 201 });
    answers.push({ status: 201, body: accepted('+254712345678'), delayMs: 1_000 });
    expect(await sendError(sender({ timeoutMs: 100 }).send({ to: '254712345678', message: 'Hi' }))).toMatchObject({ kind: 'timeout' });
  });

  it('refuses a number that is not normalised before sending anything', async () => {
    expect((await sendError(sender().send({ to: '0712345678', message: 'Hi' }))).kind).toBe('rejected');
    expect((await sendError(sender().send({ to: '+254712345678', message: 'Hi' }))).kind).toBe('rejected');
    expect(seen).toHaveLength(0);
  });

  it('uses the sandbox host for the sandbox username', () => {
    expect(africasTalkingBaseUrl('sandbox')).toBe('https://api.sandbox.africastalking.com');
    expect(africasTalkingBaseUrl('opssecurity')).toBe('https://api.africastalking.com');
  });
});
