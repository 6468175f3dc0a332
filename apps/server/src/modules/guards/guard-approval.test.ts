import { eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardListDto, OwnGuardProfileDto } from '@ops/shared/schemas/guards';
import type { NotificationListDto } from '@ops/shared/schemas/notifications';
import { guards } from '../../db/schema/guards.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { AppError } from '../../lib/errors.ts';
import { deploymentReady } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { decideGuard, setGuardApproval } from './guard-approval.service.ts';

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

async function read<T>(client: TestClient, path: string): Promise<T> {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const listedNames = async (client: TestClient) => (await read<GuardListDto>(client, '/api/guards')).items.map((g) => g.displayName);

describe('setGuardApproval', () => {
  it('approves a guard: clients can find them and the guard is told', async () => {
    const guard = await t.signedIn('guard', { fullName: 'Faith Akinyi' });
    await t.database.db.update(guards).set(deploymentReady()).where(eq(guards.profileId, guard.profileId));
    const { client } = await t.signedIn('client');
    expect(await listedNames(client)).toEqual([]);

    await setGuardApproval(t.database.db, guard.profileId, true);

    expect(await listedNames(client)).toEqual(['Faith Akinyi']);
    expect(await read<OwnGuardProfileDto>(guard.client, '/api/guards/me/profile')).toMatchObject({
      approved: true,
      status: 'approved',
      rejectionReason: null,
    });
    const bell = await read<NotificationListDto>(guard.client, '/api/notifications');
    expect(bell.unreadCount).toBe(1);
    expect(bell.items).toEqual([
      expect.objectContaining({
        type: 'approval',
        message: expect.stringMatching(/^Your guard profile has been approved/),
        link: '/profile',
        read: false,
      }),
    ]);
  });

  it('rejects a guard with the reason: they leave the list and see why', async () => {
    const guard = await t.signedIn('guard', { fullName: 'Faith Akinyi' });
    const { client } = await t.signedIn('client');
    await setGuardApproval(t.database.db, guard.profileId, true);

    await setGuardApproval(t.database.db, guard.profileId, false, '  Police clearance certificate has expired  ');

    expect(await listedNames(client)).toEqual([]);
    expect((await client.get(`/api/guards/${guard.profileId}`)).status).toBe(404);
    expect(await read<OwnGuardProfileDto>(guard.client, '/api/guards/me/profile')).toMatchObject({
      approved: false,
      status: 'rejected',
      rejectionReason: 'Police clearance certificate has expired',
    });
    const bell = await read<NotificationListDto>(guard.client, '/api/notifications');
    expect(bell.items[0]).toMatchObject({ type: 'rejection', message: expect.stringContaining('Police clearance certificate has expired') });
    expect(bell.unreadCount).toBe(2);
  });

  it('clears an old rejection reason when the guard is approved later', async () => {
    const guard = await t.signedIn('guard');
    await setGuardApproval(t.database.db, guard.profileId, false, 'Missing CV');
    await setGuardApproval(t.database.db, guard.profileId, true);
    expect(await read<OwnGuardProfileDto>(guard.client, '/api/guards/me/profile')).toMatchObject({ status: 'approved', rejectionReason: null });
  });

  it('refuses an unknown guard and tells no one', async () => {
    const attempt = setGuardApproval(t.database.db, crypto.randomUUID(), true);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ status: 404, message: 'Guard not found' });
    expect(await t.database.db.select().from(notifications)).toHaveLength(0);
  });

  it('approving an approved guard again writes nothing and tells no one twice', async () => {
    const guard = await t.signedIn('guard');
    await setGuardApproval(t.database.db, guard.profileId, true);
    await setGuardApproval(t.database.db, guard.profileId, true);
    expect(await t.database.db.select().from(notifications)).toHaveLength(1);
  });

  it('keeps the decision and logs it when the notice cannot be written', async () => {
    const guard = await t.signedIn('guard');
    await t.database.db.execute(
      sql`create function refuse_notice() returns trigger language plpgsql as $$ begin raise exception 'notifications are down'; end $$`,
    );
    await t.database.db.execute(sql`create trigger refuse_notice before insert on notifications for each row execute function refuse_notice()`);
    await decideGuard(t.deps, guard.profileId, { kind: 'reject', reason: 'Missing CV' }, { actor: null, now: new Date() });
    expect(await read<OwnGuardProfileDto>(guard.client, '/api/guards/me/profile')).toMatchObject({ status: 'rejected', rejectionReason: 'Missing CV' });
    expect(t.logLines).toContainEqual(expect.objectContaining({ level: 50, msg: 'guard decision notification failed', action: 'guard.reject' }));
  });
});
