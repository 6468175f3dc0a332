import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminActivityPage } from '@ops/shared/schemas/admin';
import { insertGuard } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { csvCell } from './activity-csv.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let admin: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = await t.signedInDirectly('admin', { fullName: 'Grace Wanjiru' });
});
afterEach(() => t.close());

async function activity(query: string): Promise<AdminActivityPage> {
  const res = await admin.client.get(`/api/admin/activity?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminActivityPage;
}

/** RFC 4180 parsing, to read the export back as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i += 1;
    } else cell += ch;
  }
  return rows;
}

describe('the activity trail', () => {
  it('names the actor and the subject, newest first, and filters by actor, action, record, subject and day', async () => {
    const guardA = await insertGuard(t.database.db, { fullName: 'Peter Ochieng', status: 'pending' });
    const guardB = await insertGuard(t.database.db, { fullName: 'Mary Auma', status: 'pending' });
    const other = await t.signedInDirectly('admin', { fullName: 'Tom Otieno' });
    expect((await admin.client.post(`/api/admin/officers/${guardA}/approve`)).status).toBe(200);
    expect((await other.client.post(`/api/admin/officers/${guardB}/reject`, { reason: 'No CV' })).status).toBe(200);

    const all = await activity('');
    expect(all.items.map((r) => [r.actorName, r.action, r.subjectName])).toEqual([
      ['Tom Otieno', 'guard.reject', 'Mary Auma'],
      ['Grace Wanjiru', 'guard.approve', 'Peter Ochieng'],
    ]);
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(all.items[0]).toMatchObject({
      recordType: 'guard',
      recordId: guardB,
      subjectProfileId: guardB,
      after: { status: 'rejected', rejectionReason: 'No CV' },
      clientIp: 'local',
    });

    expect((await activity(`actor=${other.profileId}`)).items.map((r) => r.action)).toEqual(['guard.reject']);
    expect((await activity('action=guard.approve')).items.map((r) => r.subjectName)).toEqual(['Peter Ochieng']);
    expect((await activity(`subject=${guardA}`)).total).toBe(1);
    expect((await activity('recordType=guard')).total).toBe(2);
    expect((await activity('q=auma')).items.map((r) => r.subjectName)).toEqual(['Mary Auma']);
    expect((await activity('q=grace')).items.map((r) => r.actorName)).toEqual(['Grace Wanjiru']);
    expect((await activity('from=2020-01-01&to=2020-12-31')).total).toBe(0);
    expect((await activity('pageSize=10&page=2')).items).toEqual([]);
  });

  it('counts from and to as Nairobi days, both included', async () => {
    const guard = await insertGuard(t.database.db);
    const actor = { profileId: admin.profileId, clientIp: null };
    // 23:30 on 9 November in Nairobi, and 00:30 on 10 November in Nairobi (still 9 November in UTC).
    await recordAudit(t.database.db, { actor, action: 'guard.stage', recordType: 'guard', recordId: guard, at: new Date('2026-11-09T20:30:00Z') });
    await recordAudit(t.database.db, { actor, action: 'guard.stage', recordType: 'guard', recordId: guard, at: new Date('2026-11-09T21:30:00Z') });
    expect((await activity('from=2026-11-09&to=2026-11-09')).items.map((r) => r.createdAt)).toEqual(['2026-11-09T20:30:00.000Z']);
    expect((await activity('from=2026-11-10&to=2026-11-10')).items.map((r) => r.createdAt)).toEqual(['2026-11-09T21:30:00.000Z']);
    expect((await admin.client.get('/api/admin/activity?from=2026-11-10&to=2026-11-09')).status).toBe(400);
  });

  it('exports the filtered trail as CSV, quoted as RFC 4180 says and safe to open in a spreadsheet', async () => {
    const guard = await insertGuard(t.database.db, { fullName: '=HYPERLINK("http://evil.example","Click")' });
    const actor = { profileId: admin.profileId, clientIp: '41.90.64.12' };
    await recordAudit(t.database.db, {
      actor,
      action: 'guard.reject',
      recordType: 'guard',
      recordId: guard,
      subjectProfileId: guard,
      after: { rejectionReason: 'Line one,\n"two"' },
    });
    await recordAudit(t.database.db, { actor, action: 'guard.read', recordType: 'guard', recordId: '-2+3', subjectProfileId: guard });

    const res = await admin.client.get('/api/admin/activity.csv?action=guard.reject');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'Time (UTC)',
      'Actor',
      'Actor ID',
      'Action',
      'Record type',
      'Record ID',
      'Record name',
      'Subject',
      'Subject ID',
      'Before',
      'After',
      'Before (names)',
      'After (names)',
      'Client address',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      'Grace Wanjiru',
      admin.profileId,
      'guard.reject',
      'guard',
      guard,
      `'=HYPERLINK("http://evil.example","Click")`,
      `'=HYPERLINK("http://evil.example","Click")`,
      guard,
      '',
      '{"rejectionReason":"Line one,\\n\\"two\\""}',
      '',
      '{"rejectionReason":"Line one,\\n\\"two\\""}',
      '41.90.64.12',
    ]);

    const everything = parseCsv(await (await admin.client.get('/api/admin/activity.csv')).text());
    // Each export is in the trail before its rows are read, so it lists itself.
    expect(everything.map((r) => r[3])).toEqual(['Action', 'activity.export', 'activity.export', 'guard.read', 'guard.reject']);
    expect(everything[3]![5]).toBe("'-2+3");
    // No guard has that id: the row says so by having no record name.
    expect(everything[3]![6]).toBe('');
  });

  it('quotes cells one by one', () => {
    expect([
      csvCell('plain'),
      csvCell('a,b'),
      csvCell('say "hi"'),
      csvCell('two\nlines'),
      csvCell(null),
      csvCell('@SUM(A1)'),
      csvCell('+254'),
      csvCell('=1,2'),
    ]).toEqual(['plain', '"a,b"', '"say ""hi"""', '"two\nlines"', '', "'@SUM(A1)", "'+254", `"'=1,2"`]);
  });

  it('records each export in the trail, and offers no way to change the trail', async () => {
    await admin.client.get('/api/admin/activity.csv');
    expect((await activity('action=activity.export')).items).toEqual([expect.objectContaining({ actorName: 'Grace Wanjiru', recordType: 'audit_event' })]);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect((await admin.client.request('/api/admin/activity', { method })).status).toBe(404);
    }
  });
});
