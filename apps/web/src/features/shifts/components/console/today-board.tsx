import { SHIFT_STATE_LABELS } from '@ops/shared/domain/shift-rules';
import { BOARD_STATES, type BoardDto, type BoardRowDto, type BoardState } from '@ops/shared/schemas/shifts';
import { formatKenyanPhone } from '@ops/shared/phone';
import { AdminTablePager } from '@/components/console/admin-table-pager.tsx';
import { useAdminListState } from '@/components/console/use-admin-list-state.ts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { formatDay } from '@/lib/format-console-date.ts';
import { formatTime } from '@/lib/format-date.ts';
import { messageFrom } from '@/lib/notify.ts';
import { cn } from '@/lib/utils.ts';
import { useShiftBoard } from '../../api/shift-board.ts';
import { ShiftStateBadge, VerifiedText } from '../shift-state-badge.tsx';
import { ReplaceGuardDialog } from './replace-guard-dialog.tsx';

const COUNTED = ['late', 'no_show', 'incident', 'unstaffed', 'on_post', 'upcoming', 'done'] as const;
const countLabel = (s: Exclude<BoardState, 'all'>) => (s === 'unstaffed' ? 'No guard' : SHIFT_STATE_LABELS[s]);

const isBoardState = (value: string): value is BoardState => (BOARD_STATES as readonly string[]).includes(value);

/**
 * The operator's Today: every shift of the day with its state, problems first, a page at a time;
 * a count pressed shows that state's shifts only. The state and page are in the address. Refreshed
 * every 30 s.
 */
export function TodayBoard() {
  const list = useAdminListState<'state'>({ defaultSort: 'state', defaultDir: 'asc', filters: { state: 'all' } });
  const state = isBoardState(list.filters.state) ? list.filters.state : 'all';
  const board = useShiftBoard({ state, page: list.page, pageSize: list.pageSize });
  if (board.isPending) return <Spinner label="Loading today's shifts" />;
  if (board.isError) return <p className="text-destructive">{messageFrom(board.error, "Today's shifts could not be loaded.")}</p>;
  // Pressing the state shown again shows every state.
  const show = (next: BoardState) => list.setFilter('state', next === state ? 'all' : next);
  return (
    <div className="grid gap-4">
      <Board board={board.data} state={state} show={show} />
      {board.data.total > 0 ? <AdminTablePager label="Today's shifts" state={list} data={board.data} /> : null}
    </div>
  );
}

function Board({ board, state, show }: { board: BoardDto; state: BoardState; show: (state: BoardState) => void }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{formatDay(board.today)}: every shift of the day, the ones that need you first.</p>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7" aria-label="Shifts by state">
        {COUNTED.map((s) => (
          <li key={s}>
            <button
              type="button"
              aria-pressed={state === s}
              onClick={() => show(s)}
              className={cn(
                'w-full rounded-md border p-2 text-center hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                state === s && 'border-primary bg-muted',
              )}
            >
              <span className="block text-2xl font-bold">{board.counts[s]}</span>{' '}
              <span className="block text-xs text-muted-foreground">{countLabel(s)}</span>
            </button>
          </li>
        ))}
      </ul>
      {state !== 'all' ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          Showing {countLabel(state).toLowerCase()} only.
          <Button variant="link" className="h-auto p-0" onClick={() => show(state)}>
            Show every shift
          </Button>
        </p>
      ) : null}
      {board.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{state === 'all' ? 'No shifts today.' : `No shifts are ${countLabel(state).toLowerCase()} now.`}</p>
      ) : null}
      {/* Cards on a phone, a table from a tablet on. */}
      <div className="grid gap-3 md:hidden">
        {board.items.map((row, at) => (
          <article
            key={key(row, at)}
            aria-label={`${row.reference} ${row.guard?.fullName ?? 'no guard'}`}
            className="grid gap-2 rounded-lg border p-3 text-sm"
          >
            <div className="flex items-start justify-between gap-2">
              <div>
                <p className="font-semibold">{row.guard?.fullName ?? 'No guard yet'}</p>
                <p className="text-xs text-muted-foreground">
                  {row.reference} · {row.clientName}
                </p>
              </div>
              <ShiftStateBadge state={row.state} />
            </div>
            <p>
              {formatTime(row.start)}–{formatTime(row.end)}, {row.address ? `${row.address}, ` : ''}
              {row.area}
            </p>
            <Recorded row={row} />
            <Actions row={row} />
          </article>
        ))}
      </div>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>State</TableHead>
              <TableHead>Guard</TableHead>
              <TableHead>Shift</TableHead>
              <TableHead>Booking</TableHead>
              <TableHead>Recorded</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {board.items.map((row, at) => (
              <TableRow key={key(row, at)}>
                <TableCell>
                  <ShiftStateBadge state={row.state} />
                </TableCell>
                <TableCell>
                  <p className="font-medium">{row.guard?.fullName ?? 'No guard yet'}</p>
                  {row.guard?.phone ? <p className="text-xs text-muted-foreground">{formatKenyanPhone(row.guard.phone)}</p> : null}
                </TableCell>
                <TableCell>
                  {formatTime(row.start)}–{formatTime(row.end)}
                  <p className="text-xs text-muted-foreground">{row.area}</p>
                </TableCell>
                <TableCell>
                  {row.reference}
                  <p className="text-xs text-muted-foreground">{row.clientName}</p>
                </TableCell>
                <TableCell>
                  <Recorded row={row} />
                </TableCell>
                <TableCell className="text-right">
                  <Actions row={row} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

/** A guard's row by the guard; an empty seat by its place, since a team booking may have several. */
const key = (row: BoardRowDto, at: number) => `${row.bookingId}-${row.shiftIndex}-${row.guard?.profileId ?? `seat-${at}`}`;

function Recorded({ row }: { row: BoardRowDto }) {
  if (!row.check.checkedInAt) return <span className="text-xs text-muted-foreground">No check-in</span>;
  return (
    <span className="text-xs">
      In {formatTime(row.check.checkedInAt)}
      {row.check.checkedOutAt ? `, out ${formatTime(row.check.checkedOutAt)}` : ''} · <VerifiedText verified={row.check.verified} />
      {row.noCheckOut ? <span className="text-destructive"> · no check-out</span> : null}
      {row.incidents > 0 ? <span> · {row.incidents === 1 ? '1 incident' : `${row.incidents} incidents`}</span> : null}
    </span>
  );
}

function Actions({ row }: { row: BoardRowDto }) {
  const replaceable =
    row.guard && (row.state === 'late' || row.state === 'no_show' || row.state === 'upcoming' || row.state === 'on_post' || row.state === 'incident');
  return replaceable && row.guard ? <ReplaceGuardDialog bookingId={row.bookingId} reference={row.reference} guard={row.guard} /> : null;
}
