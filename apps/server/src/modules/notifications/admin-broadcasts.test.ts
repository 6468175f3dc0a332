import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FILL_ALL_FIELDS } from '@ops/shared/schemas/admin-broadcasts';
import { auditEvents } from '../../db/schema/audit.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let admin: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = await t.signedInDirectly('admin');
});
afterEach(() => t.close());

/** Two guards, three clients (one blocked) and a partner, besides the admin. */
async function people() {
  const guards = [await t.signedInDirectly('guard'), await t.signedInDirectly('guard')];
  const clients = [await t.signedInDirectly('client'), await t.signedInDirectly('client'), await t.signedInDirectly('client')];
  const partner = await t.signedInDirectly('partner');
  const blocked = clients[2]!;
  await t.database.db
    .update(profiles)
    .set({ blockedAt: new Date(), blockedReason: 'Fraudulent payments', blockedByProfileId: admin.profileId })
    .where(eq(profiles.id, blocked.profileId));
  return { guards, clients, partner, blocked };
}

const send = (body: unknown) => admin.client.post('/api/admin/notifications/broadcast', body);
const rows = () => t.database.db.select().from(notifications);
const recipientsOf = async () => (await rows()).map((r) => r.profileId).sort();

describe('POST /api/admin/notifications/broadcast', () => {
  it('sends one row per guard, never to a blocked account, and tells the true count', async () => {
    const { guards } = await people();
    const res = await send({ recipients: 'guards', type: 'booking', message: '  Shift reminder: report 15 minutes early.  ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ recipientCount: 2 });
    expect(await recipientsOf()).toEqual(guards.map((g) => g.profileId).sort());
    expect(await rows()).toEqual([
      expect.objectContaining({ type: 'booking', message: 'Shift reminder: report 15 minutes early.', read: false, link: null }),
      expect.objectContaining({ type: 'booking', message: 'Shift reminder: report 15 minutes early.', read: false, link: null }),
    ]);
    // The guard sees it on their bell.
    const bell = (await (await guards[0]!.client.get('/api/notifications')).json()) as { items: { message: string }[]; unreadCount: number };
    expect(bell.unreadCount).toBe(1);
    expect(bell.items[0]!.message).toBe('Shift reminder: report 15 minutes early.');
  });

  it('reaches clients only, or everyone but the blocked, and records each broadcast on the audit trail', async () => {
    const { clients, blocked } = await people();
    expect(await (await send({ recipients: 'clients', type: 'payment', message: 'Invoices for March are ready.' })).json()).toEqual({ recipientCount: 2 });
    expect(await recipientsOf()).toEqual([clients[0]!.profileId, clients[1]!.profileId].sort());

    await t.database.db.delete(notifications);
    const all = await (await send({ recipients: 'all', type: 'system', message: 'Scheduled maintenance tonight.' })).json();
    // Two guards, two clients who are not blocked, the partner and the admin.
    expect(all).toEqual({ recipientCount: 6 });
    expect(await recipientsOf()).not.toContain(blocked.profileId);
    expect(await recipientsOf()).toContain(admin.profileId);

    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'notification.broadcast'));
    expect(audits.map((a) => a.after)).toEqual([
      { recipients: 'clients', type: 'payment', message: 'Invoices for March are ready.', recipientCount: 2 },
      { recipients: 'all', type: 'system', message: 'Scheduled maintenance tonight.', recipientCount: 6 },
    ]);
    expect(audits[0]).toMatchObject({ actorProfileId: admin.profileId, recordType: 'notification' });
  });

  it.each([
    ['no message', { recipients: 'all', type: 'system', message: '   ' }, 'message', FILL_ALL_FIELDS],
    ['no recipient group', { type: 'system', message: 'Hello' }, 'recipients', FILL_ALL_FIELDS],
    ['no type', { recipients: 'all', message: 'Hello' }, 'type', FILL_ALL_FIELDS],
    ['a type admins do not send', { recipients: 'all', type: 'rejection', message: 'Hello' }, 'type', FILL_ALL_FIELDS],
    ['a group that does not exist', { recipients: 'admins', type: 'system', message: 'Hello' }, 'recipients', FILL_ALL_FIELDS],
    [
      'a message over 500 characters',
      { recipients: 'all', type: 'system', message: 'x'.repeat(501) },
      'message',
      'Keep the message to 500 characters or fewer.',
    ],
  ])('refuses %s with a field error and sends nothing', async (_label, body, field, message) => {
    await people();
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message, fields: { [field]: message } });
    expect(await rows()).toEqual([]);
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'notification.broadcast'))).toEqual([]);
  });

  it('is refused to everyone but admins', async () => {
    for (const role of ['client', 'guard', 'partner'] as const) {
      const { client } = await t.signedInDirectly(role);
      const res = await client.post('/api/admin/notifications/broadcast', { recipients: 'all', type: 'system', message: 'Hello' });
      expect(res.status).toBe(403);
    }
    expect(await rows()).toEqual([]);
  });
});

describe('GET /api/admin/notifications/recipients', () => {
  const count = (query: string, by: TestClient = admin.client) => by.get(`/api/admin/notifications/recipients?${query}`);

  it('names how many people a broadcast to each group would reach, as the send then reaches, and writes nothing', async () => {
    await people();
    for (const [recipients, expected] of [
      ['guards', 2],
      ['clients', 2],
      ['all', 6],
    ] as const) {
      const res = await count(`recipients=${recipients}`);
      expect(res.status, recipients).toBe(200);
      expect(await res.json()).toEqual({ recipients, recipientCount: expected });
    }
    expect(await rows()).toEqual([]);
    expect(await t.database.db.select().from(auditEvents)).toEqual([]);

    const sent = (await (await send({ recipients: 'clients', type: 'payment', message: 'Invoices are ready.' })).json()) as { recipientCount: number };
    expect(sent.recipientCount).toBe(2);
  });

  it('refuses a group that does not exist, and anyone but admins', async () => {
    const bad = await count('recipients=admins');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { recipients: FILL_ALL_FIELDS } });
    expect((await count('')).status).toBe(400);
    for (const role of ['client', 'guard', 'partner'] as const) {
      const { client } = await t.signedInDirectly(role);
      expect((await count('recipients=all', client)).status).toBe(403);
    }
    expect((await t.client().get('/api/admin/notifications/recipients?recipients=all')).status).toBe(401);
  });
});
