import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import { formatDay } from '@/lib/format-console-date.ts';

/** What the partner wrote with the audit, folded under the course so the table keeps its width. */
export function CohortAuditNotes({ cohort }: { cohort: Pick<AdminCohortRow, 'auditNotes' | 'auditedAt'> }) {
  if (!cohort.auditNotes) return null;
  const on = cohort.auditedAt ? ` (${formatDay(nairobiDate(new Date(cohort.auditedAt)))})` : '';
  return (
    <details className="max-w-72 text-xs">
      <summary className="cursor-pointer text-muted-foreground">Audit notes{on}</summary>
      <p className="mt-1 break-words whitespace-pre-line">{cohort.auditNotes}</p>
    </details>
  );
}
