import { useId, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, Shuffle } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/form-field.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/utils.ts';
import { useGuards } from '../api/get-guards.ts';

export interface PickedGuard {
  id: string;
  name: string;
}

interface GuardPickerProps {
  selected: PickedGuard | null;
  onSelect: (guard: PickedGuard | null) => void;
  error?: string | undefined;
}

const PAGE_SIZE = 6;
const ANY = 'any';

function Choice({ id, value, checked, children }: { id: string; value: string; checked: boolean; children: ReactNode }) {
  return (
    <label
      htmlFor={`${id}-${value}`}
      className={cn('flex cursor-pointer items-center gap-3 rounded-lg border p-3 hover:bg-muted', checked && 'border-primary ring-1 ring-primary')}
    >
      <RadioGroupItem id={`${id}-${value}`} value={value} />
      {children}
    </label>
  );
}

/** Choose one of the available guards, or let the provider assign one. */
export function GuardPicker({ selected, onSelect, error }: GuardPickerProps) {
  const id = useId();
  const [page, setPage] = useState(1);
  const guards = useGuards({ available: true, sort: 'rating', page, pageSize: PAGE_SIZE });
  const items = guards.data?.items ?? [];
  const pinned = selected && !items.some((g) => g.id === selected.id) ? selected : null;
  const pages = guards.data ? Math.max(1, Math.ceil(guards.data.total / PAGE_SIZE)) : 1;

  const choose = (value: string) => {
    if (value === ANY) return onSelect(null);
    const guard = items.find((g) => g.id === value);
    onSelect(guard ? { id: guard.id, name: guard.displayName } : selected);
  };

  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm leading-none font-medium">
        Guard
      </p>
      {/* Near the top: after a refusal the client lands here and must see why without scrolling. */}
      <FieldError id={`${id}-error`} message={error} />
      <RadioGroup
        value={selected?.id ?? ANY}
        onValueChange={choose}
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        className="gap-2"
      >
        {pinned ? (
          <Choice id={id} value={pinned.id} checked>
            <Avatar name={pinned.name} src={null} size="sm" />
            <span className="font-medium">{pinned.name}</span>
          </Choice>
        ) : null}
        {items.map((guard) => (
          <Choice key={guard.id} id={id} value={guard.id} checked={selected?.id === guard.id}>
            <Avatar name={guard.displayName} src={guard.avatarUrl} size="sm" />
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="truncate font-medium">{guard.displayName}</span>
              <span className="truncate text-xs text-muted-foreground">
                {guard.specialization ?? 'Security Guard'}
                {guard.averageRating !== null && guard.reviewCount > 0 ? ` · ${guard.averageRating.toFixed(1)}★` : ''}
              </span>
              {guard.rateHourly ? <span className="text-xs text-muted-foreground sm:hidden">{formatKes(guard.rateHourly)}/hour</span> : null}
            </span>
            {guard.rateHourly ? (
              <span className="hidden text-xs whitespace-nowrap text-muted-foreground sm:inline">{formatKes(guard.rateHourly)}/hour</span>
            ) : null}
          </Choice>
        ))}
        <Choice id={id} value={ANY} checked={selected === null}>
          <Shuffle className="size-5 text-muted-foreground" aria-hidden="true" />
          <span className="grid gap-0.5">
            <span className="font-medium">Any available guard</span>
            <span className="text-xs text-muted-foreground">We assign a vetted guard for you.</span>
          </span>
        </Choice>
      </RadioGroup>
      {guards.isPending ? <Spinner label="Loading guards" className="size-5" /> : null}
      {guards.isError ? <p className="text-sm text-muted-foreground">Other guards could not be loaded right now.</p> : null}
      {pages > 1 ? (
        <div className="flex items-center justify-between gap-2">
          <Button variant="ghost" size="sm" onClick={() => setPage((p) => p - 1)} disabled={page <= 1 || guards.isFetching}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <span className="text-xs text-muted-foreground">
            Page {page} of {pages}
          </span>
          <Button variant="ghost" size="sm" onClick={() => setPage((p) => p + 1)} disabled={page >= pages || guards.isFetching}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
