import { CREDENTIAL_LABELS, type CredentialStatus } from '@ops/shared/domain/guard-credentials';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDate } from '@/lib/format-date.ts';

/** 'YYYY-MM-DD' (a Nairobi calendar day) → 'Jun 30, 2027'; noon keeps it the same day in Nairobi. */
export const formatDay = (day: string) => formatDate(`${day}T12:00:00Z`);

function expiresIn(daysLeft: number): string {
  if (daysLeft === 0) return 'Expires today';
  return `Expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}

function StatusBadge({ status }: { status: CredentialStatus }) {
  switch (status.state) {
    case 'valid':
      return <Badge variant="secondary">Valid until {status.expiresOn ? formatDay(status.expiresOn) : ''}</Badge>;
    case 'expiring':
      return <Badge variant="accent">{expiresIn(status.daysLeft ?? 0)}</Badge>;
    case 'expired':
      return <Badge variant="destructive">Expired</Badge>;
    case 'missing':
      return <Badge variant="outline">Missing</Badge>;
  }
}

/** The PSRA licence's and the police clearance's state today, as the server worked it out. */
export function CredentialStatuses({ statuses }: { statuses: CredentialStatus[] }) {
  return (
    <ul aria-label="Your credentials" className="grid gap-2 sm:grid-cols-2">
      {statuses.map((status) => (
        <li key={status.credential} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
          <span className="font-medium">{CREDENTIAL_LABELS[status.credential]}</span>
          <StatusBadge status={status} />
          {status.state === 'expired' && status.expiresOn ? (
            <span className="w-full text-xs text-muted-foreground">Expired on {formatDay(status.expiresOn)}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
