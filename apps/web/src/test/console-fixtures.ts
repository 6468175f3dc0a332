import type { AdminPage } from '@ops/shared/schemas/admin-list';

/** A console table's page of `items`, as the server answers it. */
export function pageOf<T>(items: T[], { total = items.length, page = 1, pageSize = 25 } = {}): AdminPage<T> {
  return { items, total, page, pageSize };
}
