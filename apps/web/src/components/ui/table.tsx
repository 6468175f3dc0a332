import { createContext, use, useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

/*
 * A console table fits its card or becomes cards. Given `stackBelow`, a table whose card is
 * narrower than that many pixels, or whose columns do not fit the card, shows each row as a card:
 * the row's cells one under another or side by side as the width allows, each with its column's
 * name above it, the row's title across the top and its actions across the bottom, in reach
 * without scrolling sideways. The rows stay the table's rows (their roles are set explicitly, so
 * assistive technology still reads a table). Without `stackBelow` a table never stacks and scrolls
 * sideways inside its container when it is wider than the screen.
 */
const StackedContext = createContext(false);
const HeaderContext = createContext(false);

/** True while the table around shows its rows as cards. */
export function useTableStacked(): boolean {
  return use(StackedContext);
}

/**
 * Whether the container's table shows as cards: below `stackBelow` pixels, or when its columns were
 * wider than the container (until the container is as wide as they needed). Measured before the
 * browser paints, so a page never shows the table first and the cards a moment later; an element
 * not laid out (0 px wide) keeps the table.
 */
function useStacked(stackBelow: number | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const [stacked, setStacked] = useState(false);
  const current = useRef(false);
  const needed = useRef(0);

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el || stackBelow === undefined) return;
    const width = el.clientWidth;
    if (width === 0) return;
    let next: boolean;
    if (width < stackBelow) next = true;
    else if (!current.current) {
      next = el.scrollWidth > width + 1;
      if (next) needed.current = el.scrollWidth;
    } else next = width < needed.current;
    if (next !== current.current) {
      current.current = next;
      setStacked(next);
    }
  }, [stackBelow]);

  // After every render: rows just shown may be wider than the ones before.
  useLayoutEffect(() => measure());
  useEffect(() => {
    const el = ref.current;
    if (stackBelow === undefined || !el) return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [stackBelow, measure]);

  return { ref, stacked: stackBelow !== undefined && stacked };
}

/**
 * A table that scrolls sideways inside its container when it is wider than the screen, or, given
 * `stackBelow`, shows its rows as cards instead (see above). The container takes the keyboard's
 * focus while it may scroll (arrow keys then scroll it), so a table whose rows hold no button or
 * link can still be scrolled without a mouse; it is named after the table.
 */
export function Table({
  className,
  containerClassName,
  stackBelow,
  ...props
}: ComponentProps<'table'> & { containerClassName?: string; stackBelow?: number }) {
  const { ref, stacked } = useStacked(stackBelow);
  return (
    <StackedContext value={stacked}>
      <div
        ref={ref}
        role={props['aria-label'] ? 'region' : undefined}
        aria-label={props['aria-label']}
        tabIndex={stacked ? undefined : 0}
        data-stacked={stacked ? 'true' : undefined}
        className={cn(
          'relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          containerClassName,
        )}
      >
        <table role={stacked ? 'table' : undefined} className={cn('w-full caption-bottom text-sm', stacked && 'block', className)} {...props} />
      </div>
    </StackedContext>
  );
}

/** As cards, the column headers are not shown unless `keepWhenStacked` (a row of sort buttons, say). */
export function TableHeader({ className, keepWhenStacked = false, ...props }: ComponentProps<'thead'> & { keepWhenStacked?: boolean }) {
  const stacked = useTableStacked();
  return (
    <HeaderContext value={true}>
      <thead
        role={stacked ? 'rowgroup' : undefined}
        className={cn('[&_tr]:border-b', stacked && (keepWhenStacked ? 'block' : 'hidden'), className)}
        {...props}
      />
    </HeaderContext>
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  const stacked = useTableStacked();
  return <tbody role={stacked ? 'rowgroup' : undefined} className={cn('[&_tr:last-child]:border-0', stacked && 'block', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  const stacked = useTableStacked();
  const inHeader = use(HeaderContext);
  return (
    <tr
      role={stacked ? 'row' : undefined}
      className={cn(
        'border-b transition-colors hover:bg-muted/50',
        stacked &&
          (inHeader
            ? 'flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2'
            : 'grid grid-cols-[repeat(auto-fill,minmax(min(100%,9.5rem),1fr))] items-start gap-x-4 gap-y-3 p-4'),
        className,
      )}
      {...props}
    />
  );
}

/** A column's header; as cards it is hidden unless `keepWhenStacked`. */
export function TableHead({ className, keepWhenStacked = false, ...props }: ComponentProps<'th'> & { keepWhenStacked?: boolean }) {
  const stacked = useTableStacked();
  return (
    <th
      role={stacked ? 'columnheader' : undefined}
      className={cn(
        'h-11 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
        stacked && (keepWhenStacked ? 'h-auto px-0 py-1' : 'hidden'),
        className,
      )}
      {...props}
    />
  );
}

/** Where a cell goes in a row shown as a card: its title across the top, its actions across the bottom. */
export type StackedPlace = 'title' | 'actions' | 'wide';

const STACKED_PLACE: Record<StackedPlace, string> = {
  title: 'col-span-full font-medium',
  actions: 'col-span-full [&>div]:justify-start [&>div]:flex-wrap',
  wide: 'col-span-full',
};

interface TableCellProps extends ComponentProps<'td'> {
  /** The column's name, shown above the value while the row is a card. */
  label?: ReactNode;
  stackedPlace?: StackedPlace;
}

export function TableCell({ className, label, stackedPlace, children, ...props }: TableCellProps) {
  const stacked = useTableStacked();
  if (!stacked) {
    return (
      <td className={cn('px-3 py-3 align-middle', className)} {...props}>
        {children}
      </td>
    );
  }
  const place = stackedPlace ?? (props.colSpan && props.colSpan > 1 ? 'wide' : undefined);
  return (
    <td
      role="cell"
      // As a card, figures keep to the left, and nothing holds a cell wider than its place: no
      // minimum width, no line that may not wrap (a long name, a reference).
      className={cn(
        'block min-w-0 p-0 wrap-anywhere [&>*]:min-w-0',
        place !== 'actions' && '[&_*]:whitespace-normal',
        className,
        'text-left whitespace-normal',
        place && STACKED_PLACE[place],
      )}
      {...props}
    >
      {label && place !== 'title' && place !== 'actions' ? <span className="block text-xs font-medium text-muted-foreground">{label}</span> : null}
      {children}
    </td>
  );
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}
