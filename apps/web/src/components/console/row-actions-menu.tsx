import type { LucideIcon } from 'lucide-react';
import { MoreHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu.tsx';

export interface RowActionItem {
  label: string;
  Icon: LucideIcon;
  /** Shown in red: the move takes something away (cancels, rejects). */
  destructive?: boolean;
}

interface RowActionsMenuProps<A extends string> {
  /** Who or what the row is, for the button's name: 'Actions for BK-1042'. */
  name: string;
  /** Only what the server would allow; none: no menu. */
  actions: readonly A[];
  items: Record<A, RowActionItem>;
  busy: boolean;
  onAction: (action: A) => void;
}

/** A row's moves in one menu, so a narrow console table keeps one small button per row. */
export function RowActionsMenu<A extends string>({ name, actions, items, busy, onAction }: RowActionsMenuProps<A>) {
  if (actions.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={busy} aria-label={`Actions for ${name}`}>
          <MoreHorizontal aria-hidden="true" />
          Actions
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map((action) => {
          const { label, Icon, destructive } = items[action];
          return (
            <DropdownMenuItem key={action} onSelect={() => onAction(action)} className={destructive ? 'text-destructive' : undefined}>
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
