import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import type { AdminTableState } from './use-admin-list-state.ts';

/** The search box above a console table; the list follows 300 ms after the last key. */
export function AdminSearchBox({ state, label, placeholder }: { state: AdminTableState; label: string; placeholder: string }) {
  return (
    <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
      <Label htmlFor="admin-table-search">{label}</Label>
      <Input
        id="admin-table-search"
        type="search"
        placeholder={placeholder}
        value={state.searchInput}
        onChange={(event) => state.setSearchInput(event.target.value)}
      />
    </div>
  );
}
