import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_LIST_LIMIT, type NotificationListDto } from '@ops/shared/schemas/notifications';
import { notifications } from '../../db/schema/notifications.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { notify } from './notifications.service.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
});
afterEach(() => t.close());

async function bell(client: TestClient): Promise<NotificationListDto> {
  const res = await client.get('/api/notifications');
  expect(res.status).toBe(200);
  return (await res.json()) as NotificationListDto;
}

/** `count` notifications for one person, a minute apart, the last one newest. */
async function fill(profileId: string, count: number) {
  const start = Date.now() - count * 60_000;
  await t.database.db.insert(notifications).values(
    Array.from({ length: count }, (_, i) => ({
      profileId,
      type: 'system' as const,
      message: `Message ${i + 1}`,
      createdAt: new Date(start + i * 60_000),
    })),
  );
}

describe('the notifications bell', () => {
  it('shows the latest notifications newest first and counts every unread one', async () => {
    const me = await t.signedIn('client');
    await fill(me.profileId, NOTIFICATION_LIST_LIMIT + 5);
    const { items, unreadCount } = await bell(me.client);
    expect(items).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(items[0]).toEqual({
      id: expect.any(String),
      type: 'system',
      message: `Message ${NOTIFICATION_LIST_LIMIT + 5}`,
      link: null,
      read: false,
      createdAt: expect.any(String),
    });
    expect(items.at(-1)?.message).toBe('Message 6');
    expect(unreadCount).toBe(NOTIFICATION_LIST_LIMIT + 5);
  });

  it('marks one notification read, and all of them', async () => {
    const me = await t.signedIn('guard');
    await fill(me.profileId, 3);
    const [first] = (await bell(me.client)).items;

    const res = await me.client.post(`/api/notifications/${first!.id}/read`);
    expect(res.status).toBe(204);
    const after = await bell(me.client);
    expect(after.unreadCount).toBe(2);
    expect(after.items[0]).toMatchObject({ id: first!.id, read: true });

    expect((await me.client.post('/api/notifications/read-all')).status).toBe(204);
    const cleared = await bell(me.client);
    expect(cleared.unreadCount).toBe(0);
    expect(cleared.items.every((n) => n.read)).toBe(true);
  });

  it('keeps each person’s notifications to themselves', async () => {
    const amina = await t.signedIn('client');
    const brian = await t.signedIn('client');
    await fill(amina.profileId, 2);
    const aminas = (await bell(amina.client)).items;

    expect(await bell(brian.client)).toEqual({ items: [], unreadCount: 0 });
    const res = await brian.client.post(`/api/notifications/${aminas[0]!.id}/read`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Notification not found' });
    await brian.client.post('/api/notifications/read-all');
    expect((await bell(amina.client)).unreadCount).toBe(2);
  });

  it('refuses a malformed id and asks a guest to sign in', async () => {
    const me = await t.signedIn('client');
    expect((await me.client.post('/api/notifications/42/read')).status).toBe(400);
    expect((await t.client().get('/api/notifications')).status).toBe(401);
    expect((await t.client().post('/api/notifications/read-all')).status).toBe(401);
  });
});

describe('notify', () => {
  it('rings the bell of each recipient once, with the link to follow', async () => {
    const guard = await t.signedIn('guard');
    const admin = await t.signedIn('admin');
    await notify(t.database.db, [guard.profileId, admin.profileId, guard.profileId], 'booking_confirmed', 'Booking OPS-7K3Q9D is paid', '/dashboard');
    for (const person of [guard, admin]) {
      const { items, unreadCount } = await bell(person.client);
      expect(unreadCount).toBe(1);
      expect(items).toEqual([
        expect.objectContaining({ type: 'booking_confirmed', message: 'Booking OPS-7K3Q9D is paid', link: '/dashboard', read: false }),
      ]);
    }
  });

  it('does nothing without recipients', async () => {
    await notify(t.database.db, [], 'system', 'Nobody hears this');
    expect(await t.database.db.select().from(notifications)).toHaveLength(0);
  });
});
