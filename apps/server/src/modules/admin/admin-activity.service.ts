import { ACTIVITY_CSV_MAX_ROWS, type ActivityRow, type AdminActivityPage, type AdminActivityParams } from '@ops/shared/schemas/admin';
import type { Executor } from '../../db/client.ts';
import { readAdminPage } from '../../lib/admin-list.ts';
import { csvLine } from './activity-csv.ts';
import { nameActivity, type ActivityNamed } from './admin-activity-names.ts';
import { findActivityBatch, findActivityPage, type ActivityFilters, type ActivityRecord } from './admin-activity.repo.ts';

function toActivityRow({ position: _position, ...row }: ActivityRecord & ActivityNamed): ActivityRow {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The audit trail, newest first, each row with the names its ids stand for. Admins read and export it; nothing changes it. */
export function listActivity(db: Executor, params: AdminActivityParams): Promise<AdminActivityPage> {
  const { rows, total } = findActivityPage(db, params);
  return readAdminPage(
    params,
    rows.then((found) => nameActivity(db, found)),
    total,
    toActivityRow,
  );
}

const CSV_HEADER = [
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
];
const CSV_BATCH = 1000;

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/**
 * The filtered trail as CSV lines, header first, newest first, at most ACTIVITY_CSV_MAX_ROWS rows,
 * read a batch at a time so a long export holds neither a big result nor a connection for long.
 */
export async function* activityCsv(db: Executor, filters: ActivityFilters): AsyncGenerator<string> {
  yield csvLine(CSV_HEADER);
  let after: { position: string; id: string } | null = null;
  let written = 0;
  while (written < ACTIVITY_CSV_MAX_ROWS) {
    const batch = await findActivityBatch(db, filters, after, Math.min(CSV_BATCH, ACTIVITY_CSV_MAX_ROWS - written));
    let chunk = '';
    for (const row of await nameActivity(db, batch)) {
      chunk += csvLine([
        row.createdAt.toISOString(),
        row.actorName,
        row.actorProfileId,
        row.action,
        row.recordType,
        row.recordId,
        row.recordName,
        row.subjectName,
        row.subjectProfileId,
        json(row.before),
        json(row.after),
        json(row.readable.before),
        json(row.readable.after),
        row.clientIp,
      ]);
    }
    if (chunk) yield chunk;
    written += batch.length;
    const last = batch.at(-1);
    if (!last || batch.length < CSV_BATCH) return;
    after = { position: last.position, id: last.id };
  }
}
