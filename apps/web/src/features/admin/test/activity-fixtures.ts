import type { ActivityRow } from '@ops/shared/schemas/admin';

/** A row of the trail; unless given, its readable before and after are the stored ones (no ids in them). */
export function makeActivityRow(overrides: Partial<ActivityRow> = {}): ActivityRow {
  const row = {
    id: 'event-1',
    createdAt: '2026-11-25T07:05:00.000Z',
    actorProfileId: '5d7c2f4e-0000-4000-8000-0000000000aa',
    actorName: 'Alice Admin',
    action: 'guard.approve',
    recordType: 'guard',
    recordId: '5d7c2f4e-0000-4000-8000-000000000001',
    subjectProfileId: '5d7c2f4e-0000-4000-8000-000000000001',
    subjectName: 'Peter Wanyama',
    before: { approved: false, status: 'pending' },
    after: { approved: true, status: 'approved' },
    clientIp: null,
    recordName: 'Peter Wanyama',
    ...overrides,
  };
  return { ...row, readable: overrides.readable ?? { before: row.before, after: row.after } };
}
