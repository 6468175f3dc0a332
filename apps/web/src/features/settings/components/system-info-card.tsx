import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { useSystemInfo } from '../api/get-system-info.ts';

/** The version running and the database it runs on. */
export function SystemInfoCard() {
  const { data, isError } = useSystemInfo();
  const unknown = isError ? 'Unavailable' : 'Loading…';
  const rows = [
    ['Version', data?.version ?? unknown],
    ['Database', data ? `${data.database.engine} ${data.database.version}` : unknown],
    ['Business time zone', 'Africa/Nairobi (EAT)'],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>System Info</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {data ? <p className="mt-3 text-xs break-words text-muted-foreground">{data.database.description}</p> : null}
      </CardContent>
    </Card>
  );
}
