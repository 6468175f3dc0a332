import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Download, X } from 'lucide-react';
import type { ActivityRow } from '@ops/shared/schemas/admin';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { cn } from '@/lib/utils.ts';
import { formatNairobiDateTime } from '@/lib/format-console-date.ts';
import { useAdminListState, type AdminListState } from '@/components/console/use-admin-list-state.ts';
import { AdminSearchBox } from '@/components/console/admin-search-box.tsx';
import { AdminTable, fromQuery } from '@/components/console/admin-table.tsx';
import { activityCsvHref, useAdminActivity } from '../../api/get-admin-activity.ts';
import { ACTIVITY_FILTER_ACTIONS, actionWords, changeWords, recordWords } from './activity-words.ts';

export const ACTIVITY_LOAD_FAILED = 'Failed to fetch activity data';

type ActivityFilter = 'action' | 'actor' | 'subject' | 'from' | 'to';
const FILTERS: Record<ActivityFilter, string> = { action: '', actor: '', subject: '', from: '', to: '' };

function PersonButton({ name, onPick, label }: { name: string; onPick: () => void; label: string }) {
  return (
    <button
      type="button"
      onClick={onPick}
      aria-label={label}
      className="text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {name}
    </button>
  );
}

function activityColumns(list: AdminListState<ActivityFilter>): ColumnDef<ActivityRow>[] {
  return [
    {
      id: 'created',
      header: 'Time',
      meta: { sortKey: 'created', firstDir: 'desc' },
      cell: ({ row: { original: e } }) => (
        <time dateTime={e.createdAt} className="whitespace-nowrap">
          {formatNairobiDateTime(e.createdAt)}
        </time>
      ),
    },
    {
      id: 'actor',
      header: 'By',
      cell: ({ row: { original: e } }) => (
        <PersonButton name={e.actorName} label={`Only actions by ${e.actorName}`} onPick={() => list.setFilter('actor', e.actorProfileId)} />
      ),
    },
    { id: 'action', header: 'Action', cell: ({ row: { original: e } }) => <span className="whitespace-nowrap">{actionWords(e.action)}</span> },
    {
      id: 'record',
      header: 'Record',
      // The record by its name (a booking's reference, a person, a course and its first day); its id only in the tooltip and the CSV.
      cell: ({ row: { original: e } }) => (
        // Wraps: a course and its first day would push the table past a 1280 px screen.
        <span className="inline-block min-w-40" title={e.recordId ?? undefined}>
          {recordWords(e.recordType)}
          {e.recordName ? <span className="text-muted-foreground"> {e.recordName}</span> : null}
        </span>
      ),
    },
    {
      id: 'subject',
      header: 'About',
      cell: ({ row: { original: e } }) =>
        e.subjectProfileId && e.subjectName ? (
          <PersonButton
            name={e.subjectName}
            label={`Only actions about ${e.subjectName}`}
            onPick={() => list.setFilter('subject', e.subjectProfileId ?? '')}
          />
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: 'change',
      header: 'Change',
      cell: ({ row: { original: e } }) => {
        const text = changeWords(e.readable.before, e.readable.after);
        return (
          <span className="line-clamp-2 max-w-72 min-w-40 text-muted-foreground" title={text}>
            {text}
          </span>
        );
      },
    },
  ];
}

/** The audit trail: who did what to which record and whom, newest first; exportable as CSV. */
export function ActivityView() {
  const list = useAdminListState<ActivityFilter>({ defaultSort: 'created', defaultDir: 'desc', filters: FILTERS });
  const activity = useAdminActivity(list.apiQuery);
  const columns = useMemo(() => activityColumns(list), [list]);
  const { actor, subject, from, to } = list.filters;

  return (
    <AdminTable
      label="Activity"
      columns={columns}
      state={list}
      {...fromQuery(activity)}
      errorMessage={ACTIVITY_LOAD_FAILED}
      getRowId={(e) => e.id}
      emptyTitle="No activity found"
      emptyText="Nothing recorded matches these filters."
      toolbar={
        <>
          <AdminSearchBox state={list} label="Search people" placeholder="Who acted, or whom it was about" />
          <div className="grid gap-1.5">
            <Label htmlFor="activity-action">Action</Label>
            <NativeSelect id="activity-action" className="w-52" value={list.filters.action} onChange={(e) => list.setFilter('action', e.target.value)}>
              <option value="">All actions</option>
              {ACTIVITY_FILTER_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {actionWords(action)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="activity-from">From</Label>
            <Input
              id="activity-from"
              type="date"
              className="w-40"
              value={from}
              max={to || undefined}
              onChange={(e) => list.setFilter('from', e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="activity-to">To</Label>
            <Input
              id="activity-to"
              type="date"
              className="w-40"
              value={to}
              min={from || undefined}
              onChange={(e) => list.setFilter('to', e.target.value)}
            />
          </div>
          {actor || subject ? (
            <Button variant="outline" onClick={() => list.setFilters({ actor: '', subject: '' })}>
              <X aria-hidden="true" />
              Everyone
            </Button>
          ) : null}
          <a href={activityCsvHref(list.apiQuery)} download className={cn(buttonVariants({ variant: 'outline' }), 'ml-auto')}>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </>
      }
    />
  );
}
