import type { IncidentDto } from '@ops/shared/schemas/shifts';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDateTime } from '@/lib/format-date.ts';

const SEVERITY_TEXT = { low: 'Low', medium: 'Medium', high: 'High' } as const;

/** A booking's incidents, oldest first, each with its photos (opened full size in a new tab). */
export function IncidentList({ incidents }: { incidents: readonly IncidentDto[] }) {
  if (incidents.length === 0) return <p className="text-sm text-muted-foreground">No incidents were reported.</p>;
  return (
    <div className="grid gap-4">
      {incidents.map((i) => (
        <article key={i.id} aria-label={`Incident: ${i.typeLabel}`} className="grid gap-2 rounded-md border p-3">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{i.typeLabel}</h3>
            <Badge variant={i.severity === 'high' ? 'destructive' : 'secondary'}>{SEVERITY_TEXT[i.severity]} severity</Badge>
          </div>
          <p className="text-xs text-muted-foreground">
            {formatDateTime(i.occurredAt)}, reported by {i.guardName}
          </p>
          <p className="text-sm break-words whitespace-pre-line">{i.description}</p>
          {i.photoUrls.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {i.photoUrls.map((url, n) => (
                <a key={url} href={url} target="_blank" rel="noreferrer">
                  <img src={url} alt={`Photo ${n + 1} of the incident`} className="size-24 rounded-md border object-cover" loading="lazy" />
                </a>
              ))}
            </div>
          ) : null}
        </article>
      ))}
    </div>
  );
}
