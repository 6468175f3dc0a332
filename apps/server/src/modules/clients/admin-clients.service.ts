import type { AdminClientListParams, AdminClientPage, AdminClientRow } from '@ops/shared/schemas/admin-clients';
import type { Executor } from '../../db/client.ts';
import { readAdminPage } from '../../lib/admin-list.ts';
import { AppError } from '../../lib/errors.ts';
import { findClientPage, findClientRow, type ClientRowRecord } from './admin-clients.repo.ts';

export function toClientRow(row: ClientRowRecord): AdminClientRow {
  return {
    profileId: row.profileId,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    isCompany: row.isCompany,
    companyName: row.companyName,
    bookingsCount: row.bookingsCount,
    totalPaid: row.totalPaid,
    status: row.blockedAt ? 'blocked' : 'active',
    blockedAt: row.blockedAt?.toISOString() ?? null,
    blockedReason: row.blockedReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAdminClients(db: Executor, params: AdminClientListParams): Promise<AdminClientPage> {
  const { rows, total } = await findClientPage(db, params);
  return readAdminPage(params, rows, total, toClientRow);
}

export async function getAdminClient(db: Executor, profileId: string): Promise<AdminClientRow> {
  const row = await findClientRow(db, profileId);
  if (!row) throw AppError.notFound('Client not found');
  return toClientRow(row);
}
