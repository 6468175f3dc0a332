import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex items-center">
      <LoaderCircle className={cn('size-6 animate-spin text-muted-foreground', className)} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner with its words on screen: 'Loading security guards...'. */
export function LoadingMessage({ text, className }: { text: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-3 py-16 text-muted-foreground', className)}>
      <LoaderCircle className="size-8 animate-spin" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
