import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { AdminSearchBox } from './admin-search-box.tsx';
import type { AdminListState } from './use-admin-list-state.ts';

interface FilterSelectProps<V extends string> {
  id: string;
  label: string;
  value: string;
  options: readonly V[];
  optionLabel: (value: V) => string;
  onChange: (value: string) => void;
  className?: string;
}

/** One of a console table's filters: a labelled native select. */
export function FilterSelect<V extends string>({ id, label, value, options, optionLabel, onChange, className = 'w-40' }: FilterSelectProps<V>) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} className={className} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

interface DateRangeFilterProps {
  /** The inputs are `${idPrefix}-from` and `${idPrefix}-to`. */
  idPrefix: string;
  from: string;
  to: string;
  onChange: (key: 'from' | 'to', value: string) => void;
}

/** From and To days of a console table; neither can pass the other. */
export function DateRangeFilter({ idPrefix, from, to, onChange }: DateRangeFilterProps) {
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-from`}>From</Label>
        <Input
          id={`${idPrefix}-from`}
          type="date"
          className="w-40"
          value={from}
          max={to || undefined}
          onChange={(e) => onChange('from', e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-to`}>To</Label>
        <Input id={`${idPrefix}-to`} type="date" className="w-40" value={to} min={from || undefined} onChange={(e) => onChange('to', e.target.value)} />
      </div>
    </>
  );
}

interface SearchAndStatusProps<S extends string> {
  /** The table's list state, whose one filter is its status. */
  list: AdminListState<'status'>;
  /** The search box's label and placeholder, e.g. 'Search guards'. */
  searchLabel: string;
  placeholder: string;
  /** The status filter's id, e.g. 'guards-status'. */
  statusId: string;
  statuses: readonly S[];
  statusLabels: Record<S, string>;
}

/** A search box and a Status filter: the toolbar of a table of people (guards, clients). */
export function SearchAndStatus<S extends string>({ list, searchLabel, placeholder, statusId, statuses, statusLabels }: SearchAndStatusProps<S>) {
  return (
    <>
      <AdminSearchBox state={list} label={searchLabel} placeholder={placeholder} />
      <FilterSelect
        id={statusId}
        label="Status"
        value={list.filters.status}
        options={statuses}
        optionLabel={(status) => statusLabels[status]}
        onChange={(value) => list.setFilter('status', value)}
      />
    </>
  );
}
