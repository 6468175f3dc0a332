import type { ReactNode } from 'react';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { messageFrom } from '@/lib/notify.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';

/** A console panel's loading, failure (toast and card, with the server's words) and content. */
export function LoadState({
  query,
  label,
  children,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  label: string;
  children: ReactNode;
}) {
  useErrorToast(query.error, messageFrom(query.error));
  if (query.error && query.isPending) {
    return (
      <Card role="alert" className="flex flex-col items-start gap-3 p-6">
        <p className="flex items-center gap-2 font-semibold text-destructive">
          <AlertTriangle className="size-5" aria-hidden="true" />
          Could not load {label}
        </p>
        <p className="text-sm text-muted-foreground">{messageFrom(query.error)}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Card>
    );
  }
  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <p role="status" className="sr-only">
          Loading {label}
        </p>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  return <>{children}</>;
}
