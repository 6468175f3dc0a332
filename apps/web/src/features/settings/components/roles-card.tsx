import { useEffect, useId, useState, type ReactNode } from 'react';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { ASSIGNABLE_ROLES, ROLE_SEARCH_MIN, roleChangeOffered, type RoleHolderRow } from '@ops/shared/schemas/admin-roles';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAuth } from '@/lib/auth-context.tsx';
import { messageFrom } from '@/lib/notify.ts';
import { useRoleHolders } from '../api/get-role-holders.ts';
import { useRolePeople } from '../api/search-role-people.ts';
import { ROLE_LABELS, RoleChangeDialog, roleActionLabel, type RoleChangeTarget } from './role-change-dialog.tsx';

const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

interface PersonListProps {
  label: string;
  people: RoleHolderRow[];
  selfId: string | undefined;
  onChange: (target: RoleChangeTarget) => void;
}

/** People with their role and the changes the console offers for each (none for yourself or a guard). */
function PersonList({ label, people, selfId, onChange }: PersonListProps) {
  return (
    <ul aria-label={label} className="divide-y rounded-lg border">
      {people.map((person) => {
        const self = person.profileId === selfId;
        const offered = self ? [] : ASSIGNABLE_ROLES.filter((to) => roleChangeOffered(person, to));
        return (
          <li key={person.profileId} className="flex flex-wrap items-center gap-3 p-3">
            <div className="grid min-w-0 flex-1 basis-48">
              <span className="truncate font-medium">
                {person.fullName}
                {self ? <span className="text-muted-foreground"> (you)</span> : null}
              </span>
              <span className="truncate text-sm text-muted-foreground">{person.email}</span>
            </div>
            <Badge variant={person.role === 'admin' ? 'default' : 'secondary'}>{ROLE_LABELS[person.role]}</Badge>
            {person.blocked ? <Badge variant="destructive">Blocked</Badge> : null}
            <div className="flex flex-wrap gap-2">
              {offered.map((to) => (
                <Button
                  key={to}
                  variant={to === 'client' ? 'outline' : 'secondary'}
                  size="sm"
                  aria-label={`${roleActionLabel(person.role, to)} for ${person.fullName}`}
                  onClick={() => onChange({ person, to })}
                >
                  {roleActionLabel(person.role, to)}
                </Button>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function LoadFailed({ error, onRetry, children }: { error: unknown; onRetry: () => void; children: ReactNode }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 rounded-lg border p-4">
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <AlertTriangle className="size-5" aria-hidden="true" />
        {children}
      </p>
      <p className="text-sm text-muted-foreground">{messageFrom(error)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

/** Role management (make or unmake admins and partners), shown in Settings. */
export function RolesCard() {
  const { profile } = useAuth();
  const searchId = useId();
  const hintId = useId();
  const holders = useRoleHolders();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const people = useRolePeople(q);
  const [target, setTarget] = useState<RoleChangeTarget | null>(null);
  const searching = q.length >= ROLE_SEARCH_MIN;

  let holderList: ReactNode;
  if (holders.error && !holders.data) {
    holderList = (
      <LoadFailed error={holders.error} onRetry={() => void holders.refetch()}>
        Failed to load the admins and partners
      </LoadFailed>
    );
  } else if (!holders.data) {
    holderList = <Skeleton className="h-16 w-full" />;
  } else {
    holderList = <PersonList label="Admins and partners" people={holders.data.items} selfId={profile?.id} onChange={setTarget} />;
  }

  let results: ReactNode = null;
  if (searching && people.error) {
    results = (
      <LoadFailed error={people.error} onRetry={() => void people.refetch()}>
        Failed to search people
      </LoadFailed>
    );
  } else if (searching && people.data) {
    results =
      people.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody’s name or e-mail contains “{q}”.</p>
      ) : (
        <PersonList label="People found" people={people.data.items} selfId={profile?.id} onChange={setTarget} />
      );
  }

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Role management</CardTitle>
        <CardDescription>
          Admins run this console; partners audit cohorts in the partner portal. Taking a role back makes the person a client. Guards keep their role, and
          there is always at least one admin.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section className="grid gap-2">
          <h3 className="font-semibold">Admins and partners</h3>
          {holderList}
        </section>
        <section className="grid gap-2">
          <Label htmlFor={searchId}>Find a person</Label>
          <Input
            id={searchId}
            type="search"
            placeholder="Name or e-mail"
            aria-describedby={hintId}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            Type at least {ROLE_SEARCH_MIN} characters of a name or an e-mail address.
          </p>
          {results}
        </section>
      </CardContent>
      <RoleChangeDialog target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
