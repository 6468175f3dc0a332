import { GUARD_SORT_LABELS, GUARD_SORTS, SPECIALIZATIONS, type GuardSort, type Specialization } from '@ops/shared/constants';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { hasActiveFilters, type GuardFilters } from '../utils/guard-list-params.ts';

interface GuardFiltersBarProps {
  filters: GuardFilters;
  onChange: (changes: Partial<GuardFilters>) => void;
  onClear: () => void;
}

const isSpecialization = (value: string): value is Specialization => SPECIALIZATIONS.some((s) => s === value);
const isSort = (value: string): value is GuardSort => GUARD_SORTS.some((s) => s === value);

export function GuardFiltersBar({ filters, onChange, onClear }: GuardFiltersBarProps) {
  return (
    <section
      aria-label="Filters"
      className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto_auto] lg:items-end"
    >
      <div className="grid gap-2">
        <Label htmlFor="guard-specialization">Specialization</Label>
        <NativeSelect
          id="guard-specialization"
          value={filters.specialization ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ specialization: isSpecialization(value) ? value : null });
          }}
        >
          <option value="">All specializations</option>
          {SPECIALIZATIONS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="guard-sort">Sort by</Label>
        <NativeSelect
          id="guard-sort"
          value={filters.sort}
          onChange={(event) => {
            const value = event.target.value;
            if (isSort(value)) onChange({ sort: value });
          }}
        >
          {GUARD_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {GUARD_SORT_LABELS[sort]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex min-h-10 items-center gap-3">
        <Switch id="guard-available" checked={filters.available} onCheckedChange={(checked) => onChange({ available: checked })} />
        <Label htmlFor="guard-available">Available now</Label>
      </div>
      <div className="flex min-h-10 items-center gap-3">
        <Switch id="guard-high-risk" checked={filters.highRisk} onCheckedChange={(checked) => onChange({ highRisk: checked })} />
        <Label htmlFor="guard-high-risk">High-risk certified</Label>
      </div>
      <div className="flex min-h-10 items-center gap-3">
        <Checkbox id="guard-certified" checked={filters.certified} onCheckedChange={(checked) => onChange({ certified: checked === true })} />
        <Label htmlFor="guard-certified">Academy Certified</Label>
      </div>
      {hasActiveFilters(filters) ? (
        <Button variant="ghost" onClick={onClear} className="justify-self-start">
          Clear filters
        </Button>
      ) : null}
    </section>
  );
}
