import type { ReactNode } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';

interface AttentionGroupProps {
  id: string;
  title: string;
  /** How many there are in all; the list holds the most urgent few. */
  total: number;
  shown: number;
  /** Where the operator deals with them. */
  action?: ReactNode;
  children: ReactNode;
}

/** One kind of work waiting: its count big, its most urgent entries, and the way to them. */
export function AttentionGroup({ id, title, total, shown, action, children }: AttentionGroupProps) {
  const titleId = `attention-${id}`;
  return (
    <Card role="region" aria-labelledby={titleId} className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3 pb-3">
        <h3 id={titleId} className="text-base leading-tight font-semibold">
          {title}
        </h3>
        <p className={total > 0 ? 'text-3xl leading-none font-bold tabular-nums' : 'text-3xl leading-none font-bold text-muted-foreground tabular-nums'}>
          <span className="sr-only">Total: </span>
          {total}
        </p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        {total === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
            Nothing needs attention
          </p>
        ) : (
          <>
            <ul className="divide-y">{children}</ul>
            {total > shown ? <p className="text-sm text-muted-foreground">and {total - shown} more</p> : null}
            {action ? <div className="mt-auto pt-1">{action}</div> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
