import { cn } from '@/lib/utils.ts';

/** What the badge shows: the count, or '9+' beyond nine. */
export const unreadBadgeText = (count: number) => (count > 9 ? '9+' : String(count));

/** The count on the bell; the button's name carries the same text for screen readers. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[11px] leading-none font-bold text-accent-foreground',
        className,
      )}
    >
      {unreadBadgeText(count)}
    </span>
  );
}
