import { SHIFT_STATE_LABELS } from '@ops/shared/domain/shift-rules';
import type { BoardDto, BoardRowDto } from '@ops/shared/schemas/shifts';
import { formatKenyanPhone } from '@ops/shared/phone';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { formatDay } from '@/lib/format-console-date.ts';
import { formatTime } from '@/lib/format-date.ts';
import { messageFrom } from '@/lib/notify.ts';
import { useShiftBoard } from '../../api/shift-board.ts';
import { ShiftStateBadge, VerifiedText } from '../shift-state-badge.tsx';
import { ReplaceGuardDialog } from './replace-guard-dialog.tsx';

const COUNTED = ['late', 'no_show', 'incident', 'unstaffed', 'on_post', 'upcoming', 'done'] as const;
const countLabel = (s: (typeof COUNTED)[number]) => (s === 'unstaffed' ? 'No guard' : SHIFT_STATE_LABELS[s]);

/** The operator's Today: every shift of the day with its state, problems first; refreshed every 30 s. */
export function TodayBoard() {
  const board = useShiftBoard();
  if (board.isPending) return <Spinner label="Loading today's shifts" />;
  if (board.isError) return <p className="text-destructive">{messageFrom(board.error, "Today's shifts could not be loaded.")}</p>;
  return <Board board={board.data} />;
}

function Board({ board }: { board: BoardDto }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{formatDay(board.today)}: every shift of the day, the ones that need you first.</p>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7" aria-label="Shifts by state">
        {COUNTED.map((s) => (
          <li key={s} className="rounded-md border p-2 text-center">
            <p className="text-2xl font-bold">{board.counts[s]}</p>
            <p className="text-xs text-muted-foreground">{countLabel(s)}</p>
          </li>
        ))}
      </ul>
      {board.rows.length === 0 ? <p className="text-sm text-muted-foreground">No shifts today.</p> : null}
      {/* Cards on a phone, a table from a tablet on. */}
      <div className="grid gap-3 md:hidden">
        {board.rows.map((row) => (
          <article
            key={key(row)}
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
            {board.rows.map((row) => (
              <TableRow key={key(row)}>
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

const key = (row: BoardRowDto) => `${row.bookingId}-${row.shiftIndex}-${row.guard?.profileId ?? 'seat'}`;

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
